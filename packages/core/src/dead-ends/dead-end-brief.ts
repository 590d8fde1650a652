import type { DeadEnd } from './dead-end-types.js';
import { neutralizeMarkup } from '../text/index.js';

/** The first line of every dead-end brief. */
export const DEAD_END_BRIEF_HEADER = '[cairn:dead-ends] Known dead ends — do not repeat these unchanged:';

/**
 * A compact "known dead ends" brief: one line per dead end, in the order given (pass them most
 * relevant first, e.g. from `DeadEndTracker.list`), saying what was tried, why it failed and how
 * often, as many as fit in `maxTokens`: every lesson first as a short line (the tool and the
 * reason; calls of one tool that failed for the same reason share a line), then whole lines (the
 * call's arguments too) where room is left. Content is neutralised
 * so it cannot imitate cairn markers.
 * Empty when no dead end is given or not even the header and one line fit.
 *
 * @param deadEnds - Dead ends, most relevant first (stale ones are shown as possibly outdated).
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
  return composeBrief(deadEnds, maxTokens, countTokens).text;
}

/**
 * Chooses and renders a brief: as many dead ends as fit in rank order as short lines (the tool
 * and the reason: the lesson), then, in rank order, each upgraded to its whole line (what exactly
 * was tried) while room is left; shown in `showOrder` (default: rank
 * order, which `chosen` follows too). Each line is counted once; the result is counted exactly and the lowest-ranked lines are
 * dropped should the joined text count more than its lines did. @internal
 */
export function composeBrief(
  ranked: readonly DeadEnd[],
  maxTokens: number,
  countTokens: (text: string) => number,
  showOrder?: (a: DeadEnd, b: DeadEnd) => number,
  counts: BriefCounts = 'exact',
): { text: string; chosen: DeadEnd[] } {
  // As many lessons as fit first (short lines; calls of one tool that failed for the same reason
  // share one line), then the details (whole lines) where room is left.
  const picks: { deadEnd: DeadEnd; members: DeadEnd[]; key: string; line: string; whole: string; tokens: number }[] = [];
  const byKey = new Map<string, (typeof picks)[number]>();
  let used = countTokens(DEAD_END_BRIEF_HEADER);
  for (const deadEnd of ranked) {
    const [whole, short] = briefLines(deadEnd, counts);
    const key = `${deadEnd.trace.toolName ?? deadEnd.trace.approach}\u0000${deadEnd.reason}`;
    const shared = deadEnd.trace.toolName ? byKey.get(key) : undefined;
    if (shared) {
      const line = groupLine([...shared.members, deadEnd], counts);
      const tokens = countTokens(`\n${line}`);
      if (used - shared.tokens + tokens > maxTokens) continue;
      used += tokens - shared.tokens;
      Object.assign(shared, { line, tokens });
      shared.members.push(deadEnd);
      continue;
    }
    const tokens = countTokens(`\n${short}`);
    if (used + tokens > maxTokens) continue;
    const pick = { deadEnd, members: [deadEnd], key, line: short, whole, tokens };
    picks.push(pick);
    byKey.set(key, pick);
    used += tokens;
  }
  for (const pick of picks) {
    if (pick.members.length > 1) continue;
    const tokens = countTokens(`\n${pick.whole}`);
    if (used - pick.tokens + tokens > maxTokens) continue;
    used += tokens - pick.tokens;
    pick.line = pick.whole;
    pick.tokens = tokens;
  }
  const shown = (): typeof picks => (showOrder ? [...picks].sort((a, b) => showOrder(a.deadEnd, b.deadEnd)) : picks);
  const render = (): string => [DEAD_END_BRIEF_HEADER, ...shown().map((pick) => pick.line)].join('\n');
  let text = render();
  while (picks.length > 0 && countTokens(text) > maxTokens) {
    picks.pop();
    text = render();
  }
  return picks.length === 0 ? { text: '', chosen: [] } : { text, chosen: shown().flatMap((pick) => (showOrder ? [...pick.members].sort(showOrder) : pick.members)) };
}

/**
 * How a brief shows counts: `exact` (`failed 7×`, `4 different calls`), or `coarse`: exact up to
 * two, then the largest of 3, 5, 10, 20, 50, 100, 200, 500… not above the count, as a floor
 * (`failed 5+×`), so a line changes at a few counts only. @internal
 */
export type BriefCounts = 'exact' | 'coarse';

/** The largest of 3, 5, 10, 20, 50, 100, 200, 500, 1000… that is at most `count` (at least 3). */
export function countFloor(count: number): number {
  if (count < 5) return 3;
  let floor = 5;
  for (let step = 0; ; step++) {
    const next = step % 3 === 2 ? floor * 2.5 : floor * 2;
    if (next > count) return floor;
    floor = next;
  }
}

/** `count` as a brief shows it: the number, or past two under `coarse` counts its floor and "+" (as short as the number). */
function shownCount(count: number, counts: BriefCounts): string {
  return counts === 'coarse' && count > 2 ? `${countFloor(count)}+` : `${count}`;
}

/** One line for several calls of one tool that failed for the same reason. */
function groupLine(members: readonly DeadEnd[], counts: BriefCounts): string {
  const first = members[0]!;
  const failures = members.reduce((sum, deadEnd) => sum + deadEnd.frequency, 0);
  return neutralizeMarkup(`- ${first.trace.toolName}(…) — ${shownCount(members.length, counts)} different calls, failed ${shownCount(failures, counts)}× in all: ${first.reason}`);
}

/** A dead end's brief line, whole and then short (the tool name and the reason). */
function briefLines(deadEnd: DeadEnd, counts: BriefCounts): [string, string] {
  const times = deadEnd.frequency === 1 ? 'failed once' : `failed ${shownCount(deadEnd.frequency, counts)}×`;
  // A stale dead end stays in view (what failed, and why), marked as possibly outdated.
  // A transient fault is shown as such: a retry may work.
  const state = deadEnd.transient ? 'transient, a retry may work' : deadEnd.stale ? 'since changed, may work now' : deadEnd.status === 'dead' ? 'dead end' : 'suspect';
  // The failure class too, when it is not transient (said already): permanent, or unknown.
  const status = deadEnd.transient || deadEnd.failureClass === undefined || deadEnd.failureClass === 'transient' ? state : `${state}, ${deadEnd.failureClass === 'permanent' ? 'permanent' : 'unknown class'}`;
  const approach = deadEnd.trace.approach.replace(/\s+/g, ' ');
  // The lesson before the details: when the whole line does not fit, the call is cut short and
  // the reason stays.
  // The whole line also says what the failure before said, when that was something else.
  const before = deadEnd.previousReason === undefined ? '' : ` (before that: ${deadEnd.previousReason})`;
  return [neutralizeMarkup(`- ${approach} — ${times} (${status}): ${deadEnd.reason}${before}`), neutralizeMarkup(`- ${shortApproach(deadEnd, approach)} — ${times}: ${deadEnd.reason}`)];
}

/** Characters of the approach a shortened brief line keeps. */
const SHORT_APPROACH_CHARS = 48;

/** The tool name, or the approach's first words. */
function shortApproach(deadEnd: DeadEnd, approach: string): string {
  if (deadEnd.trace.toolName) return `${deadEnd.trace.toolName}(…)`;
  return approach.length <= SHORT_APPROACH_CHARS ? approach : `${approach.slice(0, SHORT_APPROACH_CHARS - 1)}…`;
}
