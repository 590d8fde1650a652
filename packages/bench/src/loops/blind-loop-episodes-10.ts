import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildFieldNovel10, FIELD_NOVEL_KINDS_10, type FieldNovelKind10 } from './blind-set-10/field-novel.js';
import { buildOfficeNovel10, OFFICE_NOVEL_KINDS_10, type OfficeNovelKind10 } from './blind-set-10/office-novel.js';
import { buildServiceObserved10, SERVICE_OBSERVED_KINDS_10, type ServiceObservedKind10 } from './blind-set-10/service-observed.js';

/** What an episode of the tenth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind10 = ServiceObservedKind10 | OfficeNovelKind10 | FieldNovelKind10;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum10 = 'observed' | 'novel';

/**
 * One episode of the tenth blind set, in the ninth set's shape (id, kind, stratum, label,
 * borderline, note, repeats, evidence ids, messages). `borderline` marks a loop of exactly 3
 * repeats, and the non-loops that meet the rule's letter for a reason the rule excuses — a
 * protocol, the user's request, or a backoff longer than "a retry or two" (see
 * `blind-set-10/README.md`).
 */
export interface BlindLoopEpisode10 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind10;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum10;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
}

/** The observed kinds (all from tau-bench airline runs). */
export const OBSERVED_KINDS_10: readonly BlindLoopEpisodeKind10[] = [...SERVICE_OBSERVED_KINDS_10];

/**
 * Every kind of the tenth blind set: the observed kinds, then the novel ones (insurance claims,
 * real-estate listings, recruiting, the accounting close; playlist curation, security incident
 * response, a library catalogue, logistics dispatch).
 */
export const BLIND_LOOP_KINDS_10: readonly BlindLoopEpisodeKind10[] = [...OBSERVED_KINDS_10, ...OFFICE_NOVEL_KINDS_10, ...FIELD_NOVEL_KINDS_10];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_10 = 3;

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind10, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(SERVICE_OBSERVED_KINDS_10, kind)) return buildServiceObserved10(kind, log, random, tier);
  if (isOf(OFFICE_NOVEL_KINDS_10, kind)) return buildOfficeNovel10(kind, log, random, tier);
  return buildFieldNovel10(kind as FieldNovelKind10, log, random, tier);
}

/**
 * One episode of the tenth blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading real tau-bench runs no earlier set cites (a trip
 * code demanded again from a traveller who has none, a booking resubmitted with the same short
 * payment; and the work that only looks like it: a booking retried after the payment is
 * recomputed, one reservation read per code, one duration sum per itinerary); `novel` kinds are
 * invented in eight new domains (insurance claims, real-estate listings in Spanish, recruiting in
 * French, the accounting close, playlist curation, security incident response, a Polish library
 * catalogue, Japanese logistics dispatch) — loops behind volatile fields, argument jitter
 * (coordinates, casing, whitespace, key order), paraphrase, two-step rounds and re-announced
 * plans; non-loops that progress, page, back off, follow a protocol or a request. Labels by
 * construction (see `blind-set-10/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_10.length × BLIND_EPISODES_PER_KIND_10 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode10(index: number): BlindLoopEpisode10 {
  const kind = BLIND_LOOP_KINDS_10[index % BLIND_LOOP_KINDS_10.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_10.length) % 3;
  const id = `blind10-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 7_919 + 3_571, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum10 = OBSERVED_KINDS_10.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole tenth blind set: every kind `BLIND_EPISODES_PER_KIND_10` times (60 episodes of 20
 * kinds, 27 of them loops; 15 observed and 45 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes10(): BlindLoopEpisode10[] {
  return Array.from({ length: BLIND_LOOP_KINDS_10.length * BLIND_EPISODES_PER_KIND_10 }, (_, index) => blindLoopEpisode10(index));
}
