import type { LoopSignal, RestatementSimilarity } from '../options/index.js';
import type { AssistantTurnHashes } from './assistant-turn-hashes.js';
import { MIN_REPLY_TERMS } from './detect-near-loop.js';
import { jaccard, valueKeys } from './near-repeat-features.js';

/** Settings of {@link detectRestatementLoop}: the window, the repeats and the similarities. */
export interface DetectRestatementLoopOptions extends RestatementSimilarity {
  /** Assistant messages looked back over. */
  window: number;
  /** Restatements within the window (the first statement included) that make a loop. */
  repeats: number;
}

/**
 * Fewest distinct terms a successful tool output needs to count as "the same output consumed
 * again": short outputs (`File updated.`, an empty search, a transfer) repeat by nature.
 */
export const MIN_OUTPUT_TERMS = 12;

interface Item {
  kind: 'content' | 'call';
  id: string;
  hash: string;
  terms: readonly string[];
  /** A reply naming a value no earlier reply in the window named (new information). */
  fresh: boolean;
  /** A reply naming values (new or not). */
  valued: boolean;
  /** New tool outputs seen in the window before it: a reply after a new output may say something new. */
  epoch: number;
  toolName?: string;
}

/**
 * Detects a restatement loop — the same thing said or read again in other words, with nothing
 * new — which exact and near repeats miss:
 * - replies that restate each other: every pair alike (term Jaccard ≥ `restatementSimilarity`,
 *   or ≥ `valueRestatementSimilarity` when both name values — an offer or answer with the same
 *   amounts restated while the conversation moves on is progress more often than not), with no
 *   new tool output between them, and none after the first naming a value (number, id, date,
 *   amount) that no earlier reply in the window named: a reply naming a new value reports
 *   something and never counts as a restatement. A refusal restated to a user who keeps pushing,
 *   the same request or offer in new words;
 * - the same successful tool output read again back to back (term Jaccard of the output's start
 *   ≥ `outputSimilarity`, at least {@link MIN_OUTPUT_TERMS} terms), whatever the arguments: the
 *   same file window re-read with a shifted line, the same script re-run with another command line.
 * At least `repeats` of them within the last `window` assistant messages, with no new successful
 * change of state in between (a new edit or write that applied starts the count afresh), make a
 * loop. Pure and deterministic; needs the turns hashed with `terms` ({@link hashAssistantTurn}).
 * Cost per call: O(k²) comparisons of bounded term lists for the k replies and outputs in the window.
 *
 * @returns The loop (the largest group; ties: the latest), marked `near`, or `undefined`.
 *
 * @example
 * ```ts
 * const turns = messages.map((message) => hashAssistantTurn(message, [], { terms: true }));
 * detectRestatementLoop(turns, { window: 8, repeats: 3, ...DEFAULT_RESTATEMENT_SIMILARITY });
 * ```
 */
export function detectRestatementLoop(turns: readonly AssistantTurnHashes[], options: DetectRestatementLoopOptions): LoopSignal | undefined {
  const items = collectItems(turns.slice(-options.window));
  let best: LoopSignal | undefined;
  let bestAt = -1;
  items.forEach((first, at) => {
    const group = first.kind === 'content' ? restatements(items, at, options) : rereads(items, at, options.outputSimilarity);
    const count = group.length;
    if (count < options.repeats) return;
    if (!best || count > best.count || (count === best.count && at > bestAt)) {
      best = { kind: first.kind, count, hash: first.hash, lastId: group[count - 1]!.id, near: true, ...(first.toolName === undefined ? {} : { toolName: first.toolName }) };
      bestAt = at;
    }
  });
  return best;
}

function collectItems(turns: readonly AssistantTurnHashes[]): Item[] {
  let items: Item[] = [];
  const seenChanges = new Set<string>();
  const said = new Set<string>();
  const outputs = new Set<string>();
  let epoch = 0;
  for (const turn of turns) {
    for (const call of turn.calls) {
      if (!call.changed) continue;
      const change = `${call.callHash}:${call.resultHash}`;
      if (!seenChanges.has(change)) items = [];
      seenChanges.add(change);
    }
    if (turn.calls.length === 0 && turn.contentTerms.length >= MIN_REPLY_TERMS) {
      const keys = valueKeys(turn.contentValues);
      const fresh = keys.some((key) => !said.has(key));
      for (const key of keys) said.add(key);
      items.push({ kind: 'content', id: turn.id, hash: turn.contentHash, terms: turn.contentTerms, fresh, valued: keys.length > 0, epoch });
    }
    for (const call of turn.calls) {
      if (call.failed || call.changed || call.resultTerms.length < MIN_OUTPUT_TERMS) continue;
      items.push({ kind: 'call', id: turn.id, hash: call.resultHash, terms: call.resultTerms, fresh: false, valued: false, epoch, toolName: call.toolName });
    }
    for (const call of turn.calls) {
      const output = `${call.callHash}:${call.resultHash}`;
      if (!outputs.has(output)) epoch++;
      outputs.add(output);
    }
  }
  return items;
}

/** The replies after `items[at]` that restate it and each other (a clique), it included. */
function restatements(items: readonly Item[], at: number, options: RestatementSimilarity): Item[] {
  const first = items[at]!;
  const group: Item[] = [first];
  for (let later = at + 1; later < items.length; later++) {
    const other = items[later]!;
    if (other.kind !== 'content' || other.fresh || other.epoch !== first.epoch) continue;
    const alike = (member: Item): boolean => jaccard(member.terms, other.terms) >= (member.valued && other.valued ? options.valueRestatementSimilarity : options.restatementSimilarity);
    if (group.every(alike)) group.push(other);
  }
  return group;
}

/** The outputs read back to back after `items[at]` that are the same as it, it included (another output read in between ends the run). */
function rereads(items: readonly Item[], at: number, similarity: number): Item[] {
  const first = items[at]!;
  const group: Item[] = [first];
  for (let later = at + 1; later < items.length; later++) {
    const other = items[later]!;
    if (other.kind !== 'call' || other.id === group[group.length - 1]!.id) continue;
    if (jaccard(first.terms, other.terms) < similarity) break;
    group.push(other);
  }
  return group;
}
