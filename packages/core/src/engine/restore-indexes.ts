import { referrersOf, unitTermIndex } from '../direction/index.js';
import type { EngineState } from '../render/index.js';

/**
 * Builds a restored log's derived indexes — the term index (term → units, for intent match and
 * BM25) and the referrer index (unit → units that refer to it, for graph proximity) — as part of
 * the restore. A live engine brings them up to date a few units per turn; a restored one would
 * otherwise build both whole inside its first view, the one the user waits for. Nothing a view
 * shows depends on when they are built (each is brought up to the log before it is read), so
 * views are the same. @internal
 */
export function buildRestoredIndexes(state: EngineState): void {
  unitTermIndex(state.log).sync(state.log);
  referrersOf(state.log.units);
}
