import type { GuardMeasurement } from './measure-guard.js';

/** One row of {@link formatGuardTable}. */
export interface GuardTableRow {
  name: string;
  measurement: GuardMeasurement;
}

const ratio = (part: number, whole: number): string => (whole === 0 ? '—' : (part / whole).toFixed(3));
const percent = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(2)}%`);

/**
 * A Markdown table of guard measurements: calls, true dead-end repeats (exact, near), the
 * tracker's exact and near recall and false-flag rate (of all other calls), and the naive guard's.
 *
 * @example
 * ```ts
 * console.log(formatGuardTable([{ name: 'tau tune', measurement }]));
 * ```
 */
export function formatGuardTable(rows: readonly GuardTableRow[]): string {
  const lines = [
    '| set | runs | calls | exact repeats failing again (same error; into unchanged state) | near repeats failing again (into unchanged state) | repeats that succeeded | guard exact recall (same error; unchanged state) | guard near recall (unchanged state) | guard false flags (blocks) | naive exact recall | naive near recall | naive false flags |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { name, measurement: m } of rows) {
    lines.push(
      `| ${name} | ${m.sessions} | ${m.calls} | ${m.exactRepeats} (${m.exactSameErrorRepeats}; ${m.unchangedRepeats}) | ${m.nearRepeats} (${m.unchangedNearRepeats}) | ${m.repeatsThatSucceeded} (${m.unchangedRepeatsThatSucceeded} unchanged) | ${ratio(m.guard.exactFlagged, m.exactRepeats)} (${ratio(m.guard.exactSameErrorFlagged, m.exactSameErrorRepeats)}; ${ratio(m.guard.unchangedFlagged, m.unchangedRepeats)}) | ${ratio(m.guard.nearFlagged, m.nearRepeats)} (${ratio(m.guard.unchangedNearFlagged, m.unchangedNearRepeats)}) | ${percent(m.guard.falseFlags, m.otherCalls)} (${m.guard.falseFlags}, ${m.guard.falseBlocks} blocked) | ${ratio(m.naive.exactFlagged, m.exactRepeats)} | ${ratio(m.naive.nearFlagged, m.nearRepeats)} | ${percent(m.naive.falseFlags, m.otherCalls)} (${m.naive.falseFlags}) |`,
    );
  }
  return lines.join('\n');
}
