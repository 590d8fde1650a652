import type { BenchmarkDataset } from '../runner/benchmark-types.js';
import { HOLDOUT_TRANSIENT_OUTPUTS, injectTransientFaults, SECOND_HOLDOUT_TRANSIENT_OUTPUTS, TUNE_TRANSIENT_OUTPUTS } from './inject-transient-faults.js';
import { type GuardMeasurement, measureGuard } from './measure-guard.js';
import { splitRuns } from './split-runs.js';
import { THIRD_HOLDOUT_TRANSIENT_OUTPUTS } from './third-transient-phrasings.js';
import { FOURTH_HOLDOUT_TRANSIENT_OUTPUTS } from './fourth-transient-phrasings.js';
import { FIFTH_HOLDOUT_TRANSIENT_OUTPUTS } from './fifth-transient-phrasings.js';
import { countTransientReadings, type TransientReadings } from './count-transient-readings.js';

/** One row of the failure-class report: one guard on one split of one data set. */
export interface FailureClassRow {
  /** `tau-bench-airline holdout`… */
  set: string;
  /** `today` (failure classes off) or `failure classes`. */
  guard: 'today' | 'failure classes';
  /** On the real runs, unchanged. */
  real: GuardMeasurement;
  /** On the same runs with transient faults planted before every fifth successful call. */
  transient: GuardMeasurement;
  /** The same with the second holdout phrasings (holdout halves only). */
  secondTransient?: GuardMeasurement;
  /** The same with the third phrasings (holdout halves only; a tuning set since the fourth was written). */
  thirdTransient?: GuardMeasurement;
  /** The same with the fourth phrasings (holdout halves only; measured held out once, then a tuning set). */
  fourthTransient?: GuardMeasurement;
  /** The same with the fifth holdout phrasings (holdout halves only; never used to change the classifier). */
  fifthTransient?: GuardMeasurement;
  /** The real runs' failures, and how many the classifier reads as transient (the `failure classes` rows only). */
  readings?: TransientReadings;
}

/**
 * The failure-class report: per agent data set, split by run into the half the failure classes
 * were tuned on and the holdout half, today's guard and the guard with failure classes, on the
 * real runs (recall on repeats that failed again with the same output, false flags) and on the
 * same runs with transient faults planted (tune phrasings on the tune half, holdout phrasings on
 * the holdout half): how many retries after a transient fault each guard blocks or warns about.
 *
 * @param datasets - Data sets; those without tool calls are skipped.
 * @returns One row per set, split and guard.
 *
 * @example
 * ```ts
 * console.log(formatFailureClassReport(runFailureClassReport(await loadDatasets('../shared/data'))));
 * ```
 */
export function runFailureClassReport(datasets: readonly BenchmarkDataset[]): FailureClassRow[] {
  const rows: FailureClassRow[] = [];
  for (const dataset of datasets) {
    if (!dataset.sessions.some((session) => session.messages.some((message) => (message.toolCalls?.length ?? 0) > 0))) continue;
    const { tune, holdout } = splitRuns(dataset.sessions);
    for (const [split, sessions, outputs] of [['tune', tune, TUNE_TRANSIENT_OUTPUTS], ['holdout', holdout, HOLDOUT_TRANSIENT_OUTPUTS]] as const) {
      const planted = injectTransientFaults(sessions, { outputs }).sessions;
      for (const guard of ['today', 'failure classes'] as const) {
        const failureClasses = guard === 'failure classes';
        const second = split === 'holdout' ? measureGuard(injectTransientFaults(sessions, { outputs: SECOND_HOLDOUT_TRANSIENT_OUTPUTS }).sessions, { failureClasses }) : undefined;
        const third = split === 'holdout' ? measureGuard(injectTransientFaults(sessions, { outputs: THIRD_HOLDOUT_TRANSIENT_OUTPUTS }).sessions, { failureClasses }) : undefined;
        const fourth = split === 'holdout' ? measureGuard(injectTransientFaults(sessions, { outputs: FOURTH_HOLDOUT_TRANSIENT_OUTPUTS }).sessions, { failureClasses }) : undefined;
        const fifth = split === 'holdout' ? measureGuard(injectTransientFaults(sessions, { outputs: FIFTH_HOLDOUT_TRANSIENT_OUTPUTS }).sessions, { failureClasses }) : undefined;
        rows.push({ set: `${dataset.name} ${split}`, guard, real: measureGuard(sessions, { failureClasses }), transient: measureGuard(planted, { failureClasses }), ...(second ? { secondTransient: second } : {}), ...(third ? { thirdTransient: third } : {}), ...(fourth ? { fourthTransient: fourth } : {}), ...(fifth ? { fifthTransient: fifth } : {}), ...(failureClasses ? { readings: countTransientReadings(sessions) } : {}) });
      }
    }
  }
  return rows;
}

const ratio = (part: number, whole: number): string => (whole === 0 ? '—' : (part / whole).toFixed(3));
const percent = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(2)}%`);

/**
 * The failure-class report as a Markdown table with its definitions.
 *
 * @param rows - What {@link runFailureClassReport} measured.
 * @returns Markdown text.
 */
export function formatFailureClassReport(rows: readonly FailureClassRow[]): string {
  const lines = [
    '| set | guard | calls | repeats failing again with the same output | recall on them (warn or block) | false flags (flag on a call repeating no failed call, or block of a repeat that succeeded) | warns on repeats that then succeeded | transient retries | blocked | warned | second holdout phrasings: retries, blocked, warned | third phrasings: retries, blocked, warned | fourth phrasings: retries, blocked, warned | fifth holdout phrasings: retries, blocked, warned | real failures read as transient |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { set, guard, real, transient, secondTransient: second, thirdTransient: third, fourthTransient: fourth, fifthTransient: fifth, readings } of rows) {
    const strictFalse = real.guard.falseFlags - real.guard.succeededRepeatWarns;
    lines.push(
      `| ${set} | ${guard} | ${real.calls} | ${real.exactSameErrorRepeats} | ${ratio(real.guard.exactSameErrorFlagged, real.exactSameErrorRepeats)} | ${percent(strictFalse, real.otherCalls)} (${strictFalse} of ${real.otherCalls}) | ${real.guard.succeededRepeatWarns} of ${real.repeatsThatSucceeded} | ${transient.transientRetries} | ${transient.guard.transientBlocked} | ${transient.guard.transientWarned} | ${second ? `${second.transientRetries}, ${second.guard.transientBlocked}, ${second.guard.transientWarned}` : '—'} | ${third ? `${third.transientRetries}, ${third.guard.transientBlocked}, ${third.guard.transientWarned}` : '—'} | ${fourth ? `${fourth.transientRetries}, ${fourth.guard.transientBlocked}, ${fourth.guard.transientWarned}` : '—'} | ${fifth ? `${fifth.transientRetries}, ${fifth.guard.transientBlocked}, ${fifth.guard.transientWarned}` : '—'} | ${readings ? `${readings.transient} of ${readings.failures}` : '—'} |`,
    );
  }
  lines.push(
    '',
    'Real runs: the data sets unchanged. Same output: the data\'s `error_signature` label, else the first line. Tune: the half of the runs (by run id) the failure classes were written against; holdout: the other half, not used for that. Transient retries: the same runs with a transient fault planted before every fifth successful call (every third planted twice in a row), then the real call as the retry; tune phrasings on the tune half, phrasings written afterwards and never used to change the classifier on the holdout half (that first holdout set then showed three phrasings the classifier missed, and it was widened: the second-to-last column uses a second set of phrasings written after that; it was widened again on the first two sets only (issue 15: four misses of the second set), after a third set had been written and committed. Issue 15 (guard session): a fourth set was written and committed first, then the classifier was widened on the third set (now a tuning set) and the fourth measured held out (tau-bench 72 retries: 4 blocked, 29 warned; CodeR 216: 14 blocked, 87 warned); a fifth set — the second-to-last column — was then written and committed, and the classifier widened on the misses of the fourth set (now a tuning set; its one remaining flag source, a refused connection to 127.0.0.1, is permanent by design); the fifth set was never used to change it. Real failures read as transient: tool results of the unchanged runs that read as failures, and how many the classifier calls transient (each would be a dead end the guard never flags). Since issue 15\'s guard3 session the `failure classes` rows are the three-way classes (the default: unknown failures warned before they are blocked); the two-way guard is measured beside them in the report\'s second part.',
  );
  return lines.join('\n');
}
