import type { CairnMessage } from '@cairn/core';
import { contentWords, textWords, wordCoverage } from './content-words.js';
import { type BenchmarkViewMessage, messageText, renderedFidelity, renderedIds } from './view-text.js';

/** Share of an evidence message's content words a compressed rendering must keep to count. */
export const EVIDENCE_WORD_SHARE = 0.5;
/** Shortest evidence text that counts when found verbatim anywhere in the view. */
const MIN_VERBATIM_CHARS = 20;

/** Input of {@link evidenceRecall}. */
export interface EvidenceRecallOptions {
  /** The view assembled for the probe's question. */
  view: readonly BenchmarkViewMessage[];
  /** The probe's evidence messages, as the session holds them. */
  evidence: readonly CairnMessage[];
  /** The probe's expected answer, when it has one. */
  answer?: string;
  /** The view's text, when the caller already has it. */
  text?: string;
}

/** True when a view message stands for the message `id` (by `sourceIds`, or its own id). */
function represents(message: BenchmarkViewMessage, id: string): boolean {
  return renderedIds(message).includes(id);
}

/** True when `rendering` keeps what matters of `original`. */
function keepsEvidence(rendering: BenchmarkViewMessage, originalText: string, answerWords: readonly string[]): boolean {
  if (renderedFidelity(rendering) === 'placeholder') return false;
  const text = messageText(rendering);
  if (text === originalText || text.includes(originalText)) return true;
  const renderedWords = new Set(textWords(text));
  const answerInOriginal = answerWords.length > 0 && wordCoverage(answerWords, new Set(textWords(originalText))) === 1;
  if (answerInOriginal) return wordCoverage(answerWords, renderedWords) === 1;
  return wordCoverage(contentWords(originalText), renderedWords) > EVIDENCE_WORD_SHARE;
}

/**
 * Evidence recall of one probe: the share of its evidence messages whose content the view holds.
 * A message counts when a view message renders it in full, or compressed such that the answer is
 * still there (or, when the answer is not in that message, more than half of its content words);
 * a placeholder does not count. A message whose text (20+ characters) appears verbatim anywhere
 * in the view counts too, whatever id the strategy gave it.
 *
 * @param options - The view, the evidence messages and the answer.
 * @returns A share from 0 to 1, or `undefined` when there is no evidence.
 *
 * @example
 * ```ts
 * evidenceRecall({ view, evidence: [session.messages[3]!], answer: 'CUST-48213' }); // 1 when kept
 * ```
 */
export function evidenceRecall({ view, evidence, answer, text }: EvidenceRecallOptions): number | undefined {
  if (evidence.length === 0) return undefined;
  const answerWords = answer === undefined ? [] : contentWords(answer);
  let whole: string | undefined = text;
  let found = 0;
  for (const message of evidence) {
    const originalText = messageText(message);
    const kept = view.some((rendering) => represents(rendering, message.id) && keepsEvidence(rendering, originalText, answerWords));
    if (kept) {
      found += 1;
      continue;
    }
    if (originalText.length >= MIN_VERBATIM_CHARS) {
      whole ??= view.map(messageText).join('\n\n');
      if (whole.includes(originalText)) found += 1;
    }
  }
  return found / evidence.length;
}
