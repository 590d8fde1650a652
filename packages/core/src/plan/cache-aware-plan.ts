import type { DecisionReason } from '../render/index.js';
import type { UnitState } from '../log/index.js';
import type { UnitCosts } from '../render/index.js';
import type { Fidelity } from '../log/index.js';
import type { degradeToTarget as DegradeToTarget, FitInput } from './fit-plan.js';
import { cacheAwareRegionStart } from './cache-aware-region.js';

/** What {@link compactFromLatestPoint} needs from the planner. @internal */
export interface CacheAwareCompaction {
  /** The fit of the degrade passes (the plan, values, locks with REQUIRED floors). */
  readonly fit: FitInput;
  readonly costs: UnitCosts;
  readonly units: UnitState[];
  readonly previous: readonly (Fidelity | undefined)[];
  readonly reasons: DecisionReason[];
  /** The planner's forced flags: set for the causal-chain restores made here (they lock those units). */
  readonly forced: boolean[];
  /** Causal-chain restores held back for a turn that frees tokens. */
  readonly deferred: readonly number[];
  /** REQUIRED units (their lowest fidelity is `compressed`). */
  readonly floor: ReadonlySet<number>;
  /** Past this many planned tokens the turn frees tokens. */
  readonly trigger: number;
  /** What it frees down to. */
  readonly target: number;
  /** The degrade pass (the planner's own, so a reference planner can pass its reference pass). */
  readonly degrade: typeof DegradeToTarget;
}

/**
 * A steady turn of the cache-aware planner (`prefix.cacheAware`): nothing changes while the plan
 * stays within `trigger`; past it, the causal-chain restores held back so far are made (the prefix
 * breaks this turn anyway), and units are degraded down to `target` only from the latest point
 * where that is enough ({@link cacheAwareRegionStart}), so everything before it renders as last
 * turn did. It replaces the threshold regrade on such turns: one break per batch, each unit going
 * straight to the fidelity the batch gives it. Returns how many units it degraded. @internal
 */
export function compactFromLatestPoint(input: CacheAwareCompaction): number {
  const { fit, costs, units, previous, reasons, forced, deferred, floor, trigger, target, degrade } = input;
  const { plan } = fit;
  if (plan.tokens <= trigger) return 0;
  for (const unit of deferred) {
    forced[unit] = true;
    units[unit]!.causalForced = true;
    reasons[unit] = 'causal-chain';
    plan.set(unit, costs.compressed(unit) === undefined ? 'full' : 'compressed');
  }
  const from = cacheAwareRegionStart({ plan, costs, previous, locked: fit.locked, lowest: (unit) => (floor.has(unit) ? 'compressed' : 'placeholder'), target });
  let compacted = 0;
  for (const unit of degrade({ ...fit, locked: (unit) => unit < from || fit.locked(unit) }, target)) {
    reasons[unit] = 'compacted';
    compacted++;
  }
  return compacted;
}
