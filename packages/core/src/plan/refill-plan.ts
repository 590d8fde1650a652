import { upgradeToTarget, type FitInput } from './fit-plan.js';
import type { Fidelity } from '../log/index.js';
import { ViewPlan, type UnitCosts } from './view-plan.js';

/** Unit costs whose compressed renderings can be measured exactly instead of estimated. @internal */
export type MeasurableCosts = UnitCosts & { measureExactly(unit: number): void };

/**
 * Gives back what a degrading pass took beyond `target`: degradation goes by value lost per token
 * saved, so when a few tokens are missing it may drop one large unit a level and leave hundreds
 * free (a view over its budget by 2 tokens lost a 358-token upgrade, and a larger budget then
 * showed less than a smaller one). Upgrades units by value per token while the plan stays within
 * `target`; a unit it compresses is then measured exactly (an estimate that came out low must not
 * push the view over again), and if the exact plan is over `target`, the refill is undone: never a
 * larger view than the degraded one. Locked units are not touched. Returns the fidelities. @internal
 */
export function refillToTarget(fit: FitInput, costs: MeasurableCosts, target: number): Fidelity[] {
  const degraded = fit.plan.snapshot();
  const raised = upgradeToTarget(fit, target, 0);
  let measured = false;
  for (const unit of raised) {
    if (fit.plan.get(unit) !== 'compressed') continue;
    costs.measureExactly(unit);
    measured = true;
  }
  if (!measured) return fit.plan.snapshot();
  // The plan caches unit costs: count again with the measured ones.
  const refilled = fit.plan.snapshot();
  return new ViewPlan(refilled, costs).tokens <= target ? refilled : degraded;
}
