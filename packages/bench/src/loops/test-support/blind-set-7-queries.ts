import type { CairnMessage } from '@cairn/core';
import { canonical5, normalised5, text5 } from './blind-set-5-queries.js';

/** What the seventh set's test queries read of an episode. */
export interface QueriedEpisode7 {
  id: string;
  messages: CairnMessage[];
  evidenceIds: string[];
}

/** A message's text. */
export const text7 = text5;

/** A tool output with run times and the fifth set's noise removed (nothing of the seventh set's own). */
export const normalised7 = normalised5;

/** A call's signature: its tool name and its arguments with keys sorted. */
export function signature7(message: CairnMessage): string {
  const call = message.toolCalls![0]!;
  return `${call.name}${canonical5(call.arguments)}`;
}

/** A call message's arguments as a record. */
export function args7(message: CairnMessage): Record<string, unknown> {
  return message.toolCalls![0]!.arguments as Record<string, unknown>;
}

/** The message with `id`, its index and (for a tool call) its result. */
export function find7(episode: QueriedEpisode7, id: string): { index: number; message: CairnMessage; result?: CairnMessage } {
  const index = episode.messages.findIndex((message) => message.id === id);
  if (index < 0) throw new Error(`${episode.id}: no message ${id}`);
  const message = episode.messages[index]!;
  return { index, message, ...(message.toolCalls ? { result: episode.messages[index + 1] } : {}) };
}

/** The evidence messages of an episode with their results. */
export function evidence7(episode: QueriedEpisode7): { index: number; message: CairnMessage; result?: CairnMessage }[] {
  return episode.evidenceIds.map((id) => find7(episode, id));
}

/** An agent action as a key: a call by its sorted signature and normalised outcome, a reply by its text. */
export function actionKey7(episode: QueriedEpisode7, index: number): string {
  const message = episode.messages[index]!;
  return message.toolCalls ? `${signature7(message)} => ${normalised7(text7(episode.messages[index + 1]))}` : `say: ${text7(message)}`;
}

/** The agent's calls (as action keys) between two message indexes. */
export function callsBetween7(episode: QueriedEpisode7, from: number, to: number): string[] {
  return episode.messages.slice(from, to).flatMap((message, offset) => (message.toolCalls ? [actionKey7(episode, from + offset)] : []));
}
