import type { EngineState } from '../render/index.js';
import { CairnError, argumentsText, contentText, type CairnMessage } from '../log/index.js';
import { compressText } from '../text/index.js';
import { unitResourceClasses } from '../plan/index.js';
import { sealCrystal, type Crystal, type CrystalLineage, type CrystalSummary } from '../sovereignty/index.js';

/** Options of `engine.crystallize`. */
export interface CrystallizeOptions {
  /** The task's state, as the host sees it (any JSON value). @default null */
  taskState?: unknown;
  /** Working memory: JSON values by name. @default {} */
  workingMemory?: Readonly<Record<string, unknown>>;
  /**
   * Lineage. `parentCrystal` defaults to the crystal this session was resumed from (if any);
   * `branchDepth` to 0 and `scopePath` to [] (branches supply real ones).
   */
  lineage?: Partial<CrystalLineage>;
  /** TTL of this crystal. @default the engine's `sovereignty.crystalTtlMs` (24 h) */
  ttlMs?: number;
  /** The tenant the crystal belongs to (sessions fill it in). @default null */
  tenant?: string;
}

/** Metadata key that marks the summary message of a resumed crystal (and names the crystal). */
export const CRYSTAL_METADATA_KEY = 'cairnCrystal';

function invalid(message: string): CairnError {
  return new CairnError({ code: 'INVALID_OPTIONS', message: `crystallize: ${message}` });
}

function jsonCopy(value: unknown, name: string): unknown {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error('not JSON');
    return JSON.parse(text);
  } catch (error) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `crystallize: ${name} must be JSON data (${(error as Error).message}).`, cause: error });
  }
}

function unitText(messages: readonly CairnMessage[]): string {
  return messages
    .map((message) => [contentText(message.content), ...(message.toolCalls ?? []).map((call) => `→ ${call.name} ${argumentsText(call.arguments)}`)].filter((part) => part !== '').join('\n'))
    .join('\n');
}

/** The crystal this session was resumed from: the latest summary message that names one. */
function resumedFrom(state: EngineState): string | null {
  const { entries } = state.log;
  for (let position = entries.length - 1; position >= 0; position--) {
    const marker = entries[position]!.message.metadata?.[CRYSTAL_METADATA_KEY];
    if (typeof marker === 'string') return marker;
  }
  return null;
}

/**
 * Makes a crystal of the engine's session: PRESERVED units verbatim, REQUIRED units summarised
 * (the summariser's text when `engine.summarize()` made one, else an extractive, anchor-keeping
 * cut; all within `sovereignty.crystalSummaryTokens`), DROPPABLE units dropped. @internal
 */
export function crystallizeState(state: EngineState, options: CrystallizeOptions = {}): Crystal {
  if (typeof options !== 'object' || options === null) throw invalid('options must be an object.');
  const { log, options: engineOptions } = state;
  const lineage = options.lineage ?? {};
  if (typeof lineage !== 'object' || lineage === null) throw invalid('lineage must be an object.');
  const parentCrystal = lineage.parentCrystal === undefined ? resumedFrom(state) : lineage.parentCrystal;
  if (parentCrystal !== null && typeof parentCrystal !== 'string') throw invalid('lineage.parentCrystal must be a crystal id or null.');
  const branchDepth = lineage.branchDepth ?? 0;
  if (!Number.isInteger(branchDepth) || branchDepth < 0) throw invalid('lineage.branchDepth must be a non-negative integer.');
  const scopePath = lineage.scopePath ?? [];
  if (!Array.isArray(scopePath) || scopePath.some((name) => typeof name !== 'string')) throw invalid('lineage.scopePath must be an array of strings.');
  const ttlMs = options.ttlMs ?? engineOptions.crystals.crystalTtlMs;
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0) throw invalid('ttlMs must be a positive number.');
  if (options.tenant !== undefined && typeof options.tenant !== 'string') throw invalid('tenant must be a string.');
  const workingMemory = jsonCopy(options.workingMemory ?? {}, 'workingMemory');
  if (typeof workingMemory !== 'object' || workingMemory === null || Array.isArray(workingMemory)) throw invalid('workingMemory must be an object of JSON values.');

  const classes = unitResourceClasses(state);
  const preserved: CairnMessage[] = [];
  const required: number[] = [];
  let droppedUnits = 0;
  classes.forEach((resourceClass, index) => {
    if (resourceClass === 'preserved') preserved.push(...log.unitMessages(index));
    else if (resourceClass === 'required') required.push(index);
    else droppedUnits++;
  });
  const counter = engineOptions.tokenCounter;
  const perUnit = Math.max(24, Math.floor(engineOptions.crystals.crystalSummaryTokens / Math.max(1, required.length)));
  const summaries: CrystalSummary[] = required.map((index) => {
    const unit = log.units[index]!;
    const lead = log.entries[unit.positions[0]!]!.message;
    const summary = state.summaries.get(unit.id);
    const text = summary ?? compressText(unitText(log.unitMessages(index)), { maxTokens: perUnit, countTokens: (value) => counter.count(value) }).text;
    return { unitId: unit.id, role: lead.role, text };
  });
  return sealCrystal({
    scope: { tenant: options.tenant ?? null, sessionId: engineOptions.sessionId },
    createdAt: engineOptions.now(),
    ttlMs,
    lineage: { parentCrystal, branchDepth, scopePath: [...scopePath] },
    taskState: jsonCopy(options.taskState ?? null, 'taskState'),
    workingMemory: workingMemory as Record<string, unknown>,
    preserved,
    summaries,
    dropped: { units: droppedUnits, messages: log.entries.length - preserved.length },
    coveredMessages: log.entries.length,
  });
}
