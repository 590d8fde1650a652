import type { EngineState } from '../render/index.js';
import { maxResourceClass, type ResourceClass, type ResourceTag } from '../sovereignty/index.js';
import { defaultUnitClass } from '../plan/index.js';

/**
 * Tags log messages with a resource class, monotone (see `ResourceLedger.apply`). A PRESERVED tag
 * pins the message too (its unit stays full in every view, and the pin is saved in snapshots). @internal
 */
export function tagResources(state: EngineState, ids: readonly string[], resourceClass: ResourceClass, action: 'tag' | 'promote', reason?: string): ResourceTag[] {
  const { log } = state;
  const unitOf = (id: string): number => log.entries[log.position(id)!]!.unit;
  const written = state.resources.apply({
    ids,
    resourceClass,
    action,
    reason,
    at: state.options.now(),
    known: (id) => typeof id === 'string' && log.hasMessage(id),
    defaultClass: (id) => defaultUnitClass(state, unitOf(id)),
  });
  if (resourceClass === 'preserved') {
    for (const id of ids) {
      state.pinned.add(id);
      log.pinUnit(unitOf(id));
    }
  }
  return written;
}

/** The class a logged message has now: its tag or its unit's default, whichever is higher. @internal */
export function resourceClassOf(state: EngineState, id: string): ResourceClass | undefined {
  const position = state.log.position(id);
  if (position === undefined) return undefined;
  const byDefault = defaultUnitClass(state, state.log.entries[position]!.unit);
  const explicit = state.resources.explicitClass(id);
  if (explicit === undefined) return byDefault;
  return maxResourceClass(explicit, byDefault);
}
