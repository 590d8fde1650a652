import type { EngineState } from '../../render/index.js';

/**
 * Test support: a restore that builds no derived index or cache (the term index, tool keys,
 * placeholders and estimates, referrers, cues, speakers, run index, message ids): each is built
 * inside the first view that reads it, as a live engine's first view does. Loaded in place of
 * `restore-indexes.ts` to check that building them at restore changes no view. @internal
 */
export function buildRestoredIndexes(state: EngineState): void {
  void state;
}
