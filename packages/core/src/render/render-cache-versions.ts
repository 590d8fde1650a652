import type { EngineState, RenderCache } from './engine-state.js';

/** What the log held when a render cache was made: its entries and the summaries recorded. */
const renderedAt = new WeakMap<RenderCache, { entries: number; summaries: number }>();

/** Records what the log holds now as what `cache` was rendered from. @internal */
export function recordRenderedAt(state: EngineState, cache: RenderCache): void {
  renderedAt.set(cache, { entries: state.log.entries.length, summaries: state.summaries.size });
}

/**
 * The first unit whose version may differ from the one `cache` rendered it at: a version changes
 * only when a message joins the unit (a tool result: an entry appended since) or a summary is
 * recorded for it (the summaries grew). Units before it need only their fidelity compared (the
 * log's units are not read). `0` when what the cache was rendered from is unknown; at most
 * `shared` (the units both have).
 * @internal
 */
export function firstVersionChange(state: EngineState, cache: RenderCache, shared: number): number {
  const at = renderedAt.get(cache);
  const { log } = state;
  if (at === undefined || at.summaries !== state.summaries.size || at.entries > log.entries.length) return 0;
  let lowest = shared;
  for (let position = at.entries; position < log.entries.length; position++) lowest = Math.min(lowest, log.entries[position]!.unit);
  return lowest;
}
