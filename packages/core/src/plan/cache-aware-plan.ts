import type { DecisionReason } from '../render/index.js';
import type { UnitState } from '../log/index.js';
import type { UnitCosts } from '../render/index.js';
import type { Fidelity } from '../log/index.js';
import type { FitInput } from './fit-plan.js';
import { cacheAwareRegionStart } from './cache-aware-region.js';

/** What {@link startCacheAwareTurn} needs from the planner. @internal */
export interface CacheAwareTurn {
  /** The fit of the degrade passes (the plan, values, locks with REQUIRED floors). */
  readonly fit: FitInput;
  readonly costs: UnitCosts;
  readonly units: UnitState[];
  readonly previous: readonly (Fidelity | undefined)[];
  readonly reasons: DecisionReason[];
  /** The planner's forced flags: set for the causal-chain restores made here (they lock those units). */
  readonly forced: Uint8Array | boolean[];
  /** Causal-chain restores held back for a turn that frees tokens. */
  readonly deferred: readonly number[];
  /** REQUIRED units (their lowest fidelity is `compressed`). */
  readonly floor: ReadonlySet<number>;
  /** Past this many planned tokens the turn frees tokens. */
  readonly trigger: number;
  /** What it frees down to. */
  readonly target: number;
}

/**
 * Starts a steady turn of the cache-aware planner (`prefix.cacheAware`). Nothing changes while
 * the plan stays within `trigger`: returns the plan's size (no unit may be regraded or
 * compacted). Past it — the prefix breaks this turn anyway — makes the causal-chain restores held
 * back so far, and returns the first unit the regrade and compaction may change: the latest from
 * which degrading is enough to reach `target` ({@link cacheAwareRegionStart}), so everything
 * before it renders as last turn did and the break comes once per batch, as late as it can.
 * @internal
 */
export function startCacheAwareTurn(input: CacheAwareTurn): number {
  const { fit, costs, units, previous, reasons, forced, deferred, floor, trigger, target } = input;
  const { plan } = fit;
  if (plan.tokens <= trigger) return plan.size;
  for (const unit of deferred) {
    if (Array.isArray(forced)) forced[unit] = true;
    else forced[unit] = 1;
    units[unit]!.causalForced = true;
    reasons[unit] = 'causal-chain';
    plan.set(unit, costs.compressed(unit) === undefined ? 'full' : 'compressed');
  }
  return cacheAwareRegionStart({ plan, costs, previous, locked: fit.locked, lowest: (unit) => (floor.has(unit) ? 'compressed' : 'placeholder'), target });
}
