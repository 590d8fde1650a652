import type { BenchmarkDataset } from '../runner/benchmark-types.js';
import { HOLDOUT_TRANSIENT_OUTPUTS, injectTransientFaults, type InjectTransientFaultsOptions, SECOND_HOLDOUT_TRANSIENT_OUTPUTS, TUNE_TRANSIENT_OUTPUTS } from './inject-transient-faults.js';
import { type GuardMeasurement, measureGuard, type MeasureGuardOptions } from './measure-guard.js';
import { splitRuns } from './split-runs.js';
import { THIRD_HOLDOUT_TRANSIENT_OUTPUTS } from './third-transient-phrasings.js';
import { FOURTH_HOLDOUT_TRANSIENT_OUTPUTS } from './fourth-transient-phrasings.js';
import { FIFTH_HOLDOUT_TRANSIENT_OUTPUTS } from './fifth-transient-phrasings.js';
import { SIXTH_HOLDOUT_TRANSIENT_OUTPUTS } from './sixth-transient-phrasings.js';
import { FIRST_PERMANENT_OUTPUTS } from './first-permanent-phrasings.js';
import { countFailureClasses, type FailureClassCounts } from './count-failure-classes.js';
import { classifyFailure, detectFailure } from '@cairn/core';

/** A guard configuration compared by {@link runThreeWayReport}. */
export interface ThreeWayGuard {
  label: string;
  options: MeasureGuardOptions;
}

/** Before (the two-way classes: everything not transient is permanent), and the three-way classes at N = 2 and 3. */
export const THREE_WAY_GUARDS: readonly ThreeWayGuard[] = [
  { label: 'before: two-way', options: { failureClasses: 'two-way' } },
  { label: 'three-way, N=2', options: { unknownFailureBlockAfter: 2 } },
  { label: 'three-way, N=3 (default)', options: {} },
];

/** A set of planted faults: the outputs, the half of the runs they are planted on, and how. */
export interface PlantedSet {
  name: string;
  /** `transient` sets should never be blocked; the `permanent` set should be, from its third attempt. */
  kind: 'transient' | 'permanent';
  outputs: readonly string[];
  half: 'tune' | 'holdout';
  /** Injection options beyond the outputs (default: every fifth call, every third one twice, with different outputs). */
  plant?: Omit<InjectTransientFaultsOptions, 'outputs'>;
}

/** Three in a row, word for word, every third injection: a fault that persists. */
const PERSISTENT = { twiceEvery: 3, repeatedTimes: 3, sameOutput: true } as const;

/** The planted sets, in the order they were written; the fifth and sixth were never used to change the classifier. */
export const PLANTED_SETS: readonly PlantedSet[] = [
  { name: 'tune (tuned)', kind: 'transient', outputs: TUNE_TRANSIENT_OUTPUTS, half: 'tune' },
  { name: 'first holdout (tuned after)', kind: 'transient', outputs: HOLDOUT_TRANSIENT_OUTPUTS, half: 'holdout' },
  { name: 'second (tuned after)', kind: 'transient', outputs: SECOND_HOLDOUT_TRANSIENT_OUTPUTS, half: 'holdout' },
  { name: 'third (tuned)', kind: 'transient', outputs: THIRD_HOLDOUT_TRANSIENT_OUTPUTS, half: 'holdout' },
  { name: 'fourth (tuned after)', kind: 'transient', outputs: FOURTH_HOLDOUT_TRANSIENT_OUTPUTS, half: 'holdout' },
  { name: 'fifth (never tuned)', kind: 'transient', outputs: FIFTH_HOLDOUT_TRANSIENT_OUTPUTS, half: 'holdout' },
  { name: 'sixth (blind, never tuned)', kind: 'transient', outputs: SIXTH_HOLDOUT_TRANSIENT_OUTPUTS, half: 'holdout' },
  { name: 'fifth, 3 in a row word for word', kind: 'transient', outputs: FIFTH_HOLDOUT_TRANSIENT_OUTPUTS, half: 'holdout', plant: PERSISTENT },
  { name: 'sixth, 3 in a row word for word', kind: 'transient', outputs: SIXTH_HOLDOUT_TRANSIENT_OUTPUTS, half: 'holdout', plant: PERSISTENT },
  { name: 'permanent (blind), twice word for word', kind: 'permanent', outputs: FIRST_PERMANENT_OUTPUTS, half: 'holdout', plant: { twiceEvery: 1, repeatedTimes: 2, sameOutput: true } },
];

/** One guard on one half of one data set, on the real runs. */
export interface ThreeWayRealRow {
  set: string;
  guard: string;
  real: GuardMeasurement;
  /** The real failures of that half by class (the same for every guard). */
  classes: FailureClassCounts;
}

/** One guard on one planted set of one data set. */
export interface ThreeWayPlantedRow {
  set: string;
  planted: string;
  kind: PlantedSet['kind'];
  guard: string;
  measurement: GuardMeasurement;
}

/**
 * The three-way failure-class report: per agent data set (split by run into tune and holdout
 * halves), the guard before the unknown class and the three-way guard at N = 2 and 3, measured in
 * one pass on the real runs (recall on repeats that failed again with the same output, how many of
 * those are blocked, false flags) and on every planted set (retries blocked and warned, by attempt).
 *
 * @param datasets - Data sets; those without tool calls are skipped.
 * @param guards - The guards compared. @default THREE_WAY_GUARDS
 * @returns The real-run rows and the planted rows.
 *
 * @example
 * ```ts
 * console.log(formatThreeWayReport(runThreeWayReport(await loadDatasets('../shared/data'))));
 * ```
 */
export function runThreeWayReport(datasets: readonly BenchmarkDataset[], guards: readonly ThreeWayGuard[] = THREE_WAY_GUARDS): { real: ThreeWayRealRow[]; planted: ThreeWayPlantedRow[] } {
  const real: ThreeWayRealRow[] = [];
  const planted: ThreeWayPlantedRow[] = [];
  for (const dataset of datasets) {
    if (!dataset.sessions.some((session) => session.messages.some((message) => (message.toolCalls?.length ?? 0) > 0))) continue;
    const halves = splitRuns(dataset.sessions);
    for (const half of ['tune', 'holdout'] as const) {
      const classes = countFailureClasses(halves[half]);
      for (const guard of guards) real.push({ set: `${dataset.name} ${half}`, guard: guard.label, real: measureGuard(halves[half], guard.options), classes });
    }
    for (const set of PLANTED_SETS) {
      const sessions = injectTransientFaults(halves[set.half], { outputs: set.outputs, ...set.plant }).sessions;
      for (const guard of guards) planted.push({ set: `${dataset.name} ${set.half}`, planted: set.name, kind: set.kind, guard: guard.label, measurement: measureGuard(sessions, guard.options) });
    }
  }
  return { real, planted };
}

const ratio = (part: number, whole: number): string => (whole === 0 ? '—' : (part / whole).toFixed(3));
const percent = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(2)}%`);
/** `blocked/warned of retries` for attempts 2, 3 and 4 (after 1, 2 and 3 planted faults). */
function byAttempt(measurement: GuardMeasurement): string {
  return [1, 2, 3]
    .filter((index) => (measurement.transientRetriesByAttempt[index] ?? 0) > 0)
    .map((index) => `#${index + 1}: ${measurement.guard.transientBlockedByAttempt[index] ?? 0}/${measurement.guard.transientWarnedByAttempt[index] ?? 0} of ${measurement.transientRetriesByAttempt[index]}`)
    .join('; ');
}

/**
 * How the classifier reads each output of a planted set, as a flagged tool result: transient,
 * permanent or unknown (a transient phrasing read as permanent would be blocked from its third
 * attempt; one read as unknown only after `unknownFailureBlockAfter` identical failures).
 *
 * @param outputs - The planted outputs.
 * @returns The counts per class.
 */
export function classifyPlantedOutputs(outputs: readonly string[]): Record<'transient' | 'permanent' | 'unknown', number> {
  const counts = { transient: 0, permanent: 0, unknown: 0 };
  for (const output of outputs) {
    const signal = detectFailure({ id: 'p', role: 'tool', toolCallId: 'p', content: output, isError: true })!;
    counts[classifyFailure(signal, output)]++;
  }
  return counts;
}

/**
 * The three-way report as two Markdown tables (real runs; planted faults) with their definitions.
 *
 * @param report - What {@link runThreeWayReport} measured.
 * @returns Markdown text.
 */
export function formatThreeWayReport({ real, planted }: { real: readonly ThreeWayRealRow[]; planted: readonly ThreeWayPlantedRow[] }): string {
  const lines = [
    '| set | guard | calls | repeats failing again with the same output | recall on them (warn or block) | of them blocked | false flags (strict) | false blocks | real failures: transient / permanent / unknown |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { set, guard, real: measurement, classes } of real) {
    const strictFalse = measurement.guard.falseFlags - measurement.guard.succeededRepeatWarns;
    lines.push(
      `| ${set} | ${guard} | ${measurement.calls} | ${measurement.exactSameErrorRepeats} | ${ratio(measurement.guard.exactSameErrorFlagged, measurement.exactSameErrorRepeats)} | ${ratio(measurement.guard.exactSameErrorBlocked, measurement.exactSameErrorRepeats)} | ${percent(strictFalse, measurement.otherCalls)} (${strictFalse} of ${measurement.otherCalls}) | ${measurement.guard.falseBlocks} | ${classes.transient} / ${classes.permanent} / ${classes.unknown} of ${classes.failures} |`,
    );
  }
  lines.push('', '| planted set | kind | outputs | read transient | read permanent | read unknown |', '|---|---|---|---|---|---|');
  const listed = new Set<readonly string[]>();
  for (const set of PLANTED_SETS) {
    if (listed.has(set.outputs)) continue;
    listed.add(set.outputs);
    const counts = classifyPlantedOutputs(set.outputs);
    lines.push(`| ${set.name} | ${set.kind} | ${set.outputs.length} | ${counts.transient} | ${counts.permanent} | ${counts.unknown} |`);
  }
  lines.push('', '| set | planted | kind | guard | retries | blocked | warned | by attempt: blocked/warned of retries |', '|---|---|---|---|---|---|---|---|');
  for (const { set, planted: name, kind, guard, measurement } of planted) {
    lines.push(`| ${set} | ${name} | ${kind} | ${guard} | ${measurement.transientRetries} | ${measurement.guard.transientBlocked} | ${measurement.guard.transientWarned} | ${byAttempt(measurement)} |`);
  }
  lines.push(
    '',
    'Three-way failure classes (issue 15, guard3 session). Before: the guard with two classes (transient, and everything else read as permanent); three-way: transient never flagged, permanent as before (an exact repeat into an unchanged state warned after one failure, blocked after two), unknown warned until it has failed identically N times with nothing changed. Same output: the data\'s `error_signature` label, else the first line. False flags (strict): a flag on a call repeating no failed call, or a block of a repeat that then succeeded. Planted: faults planted before every fifth successful call and followed by the real call (every third planted twice, each attempt with the next phrasing; the "3 in a row word for word" rows plant every third one three times with the same output; the permanent set plants every one twice with the same output). Retries: calls whose same call last failed with a planted fault; attempt #k comes after k−1 planted faults in a row. For a transient set every block is a wrong block; for the permanent set a block at attempt #3 is what the guard should do. The sixth transient set and the permanent set were written blind (before the classifier was read) and never used to change it; the fifth was never used either.',
  );
  return lines.join('\n');
}
