import { CairnError } from '../log/index.js';
import { answerCues, dialogueCues, referrersOf, unitTermIndex } from '../direction/index.js';
import { renderContext } from '../plan/index.js';
import { createUnitCosts, renderCompressed, runFromPiece, runToPiece, warmRunEdgeTokens, type EngineState } from '../render/index.js';

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
  /** Units whose placeholder (text and tokens) this call computed. */
  placeholders: number;
  /** Units that could still be warmed (a later call does them; 0: every unit is warm). */
  remaining: number;
}

/**
 * Idle-time work that makes the next views cheaper without changing any of them: brings the term
 * index, the referrer index, the dialogue cues and the answer cues (read once per unit by a
 * question's scoring; the answer cues by the first question asking when, who or where) up to the log, then warms up to `maxUnits` units not warm yet — units the last view
 * showed compressed first (a restored engine's), then the best-scored: their compressed rendering
 * (where compressing makes them smaller), their placeholder and the token counts of the run
 * pieces naming them (two integers a unit), into the same per-unit caches
 * that assembling fills (one of each per unit version: memory stays bounded by the log, as if
 * every unit had been shown compressed and as a placeholder once). Units whose tool results have
 * not all arrived are left alone (their rendering will change).
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
  referrersOf(log.units);
  dialogueCues(log);
  answerCues(log);
  const context = renderContext(state);
  const costs = createUnitCosts(log.units, context);
  const needsCompressed = (index: number) => log.units[index]!.compressedCache?.version !== log.units[index]!.version && costs.compressed(index) !== undefined;
  const needsPlaceholder = (index: number) => log.units[index]!.placeholderCache?.version !== log.units[index]!.version;
  const candidates: number[] = [];
  for (let index = 0; index < log.units.length; index++) {
    if (log.units[index]!.openCalls === 0 && (needsPlaceholder(index) || needsCompressed(index))) candidates.push(index);
  }
  const shownCompressed = (index: number) => (state.units[index]!.fidelity === 'compressed' ? 1 : 0);
  candidates.sort((left, right) => shownCompressed(right) - shownCompressed(left) || state.units[right]!.score - state.units[left]!.score || right - left);
  const chosen = Math.min(maxUnits, candidates.length);
  let compressed = 0;
  let placeholders = 0;
  for (let at = 0; at < chosen; at++) {
    const index = candidates[at]!;
    if (needsCompressed(index)) {
      renderCompressed(log.units[index]!, context);
      compressed++;
    }
    if (needsPlaceholder(index)) {
      costs.placeholder(index);
      placeholders++;
    }
    const unit = log.units[index]!;
    warmRunEdgeTokens(log, context.counter, index, runFromPiece(unit.id), runToPiece(unit.id));
  }
  return { compressed, placeholders, remaining: candidates.length - chosen };
}
