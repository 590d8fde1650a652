import { dialogueCues, referrersOf, syncToolKeys, unitTermIndex } from '../direction/index.js';
import type { EngineState } from '../render/index.js';

/**
 * Builds a restored log's derived indexes as part of the restore, where the engine the snapshot
 * came from held them: the term index (term → units, for intent match and BM25) and the units'
 * tool-call keys (tool and plan relevance) once it had scored units, the referrer index (unit →
 * units that refer to it, for a question's graph proximity) and the dialogue cues (first person,
 * asking: a question's dialogue focus) once it had been asked a question. A live engine brings
 * them up to date a few units per turn; a restored one would otherwise build them whole inside its
 * first view, the one the user waits for. An engine that never scored (every view passthrough)
 * gets none, as it had none. Nothing a view shows depends on when they are built (each is brought
 * up to the log before it is read), so views are the same. @internal
 */
export function buildRestoredIndexes(state: EngineState): void {
  if (state.units.some((unit) => unit.scoredTurn >= 0)) {
    unitTermIndex(state.log).sync(state.log);
    syncToolKeys(state.log.units);
  }
  if (state.lastQuery !== undefined) {
    referrersOf(state.log.units);
    dialogueCues(state.log);
  }
}
