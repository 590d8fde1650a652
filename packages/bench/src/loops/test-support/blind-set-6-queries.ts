import type { CairnMessage } from '@cairn/core';
import type { BlindLoopEpisode6 } from '../blind-loop-episodes-6.js';
import { canonical5, normalised5, text5 } from './blind-set-5-queries.js';

/** A message's text. */
export const text6 = text5;

/** A tool output with run times (`2.14s`) and the fifth set's noise removed. */
export const normalised6 = normalised5;

/** A call's signature: its tool name and its arguments with keys sorted. */
export function signature6(message: CairnMessage): string {
  const call = message.toolCalls![0]!;
  return `${call.name}${canonical5(call.arguments)}`;
}

/** The message with `id`, its index and (for a tool call) its result. */
export function find6(episode: BlindLoopEpisode6, id: string): { index: number; message: CairnMessage; result?: CairnMessage } {
  const index = episode.messages.findIndex((message) => message.id === id);
  if (index < 0) throw new Error(`${episode.id}: no message ${id}`);
  const message = episode.messages[index]!;
  return { index, message, ...(message.toolCalls ? { result: episode.messages[index + 1] } : {}) };
}

/** The evidence messages of an episode with their results. */
export function evidence6(episode: BlindLoopEpisode6): { index: number; message: CairnMessage; result?: CairnMessage }[] {
  return episode.evidenceIds.map((id) => find6(episode, id));
}

/** An agent action as a key: a call by its sorted signature and normalised outcome, a reply by its text. */
export function actionKey6(episode: BlindLoopEpisode6, index: number): string {
  const message = episode.messages[index]!;
  return message.toolCalls ? `${signature6(message)} => ${normalised6(text6(episode.messages[index + 1]))}` : `say: ${text6(message)}`;
}

/** The agent's calls (as action keys) between two message indexes. */
export function callsBetween6(episode: BlindLoopEpisode6, from: number, to: number): string[] {
  return episode.messages.slice(from, to).flatMap((message, offset) => (message.toolCalls ? [actionKey6(episode, from + offset)] : []));
}
