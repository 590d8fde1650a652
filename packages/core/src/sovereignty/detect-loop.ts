import type { LoopSignal } from '../options/index.js';
import type { AssistantTurnHashes } from './assistant-turn-hashes.js';

/** Settings of {@link detectLoop}. */
export interface DetectLoopOptions {
  /** Assistant messages looked back over (the last ones of `turns`). */
  window: number;
  /** Repeats within the window that make a loop. */
  repeats: number;
}

/**
 * Detects a loop: within the last `window` assistant messages, the same text or the same tool
 * call (name and arguments) at least `repeats` times. Successful calls count as much as failed
 * ones: an agent re-reading the same file or re-querying the same record over and over is stuck
 * whether or not the call succeeds. Among several repeating things the one seen most wins (ties:
 * the latest), so the signal names the strongest loop. Pure and deterministic.
 *
 * @param turns - Hashes of assistant messages, oldest first ({@link hashAssistantTurn}).
 * @param options - Window and repeats.
 * @returns The loop, or `undefined` when nothing repeats often enough.
 *
 * @example
 * ```ts
 * const turns = [a, a, a].map(hashAssistantTurn);
 * detectLoop(turns, { window: 8, repeats: 3 }); // { kind: 'content', count: 3, … }
 * ```
 */
export function detectLoop(turns: readonly AssistantTurnHashes[], { window, repeats }: DetectLoopOptions): LoopSignal | undefined {
  const seen = new Map<string, LoopSignal>();
  for (const turn of turns.slice(-window)) {
    const keys: { key: string; kind: LoopSignal['kind']; hash: string; toolName?: string }[] = [];
    if (turn.contentHash) keys.push({ key: `c:${turn.contentHash}`, kind: 'content', hash: turn.contentHash });
    // Parallel calls to the same thing in one message are one attempt.
    const once = new Set<string>();
    turn.callHashes.forEach((hash, index) => {
      if (once.has(hash)) return;
      once.add(hash);
      keys.push({ key: `t:${hash}`, kind: 'call', hash, toolName: turn.toolNames[index] });
    });
    for (const { key, kind, hash, toolName } of keys) {
      const known = seen.get(key);
      if (known) {
        known.count++;
        known.lastId = turn.id;
      } else {
        seen.set(key, toolName === undefined ? { kind, count: 1, hash, lastId: turn.id } : { kind, count: 1, hash, lastId: turn.id, toolName });
      }
    }
  }
  let best: LoopSignal | undefined;
  let bestOrder = -1;
  const order = new Map(turns.slice(-window).map((turn, index) => [turn.id, index]));
  for (const signal of seen.values()) {
    if (signal.count < repeats) continue;
    const at = order.get(signal.lastId) ?? -1;
    if (!best || signal.count > best.count || (signal.count === best.count && at > bestOrder)) {
      best = signal;
      bestOrder = at;
    }
  }
  return best && { ...best };
}
