import type { CairnMessage } from '@cairn/core';
import type { BlindLoopEpisode5 } from '../blind-loop-episodes-5.js';

/** A message's text. */
export const text5 = (message: CairnMessage | undefined): string => String(message?.content ?? '');

/**
 * A tool output with what does not count as news removed: run times (`0.42s`), the editor's
 * "(Open file: …)" status line, a sub-agent's trace id and clock time, a status record's
 * `checked_at` and `request_id`, and docker's layer hashes, build ids and step timings.
 */
export function normalised5(output: string): string {
  return output
    .replace(/\(Open file: [^)]*\)/g, '(Open file: F)')
    .replace(/trace [0-9a-f]+( · [\d:]+)?/g, 'trace T')
    .replace(/"(checked_at|request_id)":"[^"]*"/g, '"$1":"X"')
    .replace(/sha256:[0-9a-f]+/g, 'sha256:H')
    .replace(/build id [0-9a-f]+/g, 'build id B')
    .replace(/^(#\d+) \d+\.\d+ /gm, '$1 ')
    .replace(/\d+\.\d+s\b/g, 'Ns');
}

/** A value as JSON with object keys sorted (key order does not change a call). */
export function canonical5(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical5).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${canonical5(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A call's signature: its tool name and its arguments with keys sorted. */
export function signature5(message: CairnMessage): string {
  const call = message.toolCalls![0]!;
  return `${call.name}${canonical5(call.arguments)}`;
}

/** The message with `id`, its index and (for a tool call) its result. */
export function find5(episode: BlindLoopEpisode5, id: string): { index: number; message: CairnMessage; result?: CairnMessage } {
  const index = episode.messages.findIndex((message) => message.id === id);
  if (index < 0) throw new Error(`${episode.id}: no message ${id}`);
  const message = episode.messages[index]!;
  return { index, message, ...(message.toolCalls ? { result: episode.messages[index + 1] } : {}) };
}

/** The evidence messages of an episode with their results. */
export function evidence5(episode: BlindLoopEpisode5): { index: number; message: CairnMessage; result?: CairnMessage }[] {
  return episode.evidenceIds.map((id) => find5(episode, id));
}

/** An agent action as a key: a call by its sorted signature and normalised outcome, a reply by its text. */
export function actionKey5(episode: BlindLoopEpisode5, index: number): string {
  const message = episode.messages[index]!;
  return message.toolCalls ? `${signature5(message)} => ${normalised5(text5(episode.messages[index + 1]))}` : `say: ${text5(message)}`;
}

/** The agent's calls (as action keys) between two message indexes. */
export function callsBetween5(episode: BlindLoopEpisode5, from: number, to: number): string[] {
  return episode.messages.slice(from, to).flatMap((message, offset) => (message.toolCalls ? [actionKey5(episode, from + offset)] : []));
}

/** A call message's arguments as a record. */
export function args5(message: CairnMessage): Record<string, unknown> {
  return message.toolCalls![0]!.arguments as Record<string, unknown>;
}
