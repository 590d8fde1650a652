import type { CairnMessage } from '@cairn/core';
import { expect } from 'vitest';

/** What the well-formedness check reads of a blind-set episode. */
interface CheckedEpisode {
  id: string;
  messages: CairnMessage[];
  evidenceIds: string[];
}

/**
 * Asserts that a blind set's episodes are well formed (the fifth and sixth sets share it): each
 * starts with a system prompt, every message has string content and an id unique across the set,
 * non-tool messages without calls say something, each assistant call (one a message) is answered
 * by the next message with its id and name, and evidence ids name distinct assistant messages.
 */
export function expectWellFormedEpisodes(episodes: readonly CheckedEpisode[]): void {
  const all = new Set<string>();
  for (const episode of episodes) {
    expect(episode.messages[0]!.role).toBe('system');
    episode.messages.forEach((message, index) => {
      expect(all.has(message.id), message.id).toBe(false);
      all.add(message.id);
      expect(typeof message.content).toBe('string');
      if (message.role !== 'tool' && !message.toolCalls) expect(String(message.content ?? '').length, message.id).toBeGreaterThan(0);
      if (message.toolCalls) {
        expect(message.role).toBe('assistant');
        expect(message.toolCalls).toHaveLength(1);
        const next = episode.messages[index + 1];
        expect(next?.role).toBe('tool');
        expect(next?.toolCallId).toBe(message.toolCalls[0]!.id);
        expect(next?.name).toBe(message.toolCalls[0]!.name);
      }
      if (message.role === 'tool') expect(episode.messages[index - 1]!.toolCalls?.[0]?.id).toBe(message.toolCallId);
    });
    for (const id of episode.evidenceIds) expect(episode.messages.find((message) => message.id === id)?.role, `${episode.id} ${id}`).toBe('assistant');
    expect(new Set(episode.evidenceIds).size, episode.id).toBe(episode.evidenceIds.length);
  }
}
