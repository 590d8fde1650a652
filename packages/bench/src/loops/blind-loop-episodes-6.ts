import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildCoderNovel6, CODER_NOVEL_KINDS_6, type CoderNovelKind6 } from './blind-set-6/coder-novel.js';
import { buildCoderObserved6, CODER_OBSERVED_KINDS_6, type CoderObservedKind6 } from './blind-set-6/coder-observed.js';
import { buildServiceNovel6, SERVICE_NOVEL_KINDS_6, type ServiceNovelKind6 } from './blind-set-6/service-novel.js';
import { buildServiceObserved6, SERVICE_OBSERVED_KINDS_6, type ServiceObservedKind6 } from './blind-set-6/service-observed.js';

/** What an episode of the sixth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind6 = ServiceObservedKind6 | ServiceNovelKind6 | CoderObservedKind6 | CoderNovelKind6;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum6 = 'observed' | 'novel';

/**
 * One episode of the sixth blind set, in the fifth set's shape (id, kind, stratum, label,
 * borderline, note, repeats, evidence ids, messages). `borderline` marks both sides: a loop of
 * exactly 3 repeats or of the reworded-handover kind, and the three non-loops that hold (or
 * nearly hold) the exact form of the rule because a protocol or the user requires it.
 */
export interface BlindLoopEpisode6 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind6;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum6;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
}

/** Every kind of the sixth blind set: customer service (observed, novel), then coding agents (observed, novel). */
export const BLIND_LOOP_KINDS_6: readonly BlindLoopEpisodeKind6[] = [...SERVICE_OBSERVED_KINDS_6, ...SERVICE_NOVEL_KINDS_6, ...CODER_OBSERVED_KINDS_6, ...CODER_NOVEL_KINDS_6];

/** The kinds whose pattern was found in the real runs (the README names the run and messages for each). */
export const OBSERVED_KINDS_6: readonly BlindLoopEpisodeKind6[] = [...SERVICE_OBSERVED_KINDS_6, ...CODER_OBSERVED_KINDS_6];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_6 = 3;

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind6, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(SERVICE_OBSERVED_KINDS_6, kind)) return buildServiceObserved6(kind, log, random, tier);
  if (isOf(SERVICE_NOVEL_KINDS_6, kind)) return buildServiceNovel6(kind, log, random, tier);
  if (isOf(CODER_OBSERVED_KINDS_6, kind)) return buildCoderObserved6(kind, log, random, tier);
  return buildCoderNovel6(kind as CoderNovelKind6, log, random, tier);
}

/**
 * One episode of the sixth blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts or tuning sets, and never ran a detector over it. `observed`
 * kinds are patterns found by reading the real tau-bench and CodeR runs (a split payment sent as
 * one card, two edit spellings alternating, a goto / web search / reopen round; and the work that
 * only looks like it: a confirmation that grows with each request, gift cards tried one by one, date-by-date searches, a traveller restating while the agent advances, rebalanced booking
 * amounts, scrolling up to a definition, `succeed` closing each role, a file reopened by each
 * role, an edit reworked per undefined name); `novel` kinds are invented (an Italian
 * "still checking", a seat map refetched for the same offer, a reworded handover to a closed
 * queue, a go tidy / build round, a blocked checkout / status round, a Japanese plan restated; and
 * bags per passenger, a mandated PIN check per write, a falling queue position, one migration per
 * call, benchmark runs for a median, a growing CI log). Labels by construction (see
 * `blind-set-6/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_6.length × BLIND_EPISODES_PER_KIND_6 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode6(index: number): BlindLoopEpisode6 {
  const kind = BLIND_LOOP_KINDS_6[index % BLIND_LOOP_KINDS_6.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_6.length) % 3;
  const id = `blind6-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 7_919 + 3_331, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum6 = OBSERVED_KINDS_6.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole sixth blind set: every kind `BLIND_EPISODES_PER_KIND_6` times (72 episodes of 24
 * kinds, 27 of them loops; 36 observed and 36 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes6(): BlindLoopEpisode6[] {
  return Array.from({ length: BLIND_LOOP_KINDS_6.length * BLIND_EPISODES_PER_KIND_6 }, (_, index) => blindLoopEpisode6(index));
}
