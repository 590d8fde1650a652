import { generateSyntheticSession } from '../generate-synthetic-session.js';
import type { BenchmarkDataset } from '../runner/benchmark-types.js';
import { createSyntheticDataset } from '../runner/synthetic-dataset.js';
import { createCairnStrategy } from '../strategies/cairn-strategy.js';
import { STRATEGIES } from '../strategies/index.js';
import type { GuardTableRow } from './format-guard-table.js';
import { type ExposureEntry, type ExposureRow, measureExposure } from './measure-exposure.js';
import { measureGuard } from './measure-guard.js';
import { splitRuns } from './split-runs.js';

/** The budget share the guard report measures exposure at by default: 10% of the history. */
export const DEFAULT_EXPOSURE_BUDGET = 0.1;
/** Synthetic sessions the guard is also measured on: 30 of 600 messages, seeds 1000–1029. */
export const GUARD_SYNTHETIC_SESSIONS = 30;

/** Options of {@link runGuardReport}. */
export interface RunGuardReportOptions {
  /** The data sets (agent runs; sets without tool calls, such as LoCoMo, are skipped). */
  datasets: readonly BenchmarkDataset[];
  /** Budget share for the exposure measurement. @default DEFAULT_EXPOSURE_BUDGET */
  budgetShare?: number;
  /**
   * Also measure on generated sessions: the guard on 30 sessions of 600 messages, exposure on the
   * bundled synthetic set (`createSyntheticDataset()`). @default true
   */
  synthetic?: boolean;
  /** Called before each data set's exposure replay. */
  onProgress?: (dataset: string) => void;
}

/** What {@link runGuardReport} measured. */
export interface GuardReport {
  /** The guard per data set, split into tune and holdout halves by run, plus synthetic sessions. */
  guard: GuardTableRow[];
  /** Dead-end exposure per data set: cairn with and without its brief, and the baselines. */
  exposure: { dataset: string; rows: ExposureRow[] }[];
  budgetShare: number;
}

/** cairn with and without the brief, then every baseline that manages the context. */
function exposureStrategies(): ExposureEntry[] {
  return [
    { label: 'cairn', strategy: createCairnStrategy() },
    { label: 'cairn without brief', strategy: createCairnStrategy({ deadEndBrief: false }) },
    ...(['recency', 'clear-tool-uses', 'prune', 'bm25'] as const).map((name) => ({ label: name, strategy: STRATEGIES[name] })),
  ];
}

const hasToolCalls = (dataset: BenchmarkDataset): boolean => dataset.sessions.some((session) => session.messages.some((message) => (message.toolCalls?.length ?? 0) > 0));

/**
 * The dead-end guard report: replays every agent session turn by turn and asks the guard
 * (`DeadEndTracker.check`, what `engine.checkToolCall` uses) about each call before it runs
 * ({@link measureGuard}, per data set split into tune and holdout halves by run), and measures
 * dead-end exposure at a budget with and without the brief ({@link measureExposure}).
 *
 * @param options - Data sets, budget share.
 * @returns The measurements; format them with `formatGuardReport`.
 *
 * @example
 * ```ts
 * const report = await runGuardReport({ datasets: await loadDatasets('../shared/data') });
 * console.log(formatGuardReport(report));
 * ```
 */
export async function runGuardReport({ datasets, budgetShare = DEFAULT_EXPOSURE_BUDGET, synthetic = true, onProgress }: RunGuardReportOptions): Promise<GuardReport> {
  if (!(budgetShare > 0 && budgetShare <= 1)) throw new RangeError(`Invalid budget ${budgetShare}: use a share of the history's tokens, above 0 and at most 1 (0.1 for 10%).`);
  const agentSets = datasets.filter(hasToolCalls);
  const guard: GuardTableRow[] = [];
  for (const dataset of agentSets) {
    const { tune, holdout } = splitRuns(dataset.sessions);
    guard.push({ name: `${dataset.name} tune`, measurement: measureGuard(tune) });
    guard.push({ name: `${dataset.name} holdout`, measurement: measureGuard(holdout) });
  }
  if (synthetic) {
    const kinds = ['coding', 'support', 'mixed'] as const;
    const sessions = Array.from({ length: GUARD_SYNTHETIC_SESSIONS }, (_, index) => generateSyntheticSession({ seed: 1000 + index, kind: kinds[index % 3]!, messages: 600 }));
    guard.push({ name: `synthetic (${GUARD_SYNTHETIC_SESSIONS} × 600)`, measurement: measureGuard(sessions) });
  }
  const exposure: GuardReport['exposure'] = [];
  for (const dataset of synthetic ? [createSyntheticDataset(), ...agentSets] : agentSets) {
    onProgress?.(dataset.name);
    exposure.push({ dataset: dataset.name, rows: await measureExposure({ sessions: dataset.sessions, strategies: exposureStrategies(), budgetShare }) });
  }
  return { guard, exposure, budgetShare };
}
