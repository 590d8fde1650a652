import type { LoopSignal, NearLoopSimilarity } from '../options/index.js';
import type { AssistantTurnHashes } from './assistant-turn-hashes.js';
import { jaccard, sameAttempt, type ArgumentLeaf } from './near-repeat-features.js';
import { answersAskAgain } from './asks-again.js';
import { RequestedRuns } from './requested-repeats.js';
import { asksNewTarget } from './echoed-terms.js';

/** Settings of {@link detectNearLoop}: the window, the repeats and the similarities. */
export interface DetectNearLoopOptions extends NearLoopSimilarity {
  /** Assistant messages looked back over. */
  window: number;
  /** Near repeats within the window that make a loop. */
  repeats: number;
}

/**
 * Fewest distinct terms a reply needs to be compared for rewording: the overlap of smaller term
 * sets is noise (two short templated lines share half their words by chance); short replies
 * count only when repeated exactly.
 */
export const MIN_REPLY_TERMS = 6;

interface Reply {
  kind: 'content';
  id: string;
  hash: string;
  terms: readonly string[];
  values: string;
  /** Who answered it (`promptSpeaker` of the turn after it), when the user turns name speakers (loops15). */
  answeredBy?: string;
}

interface Attempt {
  kind: 'call';
  /** How many runs the user's latest turn asked for when it was made (`requestedRepeats`). */
  requested: number;
  id: string;
  hash: string;
  toolName: string;
  leaves: readonly ArgumentLeaf[];
  resultTerms: readonly string[];
}

type Item = Reply | Attempt;

function near(item: Item, other: Item, options: NearLoopSimilarity): boolean {
  if (item.kind === 'content') {
    // A paraphrase names the same values (or none); a reply naming new ones reports progress.
    if (other.kind !== 'content' || item.values !== other.values) return false;
    if (item.terms.length < MIN_REPLY_TERMS || other.terms.length < MIN_REPLY_TERMS) return item.hash === other.hash;
    return jaccard(item.terms, other.terms) >= (item.values === '' ? options.replySimilarity : options.valueReplySimilarity);
  }
  return (
    other.kind === 'call' &&
    other.toolName === item.toolName &&
    sameAttempt(item.leaves, other.leaves, options.argumentSimilarity) &&
    jaccard(item.resultTerms, other.resultTerms) >= options.resultSimilarity
  );
}

/**
 * Detects a loop of near repeats, which exact hashes miss — the same thing done again with
 * trivial variation, meeting the same outcome, with nothing gained in between:
 * - the same reply in other words: the same value tokens (numbers, ids, dates, prices; a reply
 *   that names new values reports something new) and term overlap (Jaccard) ≥ `replySimilarity`
 *   for replies naming no values (a refusal, a request reworded) or ≥ `valueReplySimilarity` for
 *   replies naming the same values (an offer restated while the conversation moves on is
 *   progress more often than not); replies of fewer than {@link MIN_REPLY_TERMS} terms only when
 *   identical;
 * - a failing call tried again on the same target with slightly varied arguments: the same tool,
 *   every name or short value in the arguments equal (an id, a path, a page, a card: another one
 *   is a systematic try of a different value, not a repeat), the free-text values (code, a
 *   message) alike on average (Jaccard ≥ `argumentSimilarity`), and a result alike
 *   (≥ `resultSimilarity`). A failing call whose answer echoes mostly argument terms no earlier
 *   call asked about asks about a new target (`asksNewTarget`, loops17: a search for a new term
 *   each time): the failing tries of that tool before it are another thing.
 * At least `repeats` of them within the last `window` assistant messages (and more than the user's
 * latest turn asked for: `requestedRepeats`, "run it 5 times", before the window too — `RequestedRuns`;
 * replies before a run asked for are dropped: they report it; a reply given word for word again
 * right after the user asks for it again is not counted: `answersAskAgain`), with no new successful
 * change of state in between (a new edit or write that applied starts the count afresh). Replies
 * answered by different named people (`promptSpeaker` of the turn after each: a sign-off asked of
 * each editor in turn) are one request to each, not one said again (loops15): a group counts the
 * replies the one most frequent speaker answered, and those not answered by a named speaker yet. Only
 * failed calls count here: a successful call with varied arguments is progress, and exact repeats
 * of successful calls are `detectLoop`'s. Pure and deterministic; needs the turns hashed with
 * `terms` ({@link hashAssistantTurn}). Cost per call: O(k²) comparisons of bounded term lists for
 * the k replies and failed calls in the window.
 *
 * @returns The loop (the most repeated near group; ties: the latest), or `undefined`.
 *
 * @example
 * ```ts
 * const turns = messages.map((message) => hashAssistantTurn(message, [], { terms: true }));
 * detectNearLoop(turns, { window: 8, repeats: 3, ...DEFAULT_NEAR_LOOP_SIMILARITY });
 * ```
 */
export function detectNearLoop(turns: readonly AssistantTurnHashes[], options: DetectNearLoopOptions): LoopSignal | undefined {
  let items: Item[] = [];
  const seenChanges = new Set<string>();
  /** The latest reply's hash (a message without tool calls). */
  let previousReply: string | undefined;
  /** How many runs of one thing the user's latest turn asked for (0: none). */
  const requested = new RequestedRuns(turns, options.window);
  /** How often each call was made in the window. */
  const runs = new Map<string, number>();
  /** The latest turn's reply, if the latest turn was one: the next user turn answers it. */
  let lastReply: Reply | undefined;
  /** The argument terms of the calls so far (what was asked: an answer echoing none of them asks about a new target). */
  const asked = new Set<string>();
  for (const turn of turns.slice(-options.window)) {
    requested.heard(turn);
    if (lastReply && turn.promptSpeaker !== undefined) lastReply.answeredBy = turn.promptSpeaker;
    lastReply = undefined;
    for (const call of turn.calls) {
      if (!call.changed) continue;
      const change = `${call.callHash}:${call.resultHash}`;
      if (!seenChanges.has(change)) items = [];
      seenChanges.add(change);
    }
    // A reply given again because the user asked for it again is the answer asked for (answersAskAgain).
    if (turn.calls.length === 0 && turn.contentTerms.length > 0) {
      if (!answersAskAgain(turn, previousReply)) {
        lastReply = { kind: 'content', id: turn.id, hash: turn.contentHash, terms: turn.contentTerms, values: turn.contentValues.join(' ') };
        items.push(lastReply);
      }
      previousReply = turn.contentHash;
    }
    // A run the user's latest turn asked for ("play it four times") is progress: the replies
    // reporting the runs so far restate nothing (loops14).
    for (const call of turn.calls) {
      const count = (runs.get(call.callHash) ?? 0) + 1;
      runs.set(call.callHash, count);
      if (count <= requested.allowance(call.callHash)) items = items.filter((item) => item.kind !== 'content');
    }
    const tools = new Set<string>();
    for (const call of turn.calls) {
      // Parallel failing calls of one tool in one message are one attempt.
      if (!call.failed || tools.has(call.toolName)) continue;
      tools.add(call.toolName);
      // A failing call whose answer echoes mostly terms no call asked before asks about a new
      // target (a search for a new term): the failing tries of that tool before it are another thing (loops17).
      if (asksNewTarget(call.argumentTerms ?? [], call.resultTerms, asked)) items = items.filter((item) => item.kind !== 'call' || item.toolName !== call.toolName);
      items.push({ kind: 'call', requested: requested.allowance(call.callHash), id: turn.id, hash: call.callHash, toolName: call.toolName, leaves: call.argumentLeaves, resultTerms: call.resultTerms });
    }
    for (const call of turn.calls) for (const term of call.argumentTerms ?? []) asked.add(term);
  }
  let best: LoopSignal | undefined;
  let bestAt = -1;
  items.forEach((item, at) => {
    let lastId = item.id;
    let asked = 0;
    /** The near repeats by who answered them ('' : not answered by a named speaker yet). */
    const bySpeaker = new Map<string, number>();
    for (const other of items) {
      if (!near(item, other, options)) continue;
      const speaker = other.kind === 'content' ? (other.answeredBy ?? '') : '';
      bySpeaker.set(speaker, (bySpeaker.get(speaker) ?? 0) + 1);
      lastId = other.id;
      asked = other.kind === 'call' ? other.requested : 0;
    }
    // The same request put to different people is one request to each (loops15): only the replies
    // one speaker answered, and those no named speaker answered yet, are said again to the same one.
    const unanswered = bySpeaker.get('') ?? 0;
    bySpeaker.delete('');
    const count = unanswered + Math.max(0, ...bySpeaker.values());
    // The same call tried no more often than the user's latest turn asked for is what was asked.
    if (count < options.repeats || count <= asked) return;
    if (!best || count > best.count || (count === best.count && at > bestAt)) {
      best = { kind: item.kind, count, hash: item.hash, lastId, near: true, ...(item.kind === 'call' ? { toolName: item.toolName } : {}) };
      bestAt = at;
    }
  });
  return best;
}
