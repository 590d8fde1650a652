import type { EngineState, RenderCache } from '../engine-state.js';

/** Test support: the render cache as before (issue 17): every unit's version compared, from the first. */
export function recordRenderedAt(_state: EngineState, _cache: RenderCache): void {}

/** Test support: always 0 (compare every unit's version). */
export function firstVersionChange(_state: EngineState, _cache: RenderCache, _shared: number): number {
  return 0;
}
