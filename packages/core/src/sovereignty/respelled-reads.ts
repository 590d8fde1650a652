import type { CallObservation } from './assistant-turn-hashes.js';

export { MIN_SHORT_HEX_ID, shortHexIdsMasked } from './short-hex-ids.js';

/** One target read again and again under other spellings: how often, in how many spellings, and where it last counted. */
export interface RespelledRead {
  /** The answer, short hexadecimal ids masked (`shortIdlessHash`, else `steadyHash`). */
  answer: string;
  /** The distinct exact calls (spellings) that read it. */
  spellings: Set<string>;
  count: number;
  /** Position of the turn that last counted (a turn counts once). */
  at: number;
  lastId: string;
  hash: string;
  toolName: string;
}

/**
 * The same target read again with its name spelled another way (loops18: `CKT-3`, `ckt3`,
 * `CKT 3`, `tank_id` for `tank`; `targetHash`, see `targetSignature`) and answered alike: the same
 * masked answer but for short hexadecimal ids ({@link shortHexIdsMasked}) — a fresh query id is no
 * news. Trivially varied arguments and the same answer: a loop,
 * which the exact repeats (another call each time) and the reruns (a new term each time) miss.
 * Only records read in at least two spellings count (identical reads are the other rules'). A
 * different target (`T1` and `T10`), another answer or a changed value starts afresh; the owner
 * drops the records on a change of state or a user turn.
 */
export class RespelledReads {
  private readonly reads = new Map<string, RespelledRead>();

  /**
   * Counts one answered read.
   *
   * @returns Its record when read in at least two spellings; `undefined` otherwise (or without `targetHash`).
   */
  see(call: CallObservation, at: number, id: string): RespelledRead | undefined {
    if (call.targetHash === undefined) return undefined;
    const answer = call.shortIdlessHash ?? call.steadyHash ?? call.resultHash;
    const known = this.reads.get(call.targetHash);
    if (known === undefined || known.answer !== answer) {
      this.reads.set(call.targetHash, { answer, spellings: new Set([call.callHash]), count: 1, at, lastId: id, hash: call.targetHash, toolName: call.toolName });
      return undefined;
    }
    if (known.at !== at) {
      known.count++;
      known.at = at;
      known.lastId = id;
    }
    known.spellings.add(call.callHash);
    return known.spellings.size >= 2 ? known : undefined;
  }

  /** Drops every record (a change of state, a user turn). */
  clear(): void {
    this.reads.clear();
  }
}
