/**
 * The stall detector's own cost for `loop-detection.ts` (issue 16, loops5): every unit's
 * assistant messages hashed once with terms and their user turns (untimed), then
 * `detectStallLoop` timed over the window after each assistant message, as the engine checks it.
 */
import { DEFAULT_STALL_SETTINGS, detectStallLoop, hashAssistantTurn, type AssistantTurnHashes, type CairnMessage, type DetectLoopOptions } from '@cairn/core';

/**
 * Times the stall detector alone over the units.
 *
 * @param units - The units, each one agent's messages in order (tool results after their calls).
 * @param options - Window and repeats.
 * @returns Microseconds per assistant message (wall clock; noisy on a shared machine).
 */
export function timeStallDetector(units: readonly { messages: readonly CairnMessage[] }[], options: DetectLoopOptions): number {
  const hashed: AssistantTurnHashes[][] = units.map(({ messages }) => {
    const results = new Map<string, CairnMessage>();
    for (const message of messages) if (message.role === 'tool' && message.toolCallId !== undefined) results.set(message.toolCallId, message);
    const turns: AssistantTurnHashes[] = [];
    let prompt: CairnMessage[] = [];
    for (const message of messages) {
      if (message.role === 'user') prompt.push(message);
      if (message.role !== 'assistant') continue;
      turns.push(hashAssistantTurn(message, (message.toolCalls ?? []).map((call) => results.get(call.id)), { terms: true, prompt }));
      prompt = [];
    }
    return turns;
  });
  const settings = { ...options, ...DEFAULT_STALL_SETTINGS };
  let checks = 0;
  const started = performance.now();
  for (const turns of hashed) {
    for (let end = 1; end <= turns.length; end++) detectStallLoop(turns.slice(Math.max(0, end - options.window), end), settings);
    checks += turns.length;
  }
  return checks === 0 ? 0 : ((performance.now() - started) * 1000) / checks;
}
