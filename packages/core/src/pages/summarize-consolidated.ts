import { extractAnchors, extractTerms } from '../text/index.js';
import { contentText, type SessionLog } from '../log/index.js';
import { sentenceRole, sentencesOf, type SentenceRole } from './summarize-page.js';

/** Distinct content terms that make a plain sentence a fact (with `plainFacts`). */
export const PLAIN_FACT_TERMS = 3;

/** Distinct anchors a consolidated summary lists. */
const MAX_ANCHORS = 40;

/** Section order of a consolidated summary: what was settled first, then how it got there. */
const SECTIONS: readonly { role: SentenceRole; title: string }[] = [
  { role: 'conclusion', title: 'conclusions (the last are final)' },
  { role: 'conflict', title: 'conflicts and corrections' },
  { role: 'reasoning', title: 'reasoning' },
  { role: 'fact', title: 'facts' },
];

/**
 * The extractive summary of a consolidated page, by the seed's rule for consolidated pages —
 * the whole logical thread, conflicts kept: an `anchors:` line (the ids, numbers, dates, paths
 * and names of its pages, first seen first), then its kept sentences in four sections, each in
 * log order: conclusions (the last are the final consensus), conflicts and corrections
 * (negations, failures, changes of mind), reasoning (because, if, so that …) and the remaining
 * facts (anchors, questions). Each sentence names its sub-page (`[3]`, the 1-based position in
 * `children`) and speaker, so the evolution of the reasoning can be read across sub-pages and
 * one consult away. A sentence said twice is kept once. No length cap: the view's budget
 * decides how much is shown. Deterministic.
 *
 * @param log - The session log.
 * @param children - The unit ranges of the page's sub-pages, in log order.
 * @param plainFacts - Also keep, as facts, plain sentences with {@link PLAIN_FACT_TERMS} or more distinct content terms.
 * @returns Lines of text.
 */
export function summarizeConsolidated(log: SessionLog, children: readonly { first: number; last: number }[], plainFacts = false): string {
  const anchors = new Map<string, true>();
  const sections = new Map<SentenceRole, string[]>(SECTIONS.map(({ role }) => [role, []]));
  const seen = new Set<string>();
  children.forEach(({ first, last }, position) => {
    for (let unit = first; unit <= last; unit++) {
      for (const message of log.unitMessages(unit)) {
        const speaker = `${message.isError ? 'error from ' : ''}${message.name ?? message.role}`;
        for (const call of message.toolCalls ?? []) sections.get('fact')!.push(`[${position + 1} ${speaker}] called ${call.name}`);
        for (const sentence of sentencesOf(contentText(message.content))) {
          const role = sentenceRole(sentence) ?? (plainFacts && new Set(extractTerms(sentence)).size >= PLAIN_FACT_TERMS ? 'fact' : undefined);
          if (role === undefined || seen.has(sentence)) continue;
          seen.add(sentence);
          if (anchors.size < MAX_ANCHORS) for (const anchor of extractAnchors(sentence, { maxAnchors: 8 })) if (anchors.size < MAX_ANCHORS) anchors.set(anchor.text, true);
          sections.get(role)!.push(`[${position + 1} ${speaker}] ${sentence}`);
        }
      }
    }
  });
  const lines: string[] = [];
  if (anchors.size > 0) lines.push(`anchors: ${[...anchors.keys()].join(', ')}`);
  for (const { role, title } of SECTIONS) {
    const kept = sections.get(role)!;
    if (kept.length > 0) lines.push(`${title}:`, ...kept.map((sentence) => `  ${sentence}`));
  }
  return lines.join('\n');
}
