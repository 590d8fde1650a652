import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_RESTATEMENT_SIMILARITY, DEFAULT_STALL_SETTINGS, detectLoop, detectNearLoop, detectRestatementLoop, detectStallLoop, type RestatementSimilarity, hashAssistantTurn, type AssistantTurnHashes, type CairnMessage, type DetectLoopOptions, type DetectNearLoopOptions } from '@cairn/core';

/**
 * Which detector to replay: cairn's exact repeats (`cairn`), cairn's exact and near repeats
 * (`cairn+near`: reworded replies, failing calls with varied arguments), cairn's exact, near and
 * restatement repeats (`cairn+restate`: also replies restated with no new value, the same
 * successful output read again), cairn's exact, near and stall repeats (`cairn+stall`: also
 * replies that restate an earlier one's act or values while nothing new comes in, the same tool
 * output seen again whatever the call), or the naive baseline (same call or reply ≥ repeats
 * times, results and state changes ignored).
 */
export type LoopDetectorKind = 'cairn' | 'cairn+near' | 'cairn+restate' | 'cairn+stall' | 'naive';

/** Whether a detector kind needs the turns hashed with terms (near repeats and what builds on them). */
export const usesTerms = (kind: LoopDetectorKind): boolean => kind === 'cairn+near' || kind === 'cairn+restate' || kind === 'cairn+stall';

/**
 * Runs one detector kind over hashed turns (the last `window` of them are looked at): exact
 * repeats, then near repeats, restatements or stalls as the kind says. The naive kind runs the
 * exact detector (its turns are hashed without results).
 */
export function detectWith(kind: LoopDetectorKind, turns: readonly AssistantTurnHashes[], options: DetectLoopOptions): boolean {
  return Boolean(
    detectLoop(turns, options) ??
      (usesTerms(kind) ? detectNearLoop(turns, { ...options, ...DEFAULT_NEAR_LOOP_SIMILARITY }) : undefined) ??
      (kind === 'cairn+restate' ? detectRestatementLoop(turns, { ...options, ...DEFAULT_RESTATEMENT_SIMILARITY }) : undefined) ??
      (kind === 'cairn+stall' ? detectStallLoop(turns, { ...options, ...DEFAULT_STALL_SETTINGS }) : undefined),
  );
}

/** One assistant message of an agent's context and its hashes, as the engine reads it. */
export interface HashedTurn {
  message: CairnMessage;
  hashes: AssistantTurnHashes;
}

/**
 * Hashes every assistant message of one agent's context the way the engine does: with its tool
 * calls' results, and the user turns since the previous assistant message as its prompt.
 *
 * @param messages - One agent's context, in order (tool results right after their calls).
 * @param options - `terms`: hash with terms (near, restatement and stall detection need them);
 *   `results`: read the calls' results (`false` for the naive baseline, which ignores them).
 * @returns The assistant messages with their hashes, in order.
 */
export function hashAgentTurns(messages: readonly CairnMessage[], { terms, results: withResults = true }: { terms: boolean; results?: boolean }): HashedTurn[] {
  const results = new Map<string, CairnMessage>();
  for (const message of messages) if (message.role === 'tool' && message.toolCallId !== undefined) results.set(message.toolCallId, message);
  const turns: HashedTurn[] = [];
  let prompt: CairnMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') prompt.push(message);
    if (message.role !== 'assistant') continue;
    const answers = withResults ? (message.toolCalls ?? []).map((call) => results.get(call.id)) : [];
    turns.push({ message, hashes: hashAssistantTurn(message, answers, { terms, prompt }) });
    prompt = [];
  }
  return turns;
}

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
  const turns: AssistantTurnHashes[] = [];
  for (const { message, hashes } of hashAgentTurns(messages, { terms: usesTerms(kind), results: kind !== 'naive' })) {
    turns.push(kind === 'naive' ? { ...hashes, calls: hashes.calls.map((call) => ({ ...call, resultHash: '', changed: false })) } : hashes);
    const near = usesTerms(kind);
    if (
      detectLoop(turns, options) ??
      (near ? detectNearLoop(turns, { ...options, ...similarity }) : undefined) ??
      (kind === 'cairn+restate' ? detectRestatementLoop(turns, { ...options, ...restatement }) : undefined) ??
      (kind === 'cairn+stall' ? detectStallLoop(turns, { ...options, ...DEFAULT_STALL_SETTINGS }) : undefined)
    ) {
      return { fired: true, firstAt: message.id };
    }
  }
  return { fired: false };
}
