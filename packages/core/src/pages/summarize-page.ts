import { extractAnchors } from '../text/index.js';
import { argumentsText, contentText } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';

/** Negations and failures: the logical negative proof the seed says a summary must keep. */
const NEGATION =
  /\b(?:not|no|never|none|nothing|nobody|neither|nor|cannot|without|instead|wrong|incorrect|false|fail(?:ed|s|ure)?|error|refused?|rejected?|avoid)\b|n['’]t\b/i;
/** Corrections and changes of mind. */
const CORRECTION = /\b(?:actually|correction|rather|turns? out|in fact|update[sd]?|changed?|revised?|mistake|instead of|i meant?)\b/i;
/** Conclusions, decisions, results. */
const CONCLUSION =
  /(?:^|[,;:]\s*)so\b(?!\s+(?:much|many|far|good|great))|\b(?:therefore|thus|hence|decided?|decision|conclu\w*|final(?:ly)?|agreed?|results?|resulted|done|fixed|solved|chose|choose|answer|will|going to|plan(?:ned|s)?)\b/i;
/** The chain of reasoning. */
const REASONING = /\b(?:because|since|due to|reason|caused?|means|if|then|implies|so that|which is why)\b/i;
/** Where a sentence ends: after `.!?…` and blanks, or at a line break. */
const SENTENCE_BREAK = /(?<=[.!?…])\s+|\n+/;
/** Characters of one message scanned for sentences (longer text keeps its first and last part). */
const MAX_SCANNED_CHARS = 200_000;

/** True when a sentence carries effective information by the seed's summary rule. */
function carries(sentence: string): boolean {
  if (sentence.endsWith('?')) return true;
  if (NEGATION.test(sentence) || CORRECTION.test(sentence) || CONCLUSION.test(sentence) || REASONING.test(sentence)) return true;
  return extractAnchors(sentence, { maxAnchors: 1 }).length > 0;
}

/** What a kept sentence does in the logical thread (`undefined`: filler). @internal */
export type SentenceRole = 'conflict' | 'conclusion' | 'reasoning' | 'fact';

/** The role of a sentence: negation or correction (a conflict), conclusion, reasoning, anchor or question (a fact). @internal */
export function sentenceRole(sentence: string): SentenceRole | undefined {
  if (NEGATION.test(sentence) || CORRECTION.test(sentence)) return 'conflict';
  if (CONCLUSION.test(sentence)) return 'conclusion';
  if (REASONING.test(sentence)) return 'reasoning';
  if (sentence.endsWith('?') || extractAnchors(sentence, { maxAnchors: 1 }).length > 0) return 'fact';
  return undefined;
}

/** The sentences of a text, blanks folded (long text: its first and last part). @internal */
export function sentencesOf(text: string): string[] {
  return scanned(text)
    .split(SENTENCE_BREAK)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length > 0);
}

function scanned(text: string): string {
  if (text.length <= MAX_SCANNED_CHARS) return text;
  const half = MAX_SCANNED_CHARS / 2;
  return `${text.slice(0, half)}\n…\n${text.slice(-half)}`;
}

/**
 * The sentences of a text that carry effective information: every sentence with a negation or
 * failure, a correction, a conclusion or decision, a step of reasoning, a question, or an anchor
 * (ids, numbers, dates, paths, names). Filler ("Thanks!", "Sounds great.") is left out. No length
 * cap: the content decides the summary's size (the view's budget decides what is shown). When
 * nothing qualifies, the first sentence stands for the text (its topic).
 *
 * @param text - Any text.
 * @returns The kept sentences, in order, joined by a space.
 * @example
 * ```ts
 * refineText('Hi! We tried port 8080. It did not work, so we use 9090.'); // 'We tried port 8080. It did not work, so we use 9090.'
 * ```
 */
export function refineText(text: string): string {
  const sentences = scanned(text)
    .split(SENTENCE_BREAK)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length > 0);
  if (sentences.length === 0) return '';
  const kept = sentences.filter(carries);
  return (kept.length > 0 ? kept : sentences.slice(0, 1)).join(' ');
}

/**
 * The summary of an original page (one unit) by the seed's rule: the minimum refinement that
 * keeps the logical thread — per message, who spoke and the sentences that carry the chain of
 * reasoning, conclusions, negations and corrections and every anchor; a tool call as its name
 * and arguments, its result refined the same way (errors marked). Extractive and deterministic.
 *
 * @param messages - The unit's stored messages, lead first.
 * @returns One line per message.
 */
export function summarizePage(messages: readonly CairnMessage[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    const speaker = message.name ? `${message.role} ${message.name}` : message.role;
    const text = refineText(contentText(message.content));
    if (message.role === 'tool') {
      lines.push(`${message.isError ? 'error from' : 'result of'} ${message.name ?? 'tool'}: ${text}`);
      continue;
    }
    if (text.length > 0) lines.push(`${speaker}: ${text}`);
    for (const call of message.toolCalls ?? []) lines.push(`${speaker} called ${call.name}(${refineText(argumentsText(call.arguments))})`);
  }
  return lines.join('\n');
}
