import type { CairnMessage } from '@cairn/core';
import { createSeededRandom } from '../seeded-random.js';
import { buildCoderEpisode, CODER_BLIND_KINDS, type CoderBlindKind } from './blind-set/coder-episodes.js';
import { BlindEpisodeWriter } from './blind-set/episode-writer.js';
import { buildTauEpisode, TAU_BLIND_KINDS, type TauBlindKind } from './blind-set/tau-episodes.js';

/** What a blind episode plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind = TauBlindKind | CoderBlindKind;

/** One episode of the blind restatement set: one agent's messages and its label. */
export interface BlindLoopEpisode {
  id: string;
  kind: BlindLoopEpisodeKind;
  /** The label, by the labellers' rule (the same thing ≥ 3 times without progress). */
  loop: boolean;
  /** A loop at the rule's minimum (exactly 3 repeats), as the labellers mark such units. */
  borderline: boolean;
  /** Why it is labelled so. */
  note: string;
  messages: CairnMessage[];
}

/** Every kind of the blind set, tau-bench style first. */
export const BLIND_LOOP_KINDS: readonly BlindLoopEpisodeKind[] = [...TAU_BLIND_KINDS, ...CODER_BLIND_KINDS];

/** How many episodes each kind gets. */
export const BLIND_EPISODES_PER_KIND = 3;

/**
 * One episode of the blind restatement set (issue 16): written before the detector it scores
 * was changed, to measure it on loops and hard non-loops it was not tuned on. tau-bench airline
 * style (customer-service dialogue with tool calls) and CodeR style (one agent's shell and edit
 * commands). Loops: refusals, requests and offers restated in new words to a pushing user, a
 * total recomputed with equivalent sums, a reproduction re-run with trivially different commands,
 * the same file window re-read with shifted lines, a block edit resubmitted with small changes,
 * exact repeats. Non-loops: polling with changing results, different refusals of different
 * requests, similar-sounding answers to different questions, progress through a list of ids,
 * retries after a state change, paging, test re-runs after real edits, a retry that succeeds on
 * the third try. Labels by construction. Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS.length × BLIND_EPISODES_PER_KIND − 1` for the set; any
 *   non-negative integer works (the kind cycles).
 * @returns The episode with its label.
 */
export function blindLoopEpisode(index: number): BlindLoopEpisode {
  const kind = BLIND_LOOP_KINDS[index % BLIND_LOOP_KINDS.length]!;
  const random = createSeededRandom(index * 104_729 + 31);
  const id = `blind-${index}`;
  const writer = new BlindEpisodeWriter(id);
  const built = kind.includes(':tau-') ? buildTauEpisode(kind as TauBlindKind, writer, random) : buildCoderEpisode(kind as CoderBlindKind, writer, random);
  const loop = kind.startsWith('loop:');
  return { id, kind, loop, borderline: loop && (built.borderline === true || built.repeats === 3), note: built.note, messages: writer.messages };
}

/**
 * The whole blind set: every kind `BLIND_EPISODES_PER_KIND` times.
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes(): BlindLoopEpisode[] {
  return Array.from({ length: BLIND_LOOP_KINDS.length * BLIND_EPISODES_PER_KIND }, (_, index) => blindLoopEpisode(index));
}
