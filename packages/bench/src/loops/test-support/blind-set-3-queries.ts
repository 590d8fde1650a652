import type { CairnMessage } from '@cairn/core';
import type { BlindLoopEpisode3 } from '../blind-loop-episodes-3.js';

/** A message's text. */
export const text = (message: CairnMessage | undefined): string => String(message?.content ?? '');

/**
 * A tool output with what does not count as news removed: run times (`in 0.42s`, `0.42s`), the
 * `as_of` stamp of a status answer, a payment history (the only field a flip-flopping write
 * changes), and the editor's "(Open file: …)" status line (it names whatever the agent last opened).
 */
export function normalised(output: string): string {
  return output
    .replace(/\(Open file: [^)]*\)/g, '(Open file: F)')
    .replace(/\d+\.\d+s\b/g, 'Ns')
    .replace(/"as_of":"[^"]*"/g, '"as_of":"T"')
    .replace(/"payment_history":\[[^\]]*\]/g, '"payment_history":[]');
}

/** The message with `id` and (for a tool call) its result, with its index. */
export function find(episode: BlindLoopEpisode3, id: string): { index: number; message: CairnMessage; result?: CairnMessage } {
  const index = episode.messages.findIndex((message) => message.id === id);
  if (index < 0) throw new Error(`${episode.id}: no message ${id}`);
  const message = episode.messages[index]!;
  return { index, message, ...(message.toolCalls ? { result: episode.messages[index + 1] } : {}) };
}

/** A call's signature: its tool name and its arguments as JSON. */
export function signature(message: CairnMessage): string {
  const call = message.toolCalls![0]!;
  return JSON.stringify([call.name, call.arguments]);
}

/** The evidence messages of an episode with their results. */
export function evidence(episode: BlindLoopEpisode3): { index: number; message: CairnMessage; result?: CairnMessage }[] {
  return episode.evidenceIds.map((id) => find(episode, id));
}
