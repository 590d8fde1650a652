import type { LoopSignal, NearLoopSimilarity } from '../options/index.js';
import type { AssistantTurnHashes } from './assistant-turn-hashes.js';

/** Settings of {@link detectNearLoop}: the window, the repeats and the similarities. */
export interface DetectNearLoopOptions extends NearLoopSimilarity {
  /** Assistant messages looked back over. */
  window: number;
  /** Near repeats within the window that make a loop. */
  repeats: number;
}

interface Item {
  kind: LoopSignal['kind'];
  id: string;
  hash: string;
  toolName?: string;
  terms: readonly string[];
  resultTerms?: readonly string[];
}

/** Jaccard similarity of two sorted term lists. */
function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

/**
 * Detects a loop of near repeats, which exact hashes miss: the same reply in other words (term
 * overlap ≥ `replySimilarity`), or a failing call tried again with slightly varied arguments
 * (same tool, argument overlap ≥ `argumentSimilarity`) that fails the same way (result overlap ≥
 * `resultSimilarity`) — at least `repeats` of them within the last `window` assistant messages,
 * with no new successful change of state in between. Only failed calls count here (a successful
 * call with new arguments is progress; exact repeats of successful calls are `detectLoop`'s).
 * Pure and deterministic.
 *
 * @returns The loop (the most repeated near group; ties: the latest), or `undefined`.
 */
export function detectNearLoop(turns: readonly AssistantTurnHashes[], options: DetectNearLoopOptions): LoopSignal | undefined {
  let items: Item[] = [];
  const seenChanges = new Set<string>();
  for (const turn of turns.slice(-options.window)) {
    for (const call of turn.calls) {
      if (!call.changed) continue;
      const change = `${call.callHash}:${call.resultHash}`;
      if (!seenChanges.has(change)) items = [];
      seenChanges.add(change);
    }
    if (turn.calls.length === 0 && turn.contentTerms.length > 0) items.push({ kind: 'content', id: turn.id, hash: turn.contentHash, terms: turn.contentTerms });
    const tools = new Set<string>();
    for (const call of turn.calls) {
      // Parallel failing calls of one tool in one message are one attempt.
      if (!call.failed || tools.has(call.toolName)) continue;
      tools.add(call.toolName);
      items.push({ kind: 'call', id: turn.id, hash: call.callHash, toolName: call.toolName, terms: call.argumentTerms, resultTerms: call.resultTerms });
    }
  }
  let best: LoopSignal | undefined;
  let bestAt = -1;
  items.forEach((item, at) => {
    let count = 0;
    let lastId = item.id;
    for (const other of items) {
      if (other.kind !== item.kind || other.toolName !== item.toolName) continue;
      const near =
        item.kind === 'content'
          ? jaccard(item.terms, other.terms) >= options.replySimilarity
          : jaccard(item.terms, other.terms) >= options.argumentSimilarity && jaccard(item.resultTerms!, other.resultTerms!) >= options.resultSimilarity;
      if (!near) continue;
      count++;
      lastId = other.id;
    }
    if (count < options.repeats) return;
    if (!best || count > best.count || (count === best.count && at > bestAt)) {
      best = { kind: item.kind, count, hash: item.hash, lastId, near: true, ...(item.toolName !== undefined ? { toolName: item.toolName } : {}) };
      bestAt = at;
    }
  });
  return best;
}
