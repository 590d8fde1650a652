import type { DecisionReason } from '../render/index.js';
import { renderingCounter } from '../render/index.js';
import type { EngineState } from '../render/index.js';
import { COMPRESSED_VALUE } from './fit-plan.js';
import type { Fidelity } from '../log/index.js';

/** Fidelities in order of how much they show. @internal */
export const RANK: Record<Fidelity, number> = { placeholder: 0, compressed: 1, full: 2 };

/** Why a unit must stay full this turn, if it must. @internal */
export function mandatoryReason(state: EngineState, index: number): DecisionReason | undefined {
  const { log, options } = state;
  const unit = log.units[index]!;
  const count = log.units.length;
  if (unit.kind === 'system') return 'mandatory:system';
  if (unit.pinned) return 'mandatory:pinned';
  if (index === log.latestUserUnit) return 'mandatory:latest-user';
  if (index > log.latestUserUnit && index >= count - options.hotUnits) return 'mandatory:hot';
  if (index === count - 1 && unit.openCalls > 0) return 'mandatory:hot';
  if (state.pages.isDetail(index)) return 'mandatory:consulted';
  return undefined;
}


/** What rendering needs from the engine this turn. @internal */
export function renderContext(state: EngineState, squeeze?: Map<number, number>) {
  return {
    log: state.log,
    counter: renderingCounter(state.options.tokenCounter),
    compressionRatio: state.options.compressionRatio,
    summaries: state.summaries,
    squeeze,
    ...(state.options.pages.showPageIds ? { pageId: (unit: number) => state.pages.idOf(unit), pageIdTokens: state.pages.maxIdTokens } : {}),
  };
}


/**
 * The value of showing a unit at a fidelity, for selection by value per token: the square of
 * its score (plus the hysteresis margin where it already had that fidelity), so relevance
 * dominates — with plain scores, the parts every unit shares (role, phase, recency) let short
 * unrelated messages outbid longer relevant ones per token. With `shortUnitTokens` above 0, a
 * unit of fewer tokens (at full fidelity) is valued as if it cost that many: its value is scaled
 * by {@link shortUnitFactor}.
 *
 * @param state - The engine state (scores, log, thresholds).
 * @param previous - Last turn's fidelities (their hysteresis bonus); `[]` for none.
 * @param shortUnitTokens - The floor on what a unit is charged, in tokens; 0: none. @default 0
 */
export function valueFunction(state: EngineState, previous: readonly (Fidelity | undefined)[], shortUnitTokens = 0) {
  const { hysteresis } = state.options.thresholds;
  const { units } = state.log;
  return (unit: number, fidelity: Fidelity): number => {
    if (fidelity === 'placeholder') return 0;
    const before = previous[unit];
    const sticky = before !== undefined && RANK[before] >= RANK[fidelity] ? hysteresis : 0;
    const raw = state.units[unit]!.score + sticky;
    const score = shortUnitTokens > 0 ? raw * raw * shortUnitFactor(units[unit]!.messageTokens, shortUnitTokens) : raw * raw;
    return fidelity === 'full' ? score : score * COMPRESSED_VALUE;
  };
}

/**
 * The share of its value a unit of `tokens` tokens keeps under a floor of `floorTokens`:
 * `tokens / floorTokens` below the floor, 1 at or above it (and 1 when the floor is 0). Per token
 * of the unit, its value is then at most its score² / `floorTokens`: however short, it is charged
 * as a unit of the floor's size. Never above 1, never below 0, and never smaller for a longer unit.
 *
 * @param tokens - The unit's tokens at full fidelity.
 * @param floorTokens - The floor (`selection.shortUnitTokens`).
 * @returns A factor in [0, 1].
 * @internal
 */
export function shortUnitFactor(tokens: number, floorTokens: number): number {
  if (!(floorTokens > 0) || tokens >= floorTokens) return 1;
  return tokens > 0 ? tokens / floorTokens : 0;
}

