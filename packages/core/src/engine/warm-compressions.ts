import { CairnError } from '../log/index.js';
import { unitTermIndex } from '../direction/index.js';
import { renderContext } from '../plan/index.js';
import { createUnitCosts, renderCompressed, type EngineState } from '../render/index.js';

/** Units {@link warmCompressions} compresses in one call unless told otherwise (tens of milliseconds of work). */
export const DEFAULT_WARM_UNITS = 256;

/** Options of `engine.warm()`. */
export interface WarmOptions {
  /**
   * Most units compressed in this call: a host calls `warm` again while `remaining` is above 0,
   * between other work, so that no single call blocks it for long.
   * @default 256
   */
  maxUnits?: number;
}

/** What one `engine.warm()` call did. */
export interface WarmResult {
  /** Units whose compressed rendering this call computed. */
  compressed: number;
  /** Units that could still be warmed (a later call does them; 0: every unit is warm). */
  remaining: number;
}

/**
 * Idle-time work that makes the next views cheaper without changing any of them: brings the term
 * index up to the log, then computes the compressed renderings of up to `maxUnits` units that
 * have none yet — units the last view showed compressed first (a restored engine's), then the
 * best-scored — into the same per-unit cache that assembling fills (one rendering per unit
 * version: memory stays bounded by the log, as if every unit had been shown compressed once).
 * Only units that compressing makes smaller and whose tool results have all arrived are warmed.
 * Planning never reads the cache (it plans with estimates), so a warmed engine builds exactly
 * the views an unwarmed one does, only faster when a new question shows units never shown
 * compressed before. @internal
 *
 * @throws CairnError `INVALID_OPTIONS` for a `maxUnits` that is not a whole number ≥ 0.
 */
export function warmCompressions(state: EngineState, { maxUnits = DEFAULT_WARM_UNITS }: WarmOptions = {}): WarmResult {
  if (typeof maxUnits !== 'number' || !Number.isInteger(maxUnits) || maxUnits < 0) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `warm: maxUnits must be a whole number ≥ 0; got ${String(maxUnits)}.`, details: { maxUnits } });
  }
  const { log } = state;
  unitTermIndex(log).sync(log);
  const context = renderContext(state);
  const costs = createUnitCosts(log.units, context);
  const candidates: number[] = [];
  for (let index = 0; index < log.units.length; index++) {
    const unit = log.units[index]!;
    if (unit.openCalls > 0 || unit.compressedCache?.version === unit.version) continue;
    if (costs.compressed(index) !== undefined) candidates.push(index);
  }
  const shownCompressed = (index: number) => (state.units[index]!.fidelity === 'compressed' ? 1 : 0);
  candidates.sort((left, right) => shownCompressed(right) - shownCompressed(left) || state.units[right]!.score - state.units[left]!.score || right - left);
  const chosen = Math.min(maxUnits, candidates.length);
  for (let at = 0; at < chosen; at++) renderCompressed(log.units[candidates[at]!]!, context);
  return { compressed: chosen, remaining: candidates.length - chosen };
}
