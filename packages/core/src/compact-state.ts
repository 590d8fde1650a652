import type { CompactResult } from './engine-types.js';
import type { EngineState } from './engine-state.js';
import { degradeToTarget } from './fit-plan.js';
import { mandatoryReason, renderContext, valueFunction } from './plan-values.js';
import { renderBrief } from './render-brief.js';
import { createUnitCosts } from './unit-costs.js';
import { ViewPlan } from './view-plan.js';

/**
 * Compaction on demand (or from `afterTurn` at red pressure): degrades the lowest-value units
 * until the view fits the yellow level (`auto`) or half of it (`aggressive`), and writes the
 * result into the unit states, which the next `assemble` reads. @internal
 */
export function compactState(state: EngineState, budget: number, strategy: 'auto' | 'aggressive'): CompactResult {
  const { options, units, log } = state;
  const costs = createUnitCosts(log.units, renderContext(state));
  const current = units.map((unit) => unit.fidelity);
  const briefTokens = renderBrief(state, budget)?.tokens ?? 0;
  const plan = new ViewPlan(current, costs, briefTokens);
  const tokensBefore = plan.tokens;
  const target = options.pressure.yellow * budget * (strategy === 'aggressive' ? 0.5 : 1);
  const locked = (unit: number) => mandatoryReason(state, unit) !== undefined;
  const changed = degradeToTarget({ plan, value: valueFunction(state, current), locked, canCompress: (unit) => costs.compressed(unit) !== undefined }, target);
  for (const unit of changed) {
    const fidelity = plan.get(unit);
    const unitState = units[unit]!;
    if (fidelity === 'placeholder' && unitState.fidelity !== 'placeholder') unitState.placeholderSince = state.turn;
    unitState.fidelity = fidelity;
  }
  state.lastViewTokens = plan.tokens;
  return { degraded: changed.length, tokensBefore, tokensAfter: plan.tokens };
}

