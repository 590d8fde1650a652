import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import type { Layout15 } from './blind-set-15/family.js';
import { buildObserved15, OBSERVED_KINDS_15_LIST, type ObservedKind15 } from './blind-set-15/observed.js';
import { buildStudioNovel15, STUDIO_NOVEL_KINDS_15, type StudioNovelKind15 } from './blind-set-15/studio-novel.js';
import { buildTradeNovel15, TRADE_NOVEL_KINDS_15, type TradeNovelKind15 } from './blind-set-15/trade-novel.js';

/** What an episode of the fifteenth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind15 = ObservedKind15 | TradeNovelKind15 | StudioNovelKind15;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum15 = 'observed' | 'novel';

/**
 * One episode of the fifteenth blind set, in the fourteenth set's shape (id, kind, stratum,
 * label, borderline, note, repeats, evidence ids, messages, layout). `borderline` marks a loop of
 * exactly 3 repeats, and the non-loops that meet the rule's letter for a reason the rule excuses —
 * a scale tared as a calibration rule says, labels printed as often as the grower asks (see
 * `blind-set-15/README.md`).
 */
export interface BlindLoopEpisode15 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind15;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum15;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
  /**
   * How the repeats (or look-alikes) are laid out: `step` back to back, `round2` rounds of two
   * steps (`WINDOW_15` gives the window in assistant messages that holds three of them).
   */
  layout: Layout15;
}

/** The observed kinds (tau-bench airline and CodeR runs). */
export const OBSERVED_KINDS_15: readonly BlindLoopEpisodeKind15[] = [...OBSERVED_KINDS_15_LIST];

/**
 * Every kind of the fifteenth blind set: the observed kinds, then the novel ones (a Dutch
 * florist, a Norwegian ferry line, a Spanish car-hire desk, a German recycling yard; an Italian
 * pottery studio, a Korean cinema, an English plant nursery, a Swiss mountain hut in French).
 */
export const BLIND_LOOP_KINDS_15: readonly BlindLoopEpisodeKind15[] = [...OBSERVED_KINDS_15, ...TRADE_NOVEL_KINDS_15, ...STUDIO_NOVEL_KINDS_15];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_15 = 3;

/** The kinds whose repeats are not back to back (every other kind is `step`). */
const LAYOUTS: Partial<Record<BlindLoopEpisodeKind15, Layout15>> = {
  'work:service-tagline-on-every-customer-turn': 'round2',
  'work:coder-test-rerun-after-each-real-fix': 'round2',
  'loop:carhire-upgrade-added-and-removed-cycle': 'round2',
  'loop:cinema-seat-map-read-and-hold-refused-cycle': 'round2',
  'work:cinema-subtitles-revalidated-after-each-fix': 'round2',
};

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind15, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(OBSERVED_KINDS_15_LIST, kind)) return buildObserved15(kind, log, random, tier);
  if (isOf(TRADE_NOVEL_KINDS_15, kind)) return buildTradeNovel15(kind, log, random, tier);
  return buildStudioNovel15(kind as StudioNovelKind15, log, random, tier);
}

/**
 * One episode of the fifteenth blind loop set (issue 16), written by a helper who never opened
 * the loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading real runs no earlier set cites — tau-bench (an
 * empty nonstop search; a customer's tagline on every turn) and CodeR (a block edit rejected by
 * the linter try after try; a symbol hunted with a new tool each miss; a test re-run after each
 * real fix); `novel` kinds are invented in eight new domains (a florist, a ferry line, car hire,
 * a recycling yard, a pottery studio, a cinema, a plant nursery, a mountain hut) — an identical
 * successful write, an identical failing booking, an upgrade added and removed, a read under a
 * new request id, one schedule given to every question, a seat-map / hold cycle, a bed respelled;
 * and look-alikes that count each vase, poll a shrinking queue, retry a corrected card, tare as a
 * rule says, page by cursor, re-validate after fixes, print the copies asked for, ask each night.
 * Labels by construction (see `blind-set-15/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_15.length × BLIND_EPISODES_PER_KIND_15 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode15(index: number): BlindLoopEpisode15 {
  const kind = BLIND_LOOP_KINDS_15[index % BLIND_LOOP_KINDS_15.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_15.length) % 3;
  const id = `blind15-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 7_927 + 6_151, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum15 = OBSERVED_KINDS_15.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, layout: LAYOUTS[kind] ?? 'step', messages: log.messages };
}

/**
 * The whole fifteenth blind set: every kind `BLIND_EPISODES_PER_KIND_15` times (60 episodes of
 * 20 kinds, 27 of them loops; 15 observed and 45 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes15(): BlindLoopEpisode15[] {
  return Array.from({ length: BLIND_LOOP_KINDS_15.length * BLIND_EPISODES_PER_KIND_15 }, (_, index) => blindLoopEpisode15(index));
}
