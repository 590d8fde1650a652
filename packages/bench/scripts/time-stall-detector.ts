/**
 * The stall detector's own cost for `loop-detection.ts` (issue 16, loops5): every unit's
 * assistant messages hashed once with terms and their user turns (untimed), then
 * `detectStallLoop` timed over the window after each assistant message, as the engine checks it.
 */
import { DEFAULT_STALL_SETTINGS, detectStallLoop, type AssistantTurnHashes, type CairnMessage, type DetectLoopOptions } from '@cairn/core';
import { hashAgentTurns } from '../src/index.js';

/**
 * Times the stall detector alone over the units.
 *
 * @param units - The units, each one agent's messages in order (tool results after their calls).
 * @param options - Window and repeats.
 * @returns Microseconds per assistant message (wall clock; noisy on a shared machine).
 */
export function timeStallDetector(units: readonly { messages: readonly CairnMessage[] }[], options: DetectLoopOptions): number {
  const hashed: AssistantTurnHashes[][] = units.map(({ messages }) => hashAgentTurns(messages, { terms: true }).map(({ hashes }) => hashes));
  const settings = { ...options, ...DEFAULT_STALL_SETTINGS };
  let checks = 0;
  const started = performance.now();
  for (const turns of hashed) {
    for (let end = 1; end <= turns.length; end++) detectStallLoop(turns.slice(Math.max(0, end - options.window), end), settings);
    checks += turns.length;
  }
  return checks === 0 ? 0 : ((performance.now() - started) * 1000) / checks;
}
