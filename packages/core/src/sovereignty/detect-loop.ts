import type { LoopSignal } from '../options/index.js';
import type { AssistantTurnHashes } from './assistant-turn-hashes.js';
import { answersAskAgain } from './asks-again.js';
import { AskedAgainRuns, RequestedRuns } from './requested-repeats.js';
import { StandingOrderRuns } from './standing-orders.js';

/** Settings of {@link detectLoop}. */
export interface DetectLoopOptions {
  /** Assistant messages looked back over (the last ones of `turns`). */
  window: number;
  /** Repeats within the window that make a loop. */
  repeats: number;
}

interface Key {
  key: string;
  /** A call that is a standing order's step on a new item (StandingOrderRuns). */
  step?: boolean;
  kind: LoopSignal['kind'];
  hash: string;
  toolName?: string;
}

/**
 * Detects a loop: within the last `window` assistant messages, the same reply text (a message
 * without tool calls), or the same
 * tool call (name and arguments) with the same result, at least `repeats` times, with no new
 * successful change of state in between. Successful calls count as much as failed ones: an agent
 * re-reading the same unchanged file, or re-submitting the same rejected edit, is stuck whether or
 * not the call "succeeds". What keeps ordinary work from counting:
 * - a call is the same only with the same result (scrolling, or re-running a script whose output
 *   changed, is progress);
 * - a successful change not seen before in the window (a new edit, an install) starts the count
 *   afresh: re-running a test after each new edit is iteration, not a loop.
 * - the identical call made no more often than the user's latest turn asked for (`requestedRepeats`:
 *   "run the benchmark 5 times"; read only from turns hashed with `terms`; a count asked before the
 *   window grants the runs it has left, `RequestedRuns`) is what was asked, the replies reporting
 *   such runs restate nothing (a reply counted before a run asked for is dropped), and
 *   so is a reply given word for word again right after the user asks for it again
 *   (`answersAskAgain`: "once more, please"), and the identical call made in the turn right after
 *   the user asks for something again (`AskedAgainRuns`: its count so far is granted; a repeat
 *   made unasked past it counts).
 * - the identical call made again while a standing order of the user's holds ("verify the hash at
 *   every custody step"), each time narrated as a step on a new item (`StandingOrderRuns`, loops15).
 * Among several repeating things the one seen most wins (ties: the latest). Pure and deterministic.
 *
 * @param turns - Hashes of assistant messages, oldest first ({@link hashAssistantTurn}).
 * @param options - Window and repeats.
 * @returns The loop, or `undefined` when nothing repeats often enough.
 *
 * @example
 * ```ts
 * const turns = [a, a, a].map((message) => hashAssistantTurn(message));
 * detectLoop(turns, { window: 8, repeats: 3 }); // { kind: 'content', count: 3, … }
 * ```
 */
export function detectLoop(turns: readonly AssistantTurnHashes[], { window, repeats }: DetectLoopOptions): LoopSignal | undefined {
  const counts = new Map<string, LoopSignal>();
  const seenChanges = new Set<string>();
  const recent = turns.slice(-window);
  const order = new Map<string, number>();
  /** The latest reply's hash (a message without tool calls). */
  let previousReply: string | undefined;
  /** How many runs of one thing the user's latest turn asked for (`requestedRepeats`; 0: none, or turns hashed without terms). */
  const requested = new RequestedRuns(turns, window);
  /** The runs asked for when each call last counted: the identical call made no more often is what was asked. */
  const allowed = new Map<string, number>();
  /** The repeats of each call made right after the user asked for it again (AskedAgainRuns). */
  const askedAgain = new AskedAgainRuns();
  /** The repeats of each call a standing order grants, each on a new item (StandingOrderRuns, loops15). */
  const standing = new StandingOrderRuns(turns, window);
  recent.forEach((turn, position) => {
    order.set(turn.id, position);
    requested.heard(turn);
    standing.heard(turn);
    // A new successful change of state: what repeated before it may now turn out differently.
    for (const call of turn.calls) {
      if (!call.changed) continue;
      const change = `${call.callHash}:${call.resultHash}`;
      if (!seenChanges.has(change)) counts.clear();
      seenChanges.add(change);
    }
    const keys: Key[] = [];
    // A reply counts on its own; the text beside a call is the call's narration (the same "let me
    // scroll further" over new pages is progress): the call and its result decide.
    // A reply given again because the user asked for it again is the answer asked for (answersAskAgain).
    if (turn.contentHash && turn.calls.length === 0) {
      if (!answersAskAgain(turn, previousReply)) keys.push({ key: `c:${turn.contentHash}`, kind: 'content', hash: turn.contentHash });
      previousReply = turn.contentHash;
    }
    // Parallel calls to the same thing in one message are one attempt.
    const once = new Set<string>();
    for (const call of turn.calls) {
      const hash = `${call.callHash}:${call.resultHash}`;
      if (once.has(hash)) continue;
      once.add(hash);
      keys.push({ key: `t:${hash}`, kind: 'call', hash: call.callHash, toolName: call.toolName, step: standing.step(call.callHash, turn.narrationTerms) });
    }
    for (const { key, kind, hash, toolName, step } of keys) {
      const known = counts.get(key);
      if (known) {
        known.count++;
        known.lastId = turn.id;
      } else {
        counts.set(key, toolName === undefined ? { kind, count: 1, hash, lastId: turn.id } : { kind, count: 1, hash, lastId: turn.id, toolName });
      }
      if (kind !== 'call') continue;
      const count = counts.get(key)!.count;
      allowed.set(key, Math.max(requested.allowance(hash), askedAgain.see(key, count, turn.promptAsksAgain === true), standing.grant(key, count, step === true)));
      // A run the user's latest turn asked for ("play it four times") is progress: the replies
      // reporting the runs so far restate nothing (loops14).
      if (count <= requested.allowance(hash)) for (const [other, signal] of counts) if (signal.kind === 'content') counts.delete(other);
    }
  });
  let best: LoopSignal | undefined;
  let bestOrder = -1;
  for (const [key, signal] of counts) {
    if (signal.count < repeats || signal.count <= (allowed.get(key) ?? 0)) continue;
    const at = order.get(signal.lastId) ?? -1;
    if (!best || signal.count > best.count || (signal.count === best.count && at > bestOrder)) {
      best = signal;
      bestOrder = at;
    }
  }
  return best && { ...best };
}
