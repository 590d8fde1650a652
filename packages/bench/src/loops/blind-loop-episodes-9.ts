import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildCareNovel9, CARE_NOVEL_KINDS_9, type CareNovelKind9 } from './blind-set-9/care-novel.js';
import { buildCoderObserved9, CODER_OBSERVED_KINDS_9, type CoderObservedKind9 } from './blind-set-9/coder-observed.js';
import { buildDeskNovel9, DESK_NOVEL_KINDS_9, type DeskNovelKind9 } from './blind-set-9/desk-novel.js';
import { buildRouteNovel9, ROUTE_NOVEL_KINDS_9, type RouteNovelKind9 } from './blind-set-9/route-novel.js';
import { buildServiceObserved9, SERVICE_OBSERVED_KINDS_9, type ServiceObservedKind9 } from './blind-set-9/service-observed.js';

/** What an episode of the ninth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind9 = ServiceObservedKind9 | CoderObservedKind9 | DeskNovelKind9 | CareNovelKind9 | RouteNovelKind9;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum9 = 'observed' | 'novel';

/**
 * One episode of the ninth blind set, in the eighth set's shape (id, kind, stratum, label,
 * borderline, note, repeats, evidence ids, messages). `borderline` marks both sides: a loop of
 * exactly 3 repeats, and the non-loops that meet the rule's letter for a reason the rule excuses —
 * a protocol, a runbook, the user's request, or a backoff longer than "a retry or two" (see
 * `blind-set-9/README.md`).
 */
export interface BlindLoopEpisode9 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind9;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum9;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
}

/** The observed kinds (tau-bench customer service, then CodeR coding agents). */
export const OBSERVED_KINDS_9: readonly BlindLoopEpisodeKind9[] = [...SERVICE_OBSERVED_KINDS_9, ...CODER_OBSERVED_KINDS_9];

/**
 * Every kind of the ninth blind set: the observed kinds, then the novel ones (contract review,
 * PDF extraction, an e-commerce catalogue; medical intake triage, a lab and literature agent, a
 * voice assistant; trip planning across APIs, a CI/CD bot).
 */
export const BLIND_LOOP_KINDS_9: readonly BlindLoopEpisodeKind9[] = [...OBSERVED_KINDS_9, ...DESK_NOVEL_KINDS_9, ...CARE_NOVEL_KINDS_9, ...ROUTE_NOVEL_KINDS_9];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_9 = 3;

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind9, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(SERVICE_OBSERVED_KINDS_9, kind)) return buildServiceObserved9(kind, log, random, tier);
  if (isOf(CODER_OBSERVED_KINDS_9, kind)) return buildCoderObserved9(kind, log, random, tier);
  if (isOf(DESK_NOVEL_KINDS_9, kind)) return buildDeskNovel9(kind, log, random, tier);
  if (isOf(CARE_NOVEL_KINDS_9, kind)) return buildCareNovel9(kind, log, random, tier);
  return buildRouteNovel9(kind as RouteNovelKind9, log, random, tier);
}

/**
 * One episode of the ninth blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading real tau-bench and CodeR runs no earlier set
 * cites (a refusal restated while the traveller insists, a Tester shuttling between two files;
 * and the work that only looks like it: one search per candidate airport, one cancellation
 * ritual per booking, paging down a file with the same words); `novel` kinds are invented in
 * eight new domains (contract review, PDF extraction, a shop catalogue, medical intake triage in
 * Spanish, a lab and literature agent, a German voice assistant, trip planning across APIs, a
 * CI/CD bot) — loops behind volatile fields, paraphrase, argument jitter, A/B rounds and
 * re-announced plans; non-loops that progress, page, back off, follow a protocol or a request.
 * Labels by construction (see `blind-set-9/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_9.length × BLIND_EPISODES_PER_KIND_9 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode9(index: number): BlindLoopEpisode9 {
  const kind = BLIND_LOOP_KINDS_9[index % BLIND_LOOP_KINDS_9.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_9.length) % 3;
  const id = `blind9-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 6_113 + 4_241, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum9 = OBSERVED_KINDS_9.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole ninth blind set: every kind `BLIND_EPISODES_PER_KIND_9` times (72 episodes of 24
 * kinds, 30 of them loops; 15 observed and 57 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes9(): BlindLoopEpisode9[] {
  return Array.from({ length: BLIND_LOOP_KINDS_9.length * BLIND_EPISODES_PER_KIND_9 }, (_, index) => blindLoopEpisode9(index));
}
