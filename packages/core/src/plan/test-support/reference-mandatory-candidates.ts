import type { EngineState } from '../../render/index.js';

/** Test support: every pinned unit, read from the whole log on every call (no scan kept). */
export function pinnedUnits(state: EngineState): readonly number[] {
  const pinned: number[] = [];
  state.log.units.forEach((unit, index) => {
    if (unit.pinned) pinned.push(index);
  });
  return pinned;
}

/** Test support: planning as before (issue 17): every unit is asked why it is mandatory. */
export function mandatoryCandidates(_state: EngineState): number[] | undefined {
  return undefined;
}
