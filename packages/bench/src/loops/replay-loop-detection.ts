import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_RESTATEMENT_SIMILARITY, detectLoop, detectNearLoop, detectRestatementLoop, type RestatementSimilarity, hashAssistantTurn, type AssistantTurnHashes, type CairnMessage, type DetectLoopOptions, type DetectNearLoopOptions } from '@cairn/core';

/**
 * Which detector to replay: cairn's exact repeats (`cairn`), cairn's exact and near repeats
 * (`cairn+near`: reworded replies, failing calls with varied arguments), cairn's exact, near and
 * restatement repeats (`cairn+restate`: also replies restated with no new value, the same
 * successful output read again), or the naive baseline (same call or reply ≥ repeats times,
 * results and state changes ignored).
 */
export type LoopDetectorKind = 'cairn' | 'cairn+near' | 'cairn+restate' | 'naive';

/** What replaying a session through the loop detector found. */
export interface LoopReplay {
  /** The detector fired at some assistant message. */
  fired: boolean;
  /** Id of the first assistant message at which it fired. */
  firstAt?: string;
}

/**
 * Replays one agent's messages through the loop detector the way the engine sees them: after
 * each assistant message and its tool results, the last `window` assistant messages are checked.
 *
 * @param messages - One agent's context, in order (tool results right after their calls).
 * @param options - The detector's window and repeats.
 * @param kind - `cairn` (results and state changes count) or `naive` (the baseline).
 * @returns Whether and where it fired.
 */
export function replayLoopDetection(
  messages: readonly CairnMessage[],
  options: DetectLoopOptions,
  kind: LoopDetectorKind = 'cairn',
  similarity: Omit<DetectNearLoopOptions, 'window' | 'repeats'> = DEFAULT_NEAR_LOOP_SIMILARITY,
  restatement: RestatementSimilarity = DEFAULT_RESTATEMENT_SIMILARITY,
): LoopReplay {
  const results = new Map<string, CairnMessage>();
  for (const message of messages) if (message.role === 'tool' && message.toolCallId !== undefined) results.set(message.toolCallId, message);
  const turns: AssistantTurnHashes[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const answers = kind === 'naive' ? [] : (message.toolCalls ?? []).map((call) => results.get(call.id));
    const hashes = hashAssistantTurn(message, answers, { terms: kind === 'cairn+near' || kind === 'cairn+restate' });
    turns.push(kind === 'naive' ? { ...hashes, calls: hashes.calls.map((call) => ({ ...call, resultHash: '', changed: false })) } : hashes);
    const near = kind === 'cairn+near' || kind === 'cairn+restate';
    if (
      detectLoop(turns, options) ??
      (near ? detectNearLoop(turns, { ...options, ...similarity }) : undefined) ??
      (kind === 'cairn+restate' ? detectRestatementLoop(turns, { ...options, ...restatement }) : undefined)
    ) {
      return { fired: true, firstAt: message.id };
    }
  }
  return { fired: false };
}
