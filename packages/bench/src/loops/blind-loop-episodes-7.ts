import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildCoderObserved7, CODER_OBSERVED_KINDS_7, type CoderObservedKind7 } from './blind-set-7/coder-observed.js';
import { buildCrewNovel7, CREW_NOVEL_KINDS_7, type CrewNovelKind7 } from './blind-set-7/crew-novel.js';
import { buildDataNovel7, DATA_NOVEL_KINDS_7, type DataNovelKind7 } from './blind-set-7/data-novel.js';
import { buildOpsNovel7, OPS_NOVEL_KINDS_7, type OpsNovelKind7 } from './blind-set-7/ops-novel.js';
import { buildServiceObserved7, SERVICE_OBSERVED_KINDS_7, type ServiceObservedKind7 } from './blind-set-7/service-observed.js';
import { buildWebNovel7, WEB_NOVEL_KINDS_7, type WebNovelKind7 } from './blind-set-7/web-novel.js';

/** What an episode of the seventh blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind7 = ServiceObservedKind7 | CoderObservedKind7 | WebNovelKind7 | DataNovelKind7 | OpsNovelKind7 | CrewNovelKind7;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum7 = 'observed' | 'novel';

/**
 * One episode of the seventh blind set, in the sixth set's shape (id, kind, stratum, label,
 * borderline, note, repeats, evidence ids, messages). `borderline` marks both sides: a loop of
 * exactly 3 repeats, and the non-loops that meet the rule's letter (or nearly) for a reason the
 * rule excuses — a protocol, the user's request, a runbook's backoff, a check of a change just
 * made — or that wander without repeating anything 3 times (see `blind-set-7/README.md`).
 */
export interface BlindLoopEpisode7 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind7;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum7;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
}

/** The observed kinds (tau-bench customer service, then CodeR coding agents). */
export const OBSERVED_KINDS_7: readonly BlindLoopEpisodeKind7[] = [...SERVICE_OBSERVED_KINDS_7, ...CODER_OBSERVED_KINDS_7];

/** Every kind of the seventh blind set: the observed kinds, then the novel ones (web research, data / SQL, operations, multi-agent crews). */
export const BLIND_LOOP_KINDS_7: readonly BlindLoopEpisodeKind7[] = [...OBSERVED_KINDS_7, ...WEB_NOVEL_KINDS_7, ...DATA_NOVEL_KINDS_7, ...OPS_NOVEL_KINDS_7, ...CREW_NOVEL_KINDS_7];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_7 = 3;

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind7, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(SERVICE_OBSERVED_KINDS_7, kind)) return buildServiceObserved7(kind, log, random, tier);
  if (isOf(CODER_OBSERVED_KINDS_7, kind)) return buildCoderObserved7(kind, log, random, tier);
  if (isOf(WEB_NOVEL_KINDS_7, kind)) return buildWebNovel7(kind, log, random, tier);
  if (isOf(DATA_NOVEL_KINDS_7, kind)) return buildDataNovel7(kind, log, random, tier);
  if (isOf(OPS_NOVEL_KINDS_7, kind)) return buildOpsNovel7(kind, log, random, tier);
  return buildCrewNovel7(kind as CrewNovelKind7, log, random, tier);
}

/**
 * One episode of the seventh blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading the real tau-bench and CodeR runs (a write whose
 * answer echoes the old cabin, a goto to where the agent already is, an import promised but never
 * in the edit; and the work that only looks like it: a downgrade per reservation, a balance
 * recomputed after each change, a half-French traveller's cancellations, verbatim narration over
 * new edits, a script reopened between module edits, scrolling down then back up, a tester editing
 * its script until it passes); `novel` kinds are invented outside customer service and coding: a
 * research agent (cosmetic query variants, a paywall / archive cycle, a Dutch date respelled; result
 * pages, citations checked, Korean directions repeated on request), a SQL analyst (a reformatted
 * query, a refresh / count round, a Portuguese conclusion restated; an export job polled, counts
 * per table), an operations agent (a deployment whose only change is its age; a probe with backoff,
 * drains per node) and a crew orchestrator (a dispatch announced but never sent; a status round-up,
 * a protocol's checklist read at each hand-off). Labels by construction (see
 * `blind-set-7/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_7.length × BLIND_EPISODES_PER_KIND_7 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode7(index: number): BlindLoopEpisode7 {
  const kind = BLIND_LOOP_KINDS_7[index % BLIND_LOOP_KINDS_7.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_7.length) % 3;
  const id = `blind7-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 6_007 + 4_243, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum7 = OBSERVED_KINDS_7.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole seventh blind set: every kind `BLIND_EPISODES_PER_KIND_7` times (81 episodes of 27
 * kinds, 33 of them loops; 30 observed and 51 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes7(): BlindLoopEpisode7[] {
  return Array.from({ length: BLIND_LOOP_KINDS_7.length * BLIND_EPISODES_PER_KIND_7 }, (_, index) => blindLoopEpisode7(index));
}
