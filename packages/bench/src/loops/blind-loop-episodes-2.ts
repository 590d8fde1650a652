import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { buildCoderLoop, CODER_LOOP_KINDS, type CoderLoopKind } from './blind-set-2/coder-loops.js';
import { buildCoderWork, CODER_WORK_KINDS, type CoderWorkKind } from './blind-set-2/coder-work.js';
import { EpisodeLog, type BuiltEpisode2 } from './blind-set-2/episode-log.js';
import { buildServiceLoop, SERVICE_LOOP_KINDS, type ServiceLoopKind } from './blind-set-2/service-loops.js';
import { buildServiceWork, SERVICE_WORK_KINDS, type ServiceWorkKind } from './blind-set-2/service-work.js';

/** What an episode of the second blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind2 = ServiceLoopKind | ServiceWorkKind | CoderLoopKind | CoderWorkKind;

/**
 * One episode of the second blind set: the first set's shape (id, label, borderline, note,
 * messages) with this set's kinds, plus the ids of the messages that carry the label.
 */
export interface BlindLoopEpisode2 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind2;
  /** How many times the looping action occurs (3 … 8 for a loop, 0 for a non-loop). */
  repeats: number;
  /**
   * For a loop, the assistant message of each repetition (of each round, for a cycle); for a
   * non-loop, the look-alike messages that repeat without being a loop.
   */
  evidenceIds: string[];
}

/** Every kind of the second blind set: customer service (loops, then non-loops), then CodeR. */
export const BLIND_LOOP_KINDS_2: readonly BlindLoopEpisodeKind2[] = [...SERVICE_LOOP_KINDS, ...SERVICE_WORK_KINDS, ...CODER_LOOP_KINDS, ...CODER_WORK_KINDS];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5–8 repeats long). */
export const BLIND_EPISODES_PER_KIND_2 = 3;

function build(kind: BlindLoopEpisodeKind2, log: EpisodeLog, seed: number, tier: number): BuiltEpisode2 {
  const random = createSeededRandom(seed);
  if ((SERVICE_LOOP_KINDS as readonly string[]).includes(kind)) return buildServiceLoop(kind as ServiceLoopKind, log, random, tier);
  if ((SERVICE_WORK_KINDS as readonly string[]).includes(kind)) return buildServiceWork(kind as ServiceWorkKind, log, random);
  if ((CODER_LOOP_KINDS as readonly string[]).includes(kind)) return buildCoderLoop(kind as CoderLoopKind, log, random, tier);
  return buildCoderWork(kind as CoderWorkKind, log, random);
}

/**
 * One episode of the second blind loop set (issue 16), written by a helper who never saw the
 * loop detectors, their scripts or their tuning sets, to score a detector on loops and hard
 * non-loops it was not built against. Half tau-bench style (airline and retail customer service
 * with tool calls and a simulated user), half CodeR style (one SWE-agent's shell and editor
 * commands). Loops: a decline, a request for the same detail, the same options, or the same
 * policy restated in new words to a user who pushes; the same lookup or search with arguments
 * that differ only in key order, case, whitespace or flag spelling; the same test re-run with
 * cosmetically different commands; the same file region re-read; an equivalent edit resubmitted
 * after the same rejection; A-B-A-B cycles; loops that begin after real progress. Non-loops:
 * polling with changing results, different declines of different requests, the same call after
 * an applied change, the same action over a list of records or files, a retry that succeeds on
 * the third try, test re-runs after real edits, the same summary at two milestones, a user who
 * repeats themselves while the agent makes progress, the same search on different dates, the same
 * fix at different sites, an agent that asks again after each new fact, a test run around a
 * stash and its pop. Labels by construction (the labellers' rule: the same thing ≥ 3 times
 * with nothing new learned between; a loop of exactly 3 is borderline). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_2.length × BLIND_EPISODES_PER_KIND_2 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label.
 */
export function blindLoopEpisode2(index: number): BlindLoopEpisode2 {
  const kind = BLIND_LOOP_KINDS_2[index % BLIND_LOOP_KINDS_2.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_2.length) % 3;
  const id = `blind2-${index}`;
  const log = new EpisodeLog(id);
  const built = build(kind, log, index * 7_919 + 2_027, tier);
  const loop = kind.startsWith('loop:');
  return { id, kind, loop, borderline: loop && built.repeats === 3, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole second blind set: every kind `BLIND_EPISODES_PER_KIND_2` times (90 episodes, 39 of
 * them loops, 13 of those borderline).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes2(): BlindLoopEpisode2[] {
  return Array.from({ length: BLIND_LOOP_KINDS_2.length * BLIND_EPISODES_PER_KIND_2 }, (_, index) => blindLoopEpisode2(index));
}
