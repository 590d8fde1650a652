import type { CairnMessage } from '@cairn/core';
import type { BenchmarkDataset, BenchmarkSession } from '../runner/benchmark-types.js';
import { createSeededRandom } from '../seeded-random.js';
import { interleave } from './interleave-sessions.js';
import { placeSessionDates } from './place-session-dates.js';
import { findSpeakers, renameSpeakers } from './rename-speakers.js';
import { splitSessions } from './split-sessions.js';

/** The seed of the haystack's interleaving unless one is given. */
export const DEFAULT_HAYSTACK_SEED = 17;

/** Options of {@link buildLocomoHaystack} and {@link createLocomoHaystackDataset}. */
export interface LocomoHaystackOptions {
  /** Seeds the order in which sessions are interleaved (mixed with the target's id). @default DEFAULT_HAYSTACK_SEED */
  seed?: number;
}

/** Options of {@link createLocomoHaystackDataset}. */
export interface LocomoHaystackDatasetOptions extends LocomoHaystackOptions {
  /** Ids of the target conversations, each given all the others as distractors. @default all of them */
  targets?: readonly string[];
}

/** Where a distractor message came from, in its `metadata.haystack`. */
export interface HaystackOrigin {
  /** The distractor conversation's id, e.g. `conv-30`. */
  conversation: string;
  /** The message's id there, e.g. `D3:4`. */
  id: string;
}

/** FNV-1a of a string: mixes the target's id into the seed. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** A distractor conversation with the target's speaker names and ids of its own: `<conversation>/<id>`. */
function disguise(distractor: BenchmarkSession, target: BenchmarkSession): CairnMessage[] {
  const to = findSpeakers(target.messages);
  const from = findSpeakers(distractor.messages);
  const renamed = to !== undefined && from !== undefined ? renameSpeakers(distractor.messages, from, to) : [...distractor.messages];
  return renamed.map((message) => ({
    ...message,
    id: `${distractor.id}/${message.id}`,
    metadata: { ...message.metadata, haystack: { conversation: distractor.id, id: message.id } satisfies HaystackOrigin },
  }));
}

/**
 * A long-memory haystack built the way LongMemEval builds its histories, from LoCoMo
 * conversations: the target conversation's sessions, in their order and untouched (ids, text,
 * timestamps), interleaved with every session of the distractor conversations (each in its own
 * order; the interleaving is seeded and uniform). Distractor sessions are disguised so that
 * nothing but their content tells them apart: their two speakers take the target's names (the
 * `user` speaker the target's `user` name, in `name` and in the text, short forms such as "Mel"
 * included; see `renameSpeakers`), they are dated inside the target's timeline
 * (`placeSessionDates`), and their ids become `<conversation>/<id>` (the origin is kept in
 * `metadata.haystack`). The target's probes are asked after the whole haystack with their
 * evidence ids unchanged, so LoCoMo's evidence recall applies as is.
 *
 * @param target - A LoCoMo conversation as `loadDatasets` reads it (`metadata.session` numbers).
 * @param distractors - Other conversations (not the target).
 * @param options - The seed.
 * @returns The haystack as a benchmark session `<target>+<n>` (n distractor conversations).
 * @throws Error when two messages of the haystack would share an id.
 *
 * @example
 * ```ts
 * const [conv26, conv30, conv41] = (await loadDatasets('../shared/data'))[0]!.sessions;
 * const haystack = buildLocomoHaystack(conv26!, [conv30!, conv41!]); // ~3× conv-26's length
 * ```
 */
export function buildLocomoHaystack(target: BenchmarkSession, distractors: readonly BenchmarkSession[], { seed = DEFAULT_HAYSTACK_SEED }: LocomoHaystackOptions = {}): BenchmarkSession {
  const sequences = [splitSessions(target.messages), ...distractors.map((distractor) => splitSessions(disguise(distractor, target)))];
  const order = interleave(sequences, createSeededRandom((seed + hashText(target.id)) >>> 0));
  const messages = placeSessionDates(order.map(({ item, from }) => ({ session: item, target: from === 0 }))).flat();
  const seen = new Set<string>();
  for (const message of messages) {
    if (seen.has(message.id)) throw new Error(`Invalid haystack for "${target.id}": two messages have the id "${message.id}"; give every distractor conversation its own id.`);
    seen.add(message.id);
  }
  return {
    id: `${target.id}+${distractors.length}`,
    messages,
    probes: target.probes.map((probe) => ({ ...probe, atMessageIndex: messages.length })),
    replay: 'conversation',
  };
}

/**
 * The `locomo-haystack` data set: one haystack ({@link buildLocomoHaystack}) per target
 * conversation, each with all the other conversations as distractors, so a haystack is about as
 * many times a conversation's length as there are conversations.
 *
 * @param conversations - LoCoMo conversations (the `locomo` data set's sessions, possibly from several folders).
 * @param options - The seed, and which conversations are targets.
 * @returns The data set.
 * @throws Error when fewer than two conversations are given, a target is not among them, or two share an id.
 *
 * @example
 * ```ts
 * const locomo = (await loadDatasets('../shared/data')).find((set) => set.name === 'locomo')!;
 * const haystack = createLocomoHaystackDataset(locomo.sessions);
 * ```
 */
export function createLocomoHaystackDataset(conversations: readonly BenchmarkSession[], { seed, targets }: LocomoHaystackDatasetOptions = {}): BenchmarkDataset {
  if (conversations.length < 2) throw new Error(`A haystack needs at least two conversations; got ${conversations.length}.`);
  const ids = conversations.map((conversation) => conversation.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate !== undefined) throw new Error(`Two conversations share the id "${duplicate}".`);
  const chosen = targets ?? ids;
  const missing = chosen.find((id) => !ids.includes(id));
  if (missing !== undefined) throw new Error(`Target "${missing}" is not among the conversations (${ids.join(', ')}).`);
  return {
    name: 'locomo-haystack',
    description: `LoCoMo haystacks (${conversations.length} conversations: each target's sessions among all the others', renamed and re-dated); evidence recall of the target's probes (categories 1–4)`,
    sessions: chosen.map((id) => {
      const target = conversations.find((conversation) => conversation.id === id)!;
      return buildLocomoHaystack(
        target,
        conversations.filter((conversation) => conversation !== target),
        seed === undefined ? {} : { seed },
      );
    }),
  };
}
