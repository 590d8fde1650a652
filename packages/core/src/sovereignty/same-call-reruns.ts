import { MIN_OUTPUT_TERMS } from './detect-restatement-loop.js';
import { jaccard } from './near-repeat-features.js';

const HAS_DIGIT = /\p{N}/u;

/** One call made again and again: its latest outcome and how often it came out so in a row. */
export interface Rerun {
  outcome: string;
  terms: readonly string[];
  count: number;
  /** Position of the turn that last counted (a turn counts once). */
  at: number;
  lastId: string;
}

/**
 * The same call (name and arguments) made again with nothing changed in between, answered with
 * the same outcome, whatever was read between the tries: reading changes nothing, so a command
 * re-run after reads only (a reproduction re-run while browsing) learns nothing new. Only outputs
 * of at least `MIN_OUTPUT_TERMS` terms count (as for the stall detector's runs: a short output
 * is too little to tell). Two answers are the same outcome when their masked hashes are equal, or
 * when their terms overlap by at least the similarity and every term of the new one was in the
 * previous one or already known to the window (a footer naming the file the agent just opened):
 * nothing new was learnt. An answer with a term
 * the window never held (a status, a percentage, a gate moved on), or without a value the previous
 * answer had (a seat gone from a seat map, a count that fell), starts the count afresh: the world moved. The
 * owner drops the record on a change of state.
 */
export class SameCallReruns {
  private readonly calls = new Map<string, Rerun>();

  /**
   * Counts one answer of a call.
   *
   * @param knownTerms - Terms the window held before this answer.
   * @param similarity - Term overlap (Jaccard) two answers that differ must reach to be the same outcome.
   * @returns The call's record, its count the tries in a row with this outcome; `undefined` for a short output.
   */
  see(callHash: string, outcome: string, terms: readonly string[], at: number, id: string, knownTerms: ReadonlySet<string>, similarity: number): Rerun | undefined {
    if (terms.length < MIN_OUTPUT_TERMS) return undefined;
    const known = this.calls.get(callHash);
    const learnt = (previous: Rerun): boolean => {
      const before = new Set(previous.terms);
      const now = new Set(terms);
      return terms.some((term) => !before.has(term) && !knownTerms.has(term)) || previous.terms.some((term) => !now.has(term) && HAS_DIGIT.test(term));
    };
    const same = known !== undefined && (known.outcome === outcome || (jaccard(known.terms, terms) >= similarity && !learnt(known)));
    if (!same) {
      const fresh: Rerun = { outcome, terms, count: 1, at, lastId: id };
      this.calls.set(callHash, fresh);
      return fresh;
    }
    if (known.at !== at) {
      known.count++;
      known.at = at;
      known.lastId = id;
    }
    known.outcome = outcome;
    known.terms = terms;
    return known;
  }
}
