import { dialogueCues, referrersOf, syncSpeakers, syncToolKeys, unitTermIndex } from '../direction/index.js';
import type { EngineState } from '../render/index.js';
import { createUnitCosts, settledUnits, unitSourceIds } from '../render/index.js';
import { renderContext } from '../plan/index.js';

/**
 * Builds a restored log's derived indexes as part of the restore, where the engine the snapshot
 * came from held them: the term index (term → units, for intent match and BM25), the units'
 * tool-call keys (tool and plan relevance) and every settled unit's placeholder and compressed
 * estimate (what planning asks of every unit) once it had scored units; the referrer index (unit →
 * units that refer to it, for a question's graph proximity), the dialogue cues (first person,
 * asking: a question's dialogue focus) and the speakers (a question's speaker focus) once it had
 * been asked a question; the settled units' run index (the ids and tool tallies of merged
 * placeholder runs) once its last view showed placeholders; the units' message ids (what a
 * Background_Context block stands for) once it had a block. A live engine brings them up to date
 * a few units per turn; a restored one would otherwise build them whole inside its first view, the
 * one the user waits for. An engine that never scored (every view passthrough) gets none, as it
 * had none. Nothing a view shows depends on when they are built (each is brought up to the log
 * before it is read, and a placeholder and an estimate are pure functions of their unit's
 * version), so views are the same. @internal
 */
export function buildRestoredIndexes(state: EngineState): void {
  const { log } = state;
  if (state.units.some((unit) => unit.scoredTurn >= 0)) {
    unitTermIndex(log).sync(log);
    syncToolKeys(log.units);
    // With page ids shown a placeholder names its page, and naming pages assigns ids: left to the view.
    if (!state.options.pages.showPageIds) {
      const costs = createUnitCosts(log.units, renderContext(state));
      for (let index = 0; index < log.units.length; index++) {
        if (log.units[index]!.openCalls > 0) continue;
        costs.placeholder(index);
        costs.compressed(index);
      }
    }
  }
  if (state.lastQuery !== undefined) {
    referrersOf(log.units);
    dialogueCues(log);
    syncSpeakers(log);
  }
  if (state.units.some((unit) => unit.fidelity === 'placeholder')) settledUnits(log);
  if (state.background !== undefined) unitSourceIds(log);
}
