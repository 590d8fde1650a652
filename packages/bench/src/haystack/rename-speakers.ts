import type { CairnMessage } from '@cairn/core';

/** A conversation's two speakers: the name behind its `user` turns and the one behind its `assistant` turns. */
export interface SpeakerPair {
  user: string;
  assistant: string;
}

function mostFrequentName(messages: readonly CairnMessage[], role: 'user' | 'assistant'): string | undefined {
  const counts = new Map<string, number>();
  for (const message of messages) if (message.role === role && message.name !== undefined) counts.set(message.name, (counts.get(message.name) ?? 0) + 1);
  let best: string | undefined;
  for (const [name, count] of counts) if (best === undefined || count > counts.get(best)! || (count === counts.get(best)! && name < best)) best = name;
  return best;
}

/**
 * The speaker behind each role of a conversation: the most frequent `name` of its `user` messages
 * and of its `assistant` messages (LoCoMo's `speaker_a` and `speaker_b`).
 *
 * @param messages - The conversation.
 * @returns The pair, or `undefined` when a role has no named message.
 */
export function findSpeakers(messages: readonly CairnMessage[]): SpeakerPair | undefined {
  const user = mostFrequentName(messages, 'user');
  const assistant = mostFrequentName(messages, 'assistant');
  return user === undefined || assistant === undefined ? undefined : { user, assistant };
}

const textOf = (message: CairnMessage): string => (typeof message.content === 'string' ? message.content : message.content.map((part) => part.text).join(' '));

/**
 * Short forms of the speakers' names that a conversation uses: a capitalised word that begins a
 * speaker's name, is shorter than it (2 letters or more), and never appears in lower case in the
 * conversation — "Mel" for Melanie, "Deb" for Deborah, "Jo" for Joanna, but not "And" for Andrew.
 *
 * @param messages - The conversation.
 * @param names - Its speakers' names.
 * @returns Short form → the full name it stands for.
 */
export function findNicknames(messages: readonly CairnMessage[], names: readonly string[]): Map<string, string> {
  const capitalised = new Set<string>();
  const lower = new Set<string>();
  for (const message of messages) {
    for (const word of textOf(message).match(/\p{L}+/gu) ?? []) (word[0] === word[0]!.toUpperCase() && word[0] !== word[0]!.toLowerCase() ? capitalised : lower).add(word);
  }
  const nicknames = new Map<string, string>();
  for (const word of [...capitalised].sort()) {
    if (word.length < 2 || lower.has(word.toLowerCase()) || names.includes(word)) continue;
    const owners = names.filter((name) => name.length > word.length && name.startsWith(word));
    if (owners.length === 1) nicknames.set(word, owners[0]!);
  }
  return nicknames;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Renames a conversation's speakers everywhere at once: each `name`, and every whole-word
 * occurrence of a speaker's name or short form ({@link findNicknames}) in text content. The
 * replacement is simultaneous, so swapping two names works. Ids, roles and timestamps are kept.
 *
 * @param messages - The conversation.
 * @param from - Its speakers.
 * @param to - The names they take (`from.user` → `to.user`, `from.assistant` → `to.assistant`).
 * @returns The renamed messages, in the same order.
 *
 * @example
 * ```ts
 * renameSpeakers(messages, { user: 'Jon', assistant: 'Gina' }, { user: 'Caroline', assistant: 'Melanie' });
 * ```
 */
export function renameSpeakers(messages: readonly CairnMessage[], from: SpeakerPair, to: SpeakerPair): CairnMessage[] {
  const names = new Map<string, string>([
    [from.user, to.user],
    [from.assistant, to.assistant],
  ]);
  const replacements = new Map(names);
  for (const [nickname, name] of findNicknames(messages, [from.user, from.assistant])) replacements.set(nickname, names.get(name)!);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(${[...replacements.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  const rename = (text: string): string => text.replace(pattern, (word) => replacements.get(word) ?? word);
  return messages.map((message) => ({
    ...message,
    ...(message.name !== undefined ? { name: names.get(message.name) ?? message.name } : {}),
    content: typeof message.content === 'string' ? rename(message.content) : message.content.map((part) => ({ ...part, text: rename(part.text) })),
  }));
}
