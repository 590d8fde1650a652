import { applySteering, steerDeadEnds } from '../direction/index.js';
import type { ViewMessage } from '../log/index.js';
import type { AssembleResult, EngineState } from '../render/index.js';

/** A turn's dead-end steering as the assemble step uses it. @internal */
export interface ViewSteering {
  /** Joins the rescoring signature: what is steered changed, so every unit is rescored. */
  key: string;
  /** Steers the units scored this turn. */
  apply(turn: number): void;
  /** Undoes {@link ViewSteering.apply} (the view goes without its brief). */
  undo(): void;
  /** Adds `metadata.deadEnds` (the steered dead ends) to the result. */
  report(result: AssembleResult): AssembleResult;
}

const NONE: ViewSteering = { key: '', apply: () => {}, undo: () => {}, report: (result) => result };

/**
 * The dead-end steering of a turn (`deadEndSteering`): none when it is off or the view has no
 * brief (the brief is what keeps the lesson while the failed path scores lower). @internal
 */
export function steerView(state: EngineState, brief: ViewMessage | undefined): ViewSteering {
  const options = state.options.deadEndSteering;
  if (!options.enabled) return NONE;
  const steering = steerDeadEnds(state.log, brief ? state.deadEnds.list() : [], new Set(brief?.sourceIds ?? []), options);
  let undo: (() => void) | undefined;
  return {
    key: steering.key === '' ? '' : `|steer:${steering.key}`,
    apply(turn) {
      if (steering.weights.size > 0) undo = applySteering(state.units, steering, turn);
    },
    undo() {
      if (!undo) return;
      undo();
      undo = undefined;
      steering.matches = [];
      // The scores are unsteered now: rescore every unit next turn.
      state.lastSignature = '';
    },
    report(result) {
      result.metadata.deadEnds = { steered: steering.matches };
      return result;
    },
  };
}
