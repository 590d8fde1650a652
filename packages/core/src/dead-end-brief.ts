import type { DeadEnd } from './dead-end-types.js';
import { neutralizeMarkup } from './neutralize-markup.js';

/** The first line of every dead-end brief. */
export const DEAD_END_BRIEF_HEADER = '[cairn:dead-ends] Known dead ends — do not repeat these unchanged:';

/**
 * A compact "known dead ends" brief: one line per dead end, in the order given (pass them most
 * relevant first, e.g. from `DeadEndTracker.list`), saying what was tried, why it failed and how
 * often, as many as fit in `maxTokens` (a line that does not fit whole is shortened to the tool
 * name and the reason). Content is neutralised so it cannot imitate cairn markers.
 * Empty when no dead end is given or not even the header and one line fit.
 *
 * @param deadEnds - Dead ends, most relevant first; stale ones are left out.
 * @param maxTokens - The most tokens the brief may cost.
 * @param countTokens - Counts the tokens of a text.
 * @returns The brief, starting with `[cairn:dead-ends]`, or `''`.
 *
 * @example
 * ```ts
 * briefText(tracker.list({ topK: 5, direction }), 200, (text) => counter.count(text));
 * ```
 */
export function briefText(deadEnds: readonly DeadEnd[], maxTokens: number, countTokens: (text: string) => number): string {
  let brief = DEAD_END_BRIEF_HEADER;
  let lines = 0;
  for (const deadEnd of deadEnds) {
    const times = deadEnd.frequency === 1 ? 'failed once' : `failed ${deadEnd.frequency}×`;
    // A stale dead end stays in view (what failed, and why), marked as possibly outdated.
    const status = deadEnd.stale ? 'since changed, may work now' : deadEnd.status === 'dead' ? 'dead end' : 'suspect';
    const approach = deadEnd.trace.approach.replace(/\s+/g, ' ');
    // The lesson before the details: when the whole line does not fit, the call is cut short
    // and the reason stays.
    const whole = neutralizeMarkup(`- ${approach} — ${times} (${status}): ${deadEnd.reason}`);
    const short = neutralizeMarkup(`- ${shortApproach(deadEnd, approach)} — ${times}: ${deadEnd.reason}`);
    const candidate = [whole, short].map((line) => `${brief}\n${line}`).find((text) => countTokens(text) <= maxTokens);
    if (candidate === undefined) continue;
    brief = candidate;
    lines++;
  }
  return lines === 0 ? '' : brief;
}

/** Characters of the approach a shortened brief line keeps. */
const SHORT_APPROACH_CHARS = 48;

/** The tool name, or the approach's first words. */
function shortApproach(deadEnd: DeadEnd, approach: string): string {
  if (deadEnd.trace.toolName) return `${deadEnd.trace.toolName}(…)`;
  return approach.length <= SHORT_APPROACH_CHARS ? approach : `${approach.slice(0, SHORT_APPROACH_CHARS - 1)}…`;
}
