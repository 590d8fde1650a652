import { type AssistantTurnHashes, type CairnMessage, type DetectLoopOptions } from '@cairn/core';
import { detectWith, hashAgentTurns, usesTerms, type LoopDetectorKind } from './replay-loop-detection.js';

/** How often a detector says `stuck` over one agent's whole run. */
export interface StuckCount {
  /** Assistant messages after which the detector was checked. */
  turns: number;
  /** Of them, those at which it said stuck. */
  stuckTurns: number;
  /** Times stuck went from false to true (what a host sees as a new alarm). */
  raises: number;
}

/**
 * Replays one agent's messages through a detector to the end (not stopping at the first loop),
 * the way the engine checks it after each assistant message, and counts the turns it says stuck
 * and the times stuck is raised afresh.
 *
 * @param messages - One agent's context, in order (tool results right after their calls).
 * @param options - Window and repeats.
 * @param kind - Which detector (`naive` counts as `cairn` here: it has no engine form).
 * @returns The counts.
 */
export function countStuckRaises(messages: readonly CairnMessage[], options: DetectLoopOptions, kind: LoopDetectorKind): StuckCount {
  const turns: AssistantTurnHashes[] = [];
  const count: StuckCount = { turns: 0, stuckTurns: 0, raises: 0 };
  let stuck = false;
  for (const { hashes } of hashAgentTurns(messages, { terms: usesTerms(kind) })) {
    turns.push(hashes);
    const now = detectWith(kind, turns.slice(-options.window), options);
    count.turns++;
    if (now) count.stuckTurns++;
    if (now && !stuck) count.raises++;
    stuck = now;
  }
  return count;
}
