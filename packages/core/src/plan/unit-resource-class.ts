import type { EngineState } from '../render/index.js';
import { defaultResourceClass, maxResourceClass, type ResourceClass } from '../sovereignty/index.js';
import { mandatoryReason } from './plan-values.js';
import { pinnedUnits } from './mandatory-candidates.js';

/** The class a unit has by default this turn (system, pinned, latest user turn, hot set, open tool chain). @internal */
export function defaultUnitClass(state: EngineState, index: number): ResourceClass {
  const unit = state.log.units[index]!;
  const reason = mandatoryReason(state, index);
  return defaultResourceClass({
    system: unit.kind === 'system',
    pinned: unit.pinned,
    latestUser: reason === 'mandatory:latest-user',
    hot: reason === 'mandatory:hot',
    openToolChain: unit.openCalls > 0,
    systemCompressible: state.options.onBudgetExceeded === 'compress-mandatory',
  });
}

/** The explicit classes of units (the highest tag among a unit's messages), by unit index. @internal */
export function explicitUnitClasses(state: EngineState): Map<number, ResourceClass> {
  const classes = new Map<number, ResourceClass>();
  const { log } = state;
  for (const [id, resourceClass] of state.resources.explicitClasses()) {
    const position = log.position(id);
    if (position === undefined) continue;
    const unit = log.entries[position]!.unit;
    const before = classes.get(unit);
    classes.set(unit, before === undefined ? resourceClass : maxResourceClass(before, resourceClass));
  }
  return classes;
}

/** Every unit's class this turn: the higher of its default and its explicit tag. @internal */
export function unitResourceClasses(state: EngineState): ResourceClass[] {
  const explicit = explicitUnitClasses(state);
  return state.log.units.map((_, index) => {
    const tagged = explicit.get(index);
    const byDefault = defaultUnitClass(state, index);
    return tagged === undefined ? byDefault : maxResourceClass(tagged, byDefault);
  });
}

/**
 * Units tagged REQUIRED (explicitly) that planning would otherwise be free to drop: they are kept
 * at least compressed. @internal
 */
export function requiredFloorUnits(state: EngineState): Set<number> {
  const floor = new Set<number>();
  for (const [unit, resourceClass] of explicitUnitClasses(state)) {
    if (resourceClass === 'required' && mandatoryReason(state, unit) === undefined) floor.add(unit);
  }
  return floor;
}

/** Units tagged PRESERVED explicitly (verbatim even under `compress-mandatory`, system prompts included). @internal */
export function explicitlyPreservedUnits(state: EngineState): Set<number> {
  const preserved = new Set<number>();
  for (const [unit, resourceClass] of explicitUnitClasses(state)) if (resourceClass === 'preserved') preserved.add(unit);
  return preserved;
}

/**
 * How many units have each class this turn: the counts of {@link unitResourceClasses}, without
 * building the list. Only the units that can be other than droppable (tagged, system, pinned, the
 * latest user turn, the hot set, open tool chains) are classed one by one; the rest are counted
 * as droppable. @internal
 */
export function resourceClassCounts(state: EngineState): Record<ResourceClass, number> {
  const counts: Record<ResourceClass, number> = { droppable: 0, required: 0, preserved: 0 };
  const explicit = explicitUnitClasses(state);
  const { units, latestUserUnit } = state.log;
  const hotFrom = units.length - state.options.hotUnits;
  // Only units that can be other than droppable are read: the others are counted by subtraction.
  const asked = new Set<number>([...pinnedUnits(state), ...state.log.irregularUnits, ...explicit.keys()]);
  if (latestUserUnit >= 0) asked.add(latestUserUnit);
  for (let index = Math.max(0, hotFrom); index < units.length; index++) asked.add(index);
  counts.droppable = units.length - asked.size;
  for (const index of asked) {
    const unit = units[index]!;
    const tagged = explicit.get(index);
    const mayNotDrop = unit.kind === 'system' || unit.pinned || unit.openCalls > 0 || index === latestUserUnit || (index > latestUserUnit && index >= hotFrom);
    if (tagged === undefined && !mayNotDrop) {
      counts.droppable++;
      continue;
    }
    const byDefault = mayNotDrop ? defaultUnitClass(state, index) : 'droppable';
    counts[tagged === undefined ? byDefault : maxResourceClass(tagged, byDefault)]++;
  }
  return counts;
}
