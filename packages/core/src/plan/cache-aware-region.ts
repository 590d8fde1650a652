import type { Fidelity } from '../log/index.js';
import type { UnitCosts } from '../render/index.js';
import { ViewPlan } from './view-plan.js';

/** What {@link cacheAwareRegionStart} needs. @internal */
export interface CacheAwareRegionInput {
  /** This turn's plan so far (left unchanged). */
  readonly plan: ViewPlan;
  readonly costs: UnitCosts;
  /** Last turn's fidelities (`undefined`: the unit was not in last turn's view). */
  readonly previous: readonly (Fidelity | undefined)[];
  /** Units no pass may change. */
  readonly locked: (unit: number) => boolean;
  /** The lowest fidelity the passes may give a unit (a REQUIRED unit's floor is `compressed`). */
  readonly lowest: (unit: number) => Fidelity;
  /** The plan must be able to come down to this many tokens by changing units from the start on. */
  readonly target: number;
}

/**
 * Where this turn's regrade and compaction may start changing units so that the view keeps the
 * longest prefix a provider's prompt cache can reuse: the latest unit from which degrading every
 * unlocked unit to its lowest fidelity brings the plan down to `target` — or earlier, where the
 * plan already differs from last turn's (what changes after that point costs no cached prefix).
 * Degrading only from there on, the earlier units (and their rendered text) stay as last turn
 * showed them; compaction then moves the boundary of placeholder runs once per batch, not each
 * turn. Returns 0 when even the whole plan cannot reach `target` (every unit may change). @internal
 */
export function cacheAwareRegionStart({ plan, costs, previous, locked, lowest, target }: CacheAwareRegionInput): number {
  const size = plan.size;
  let changedFrom = size;
  for (let unit = 0; unit < size; unit++) {
    if (previous[unit] !== plan.get(unit)) {
      changedFrom = unit;
      break;
    }
  }
  if (plan.tokens <= target) return changedFrom;
  const trial = new ViewPlan(plan.snapshot(), costs);
  for (let unit = size - 1; unit >= 0; unit--) {
    if (locked(unit)) continue;
    const floor = lowest(unit);
    if (trial.get(unit) !== floor && (floor === 'placeholder' || trial.get(unit) === 'full')) trial.set(unit, floor);
    if (trial.tokens <= target) return Math.min(unit, changedFrom);
  }
  return 0;
}
