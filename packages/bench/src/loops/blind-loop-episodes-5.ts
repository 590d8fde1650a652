import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { buildCoderNovelLoop5, CODER_NOVEL_LOOP_KINDS_5, type CoderNovelLoopKind5 } from './blind-set-5/coder-novel-loops.js';
import { buildCoderNovelWork5, CODER_NOVEL_WORK_KINDS_5, type CoderNovelWorkKind5 } from './blind-set-5/coder-novel-work.js';
import { buildCoderObservedLoop5, CODER_OBSERVED_LOOP_KINDS_5, type CoderObservedLoopKind5 } from './blind-set-5/coder-observed-loops.js';
import { buildCoderObservedWork5, CODER_OBSERVED_WORK_KINDS_5, type CoderObservedWorkKind5 } from './blind-set-5/coder-observed-work.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildServiceNovelLoop5, SERVICE_NOVEL_LOOP_KINDS_5, type ServiceNovelLoopKind5 } from './blind-set-5/service-novel-loops.js';
import { buildServiceNovelWork5, SERVICE_NOVEL_WORK_KINDS_5, type ServiceNovelWorkKind5 } from './blind-set-5/service-novel-work.js';
import { buildServiceObservedLoop5, SERVICE_OBSERVED_LOOP_KINDS_5, type ServiceObservedLoopKind5 } from './blind-set-5/service-observed-loops.js';
import { buildServiceObservedWork5, SERVICE_OBSERVED_WORK_KINDS_5, type ServiceObservedWorkKind5 } from './blind-set-5/service-observed-work.js';

/** What an episode of the fifth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind5 =
  | ServiceObservedLoopKind5
  | ServiceNovelLoopKind5
  | ServiceObservedWorkKind5
  | ServiceNovelWorkKind5
  | CoderObservedLoopKind5
  | CoderNovelLoopKind5
  | CoderObservedWorkKind5
  | CoderNovelWorkKind5;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum5 = 'observed' | 'novel';

/**
 * One episode of the fifth blind set, in the fourth set's shape (id, kind, label, borderline,
 * note, repeats, evidence ids, messages) plus its stratum. `borderline` marks both sides: a loop
 * of exactly 3 repeats or of the claim-poll kind, and the non-loops that look most like loops (a
 * sweep re-run for a new question, a verbatim mandated disclosure, two identical rejected edits).
 */
export interface BlindLoopEpisode5 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind5;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum5;
  /** How many times the looping thing occurs (3 … 7; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
}

/** Every kind of the fifth blind set: customer service (loops, non-loops), then coding agents (loops, non-loops); observed before novel. */
export const BLIND_LOOP_KINDS_5: readonly BlindLoopEpisodeKind5[] = [
  ...SERVICE_OBSERVED_LOOP_KINDS_5,
  ...SERVICE_NOVEL_LOOP_KINDS_5,
  ...SERVICE_OBSERVED_WORK_KINDS_5,
  ...SERVICE_NOVEL_WORK_KINDS_5,
  ...CODER_OBSERVED_LOOP_KINDS_5,
  ...CODER_NOVEL_LOOP_KINDS_5,
  ...CODER_OBSERVED_WORK_KINDS_5,
  ...CODER_NOVEL_WORK_KINDS_5,
];

/** The kinds whose pattern was found in the real runs (the README names the run and turns for each). */
export const OBSERVED_KINDS_5: readonly BlindLoopEpisodeKind5[] = [...SERVICE_OBSERVED_LOOP_KINDS_5, ...SERVICE_OBSERVED_WORK_KINDS_5, ...CODER_OBSERVED_LOOP_KINDS_5, ...CODER_OBSERVED_WORK_KINDS_5];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_5 = 3;

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind5, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(SERVICE_OBSERVED_LOOP_KINDS_5, kind)) return buildServiceObservedLoop5(kind, log, random, tier);
  if (isOf(SERVICE_NOVEL_LOOP_KINDS_5, kind)) return buildServiceNovelLoop5(kind, log, random, tier);
  if (isOf(SERVICE_OBSERVED_WORK_KINDS_5, kind)) return buildServiceObservedWork5(kind, log, random, tier);
  if (isOf(SERVICE_NOVEL_WORK_KINDS_5, kind)) return buildServiceNovelWork5(kind, log, random, tier);
  if (isOf(CODER_OBSERVED_LOOP_KINDS_5, kind)) return buildCoderObservedLoop5(kind, log, random, tier);
  if (isOf(CODER_NOVEL_LOOP_KINDS_5, kind)) return buildCoderNovelLoop5(kind, log, random, tier);
  if (isOf(CODER_OBSERVED_WORK_KINDS_5, kind)) return buildCoderObservedWork5(kind, log, random, tier);
  return buildCoderNovelWork5(kind as CoderNovelWorkKind5, log, random, tier);
}

/**
 * One episode of the fifth blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts or tuning sets, and never ran a detector over it. Two strata:
 * `observed` kinds are patterns found by reading the real tau-bench and CodeR runs (a change
 * resent with a stale leg despite corrections, a booking retried after private notes, a trip
 * code asked for after the traveller said they lack it, a Tester re-running an unchanged script,
 * a rejected edit with a jittering line range, one block rewritten successfully; and the work
 * that only looks like it: trip scans, leg sweeps, payment swaps, a sweep re-run for a new
 * question, the user guessing trips, a file-by-file symbol hunt, reproduction setup churn, an
 * indentation slip, loosened queries, a role relay); `novel` kinds are invented (a fare
 * sub-agent re-asked with fresh trace ids, a German address re-confirmation, a claim polled with
 * only timestamps changing, a four-step cart rebuild, Rust check/test alternation, a
 * Planner/Executor step re-delegated, docker rebuilds with changing hashes; and their non-loop
 * twins plus a French closing phrase, a mandated verbatim disclosure, narrowing itinerary rounds,
 * `npm test` per package, review rounds). Labels by construction (see `blind-set-5/README.md`).
 * Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_5.length × BLIND_EPISODES_PER_KIND_5 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode5(index: number): BlindLoopEpisode5 {
  const kind = BLIND_LOOP_KINDS_5[index % BLIND_LOOP_KINDS_5.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_5.length) % 3;
  const id = `blind5-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 6_151 + 2_897, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum5 = OBSERVED_KINDS_5.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole fifth blind set: every kind `BLIND_EPISODES_PER_KIND_5` times (96 episodes of 32
 * kinds, 39 of them loops; 48 observed and 48 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes5(): BlindLoopEpisode5[] {
  return Array.from({ length: BLIND_LOOP_KINDS_5.length * BLIND_EPISODES_PER_KIND_5 }, (_, index) => blindLoopEpisode5(index));
}
