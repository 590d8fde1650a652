import type { AssistantTurnHashes } from './assistant-turn-hashes.js';

/**
 * Whether a turn's user words are the previous user's turn again with only volatile tokens moved
 * (loops14): the same text once stamps, generated ids and durations are masked
 * (`promptSteadyHash`), yet not the same text (`promptHash`) — an out-of-office auto-reply or a
 * bot's notice stamped anew each time it answers. Such a turn says nothing the agent had not
 * heard: it answers no question, names no new value and directs nothing. The same words said
 * again word for word (a user's "yes" to a new question) and words with no volatile token are not
 * judged. Memory: the latest user turn's two hashes.
 */
export class StampedPrompts {
  #last: { raw: string; steady: string | undefined } | undefined;

  /**
   * Reads one assistant turn's user words, in order.
   *
   * @param turn - The turn (its `promptHash` and `promptSteadyHash`; a turn without them has no user words).
   * @returns Whether its user words repeat the previous user's turn with only volatile tokens moved.
   */
  repeats(turn: AssistantTurnHashes): boolean {
    if (turn.promptHash === undefined) return false;
    const last = this.#last;
    this.#last = { raw: turn.promptHash, steady: turn.promptSteadyHash };
    return last !== undefined && turn.promptSteadyHash !== undefined && last.steady === turn.promptSteadyHash && last.raw !== turn.promptHash;
  }
}

/**
 * The turn as if no user had spoken before it (see {@link StampedPrompts}): its user-turn fields
 * dropped, the assistant's own kept.
 *
 * @param turn - An assistant turn.
 * @returns The turn without `prompt*` fields.
 */
export function withoutPrompt(turn: AssistantTurnHashes): AssistantTurnHashes {
  const { promptTerms: _terms, promptValues: _values, promptAffirms: _affirms, promptAsks: _asks, promptRepeats: _repeats, promptAsksAgain: _again, promptHash: _hash, promptSteadyHash: _steady, ...own } = turn;
  return own;
}
