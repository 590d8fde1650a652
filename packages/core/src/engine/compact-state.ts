import type { CompactResult } from '../render/index.js';
import type { EngineState } from '../render/index.js';
import { degradeToTarget } from '../plan/index.js';
import { mandatoryReason, renderContext, valueFunction } from '../plan/index.js';
import { renderBrief } from '../render/index.js';
import { createUnitCosts } from '../render/index.js';
import { ViewPlan } from '../plan/index.js';

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

