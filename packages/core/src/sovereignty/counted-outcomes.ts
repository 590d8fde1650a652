import type { CallObservation } from './assistant-turn-hashes.js';
import { movesOnlyCounters } from './steady-output.js';

/**
 * The outcomes of calls read with their counters masked: the identical call answered with the
 * same text (volatile tokens masked, `steadyHash`) in which only numbers rising by exactly one
 * moved ({@link risesByOne}: a turn counter, an attempt number) gets the outcome it had the time
 * before — the call counted itself, the world did not move (a handle numbered one more, `t-91`
 * after `t-90`, is a name, not a counter: see `outputNumbers`). So does the identical call answered
 * with the same text in which only values named an id by their key moved (`idlessHash`,
 * `namedIdsMasked`: a fresh request id of a format no mask knows, a rerun's new run id — loops14).
 * Each call is read once, in order.
 */
const NO_HANDLES: ReadonlySet<number> = new Set();

export class CountedOutcomes {
  readonly #last = new Map<string, { shape?: string; numbers?: readonly number[]; idless?: string; outcome: string }>();

  /**
   * The call's outcome: its masked result's hash, or the outcome the identical call had the time
   * before when only counters moved.
   *
   * @param call - The call, answered (`steadyHash`, `outputShape`, `outputNumbers` when hashed with terms).
   * @param handles - The numbers the latest change answered with (a run or job number it handed
   *   out): a number that moved to one of them names that change's new handle, as a counter does.
   * @returns The outcome to compare.
   */
  outcome(call: CallObservation, handles: ReadonlySet<number> = NO_HANDLES): string {
    const own = call.steadyHash ?? call.resultHash;
    const { outputShape: shape, outputNumbers: numbers, idlessHash: idless } = call;
    if ((shape === undefined || numbers === undefined) && idless === undefined) return own;
    const last = this.#last.get(call.callHash);
    const counters = last?.shape !== undefined && last.shape === shape && last.numbers !== undefined && numbers !== undefined && movesOnlyCounters(last.numbers, numbers, handles);
    // Only values named an id by their key moved (a fresh request id, a rerun's run id): a new handle, the same report (loops14).
    const handed = idless !== undefined && last?.idless === idless;
    const outcome = last !== undefined && (counters || handed) ? last.outcome : own;
    this.#last.set(call.callHash, { ...(shape === undefined ? {} : { shape }), ...(numbers === undefined ? {} : { numbers }), ...(idless === undefined ? {} : { idless }), outcome });
    return outcome;
  }
}
