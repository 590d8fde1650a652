import type { CairnMessage } from '@cairn/core';
import type { BlindLoopEpisode4 } from '../blind-loop-episodes-4.js';

/** A message's text. */
export const text4 = (message: CairnMessage | undefined): string => String(message?.content ?? '');

/**
 * A tool output with what does not count as news removed: run times (`0.42s`), refund job ids
 * (`RF-4711`, a new one per enqueue) and the editor's "(Open file: …)" status line.
 */
export function normalised4(output: string): string {
  return output
    .replace(/\(Open file: [^)]*\)/g, '(Open file: F)')
    .replace(/\d+\.\d+s\b/g, 'Ns')
    .replace(/RF-\d+/g, 'RF-N');
}

/** A value as JSON with object keys sorted (key order does not change a call). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A call's signature: its tool name and its arguments with keys sorted. */
export function signature4(message: CairnMessage): string {
  const call = message.toolCalls![0]!;
  return `${call.name}${canonical(call.arguments)}`;
}

/** The message with `id`, its index and (for a tool call) its result. */
export function find4(episode: BlindLoopEpisode4, id: string): { index: number; message: CairnMessage; result?: CairnMessage } {
  const index = episode.messages.findIndex((message) => message.id === id);
  if (index < 0) throw new Error(`${episode.id}: no message ${id}`);
  const message = episode.messages[index]!;
  return { index, message, ...(message.toolCalls ? { result: episode.messages[index + 1] } : {}) };
}

/** The evidence messages of an episode with their results. */
export function evidence4(episode: BlindLoopEpisode4): { index: number; message: CairnMessage; result?: CairnMessage }[] {
  return episode.evidenceIds.map((id) => find4(episode, id));
}

/** An agent action as a key: a call by its sorted signature and normalised outcome, a reply by its text. */
export function actionKey(episode: BlindLoopEpisode4, index: number): string {
  const message = episode.messages[index]!;
  return message.toolCalls ? `${signature4(message)} => ${normalised4(text4(episode.messages[index + 1]))}` : `say: ${text4(message)}`;
}
