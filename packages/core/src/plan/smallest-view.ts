import type { EngineState } from '../render/index.js';
import type { ViewPlan } from './view-plan.js';

/**
 * The last resort before a view is refused: every unit the caller did not require — everything but
 * system prompts, pinned messages and the latest user turn — hidden behind placeholders. Per-unit
 * degradation skips a short message whose placeholder alone costs as much as the message, yet
 * consecutive placeholders merge into one run that costs less than the messages it replaces, so a
 * plan that per-unit degradation cannot shrink may still fit this way. Returns the units it
 * changed. @internal
 */
export function hideAllButRequired(state: EngineState, plan: ViewPlan): number[] {
  const { log } = state;
  const changed: number[] = [];
  for (let unit = 0; unit < log.units.length; unit++) {
    const current = log.units[unit]!;
    if (current.kind === 'system' || current.pinned || unit === log.latestUserUnit) continue;
    if (plan.get(unit) === 'placeholder') continue;
    plan.set(unit, 'placeholder');
    changed.push(unit);
  }
  return changed;
}
