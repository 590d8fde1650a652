import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import type { Layout14 } from './blind-set-14/family.js';
import { buildKeepNovel14, KEEP_NOVEL_KINDS_14, type KeepNovelKind14 } from './blind-set-14/keep-novel.js';
import { buildObserved14, OBSERVED_KINDS_14_LIST, type ObservedKind14 } from './blind-set-14/observed.js';
import { buildTradeNovel14, TRADE_NOVEL_KINDS_14, type TradeNovelKind14 } from './blind-set-14/trade-novel.js';

/** What an episode of the fourteenth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind14 = ObservedKind14 | TradeNovelKind14 | KeepNovelKind14;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum14 = 'observed' | 'novel';

/**
 * One episode of the fourteenth blind set, in the thirteenth set's shape (id, kind, stratum,
 * label, borderline, note, repeats, evidence ids, messages, layout). `borderline` marks a loop of
 * exactly 3 repeats, and the non-loops that meet the rule's letter for a reason the rule excuses —
 * a hive weighed as often as a protocol says (see `blind-set-14/README.md`).
 */
export interface BlindLoopEpisode14 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind14;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum14;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
  /**
   * How the repeats (or look-alikes) are laid out: `step` back to back, `round2` rounds of two
   * steps, `round3` rounds of three (`WINDOW_14` gives the window in assistant messages that holds
   * three of them).
   */
  layout: Layout14;
}

/** The observed kinds (tau-bench airline and CodeR runs). */
export const OBSERVED_KINDS_14: readonly BlindLoopEpisodeKind14[] = [...OBSERVED_KINDS_14_LIST];

/**
 * Every kind of the fourteenth blind set: the observed kinds, then the novel ones (a French
 * bakery, a Polish dental clinic, a Danish bike-share operator, a Czech brewery; an English
 * apiary, a Japanese hotel front desk, a Brazilian industrial laundry, a Finnish choir).
 */
export const BLIND_LOOP_KINDS_14: readonly BlindLoopEpisodeKind14[] = [...OBSERVED_KINDS_14, ...TRADE_NOVEL_KINDS_14, ...KEEP_NOVEL_KINDS_14];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_14 = 3;

/** The kinds whose repeats are not back to back (every other kind is `step`). */
const LAYOUTS: Partial<Record<BlindLoopEpisodeKind14, Layout14>> = {
  'loop:coder-comment-only-edit-and-same-traceback': 'round2',
  'work:coder-reproducer-grown-between-runs': 'round2',
  'work:bakery-dough-proof-checked-until-it-doubles': 'round2',
  'loop:bikeshare-bikes-moved-there-and-back': 'round2',
  'work:bikeshare-dock-reset-after-each-real-repair': 'round2',
  'loop:hotel-search-hold-release-three-step-cycle': 'round3',
  'loop:laundry-machine-reset-and-same-fault-cycle': 'round2',
  'work:choir-room-rechecked-after-each-booking-move': 'round2',
};

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind14, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(OBSERVED_KINDS_14_LIST, kind)) return buildObserved14(kind, log, random, tier);
  if (isOf(TRADE_NOVEL_KINDS_14, kind)) return buildTradeNovel14(kind, log, random, tier);
  return buildKeepNovel14(kind as KeepNovelKind14, log, random, tier);
}

/**
 * One episode of the fourteenth blind loop set (issue 16), written by a helper who never opened
 * the loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading real runs no earlier set cites — tau-bench (a
 * membership plea refused again in new words; several listed bookings cancelled in turn) and
 * CodeR (comment-only edits with the same traceback; a file scrolled page by page; a reproducer
 * grown between runs); `novel` kinds are invented in eight new domains (a bakery, a dental
 * clinic, bike share, a brewery, an apiary, a hotel, an industrial laundry, a choir) — an
 * identical successful write, an identical failing fetch, bikes moved there and back, a tank
 * respelled, a report restated to each acknowledgement, a search / hold / release cycle, a reset
 * with the same fault; and look-alikes that poll a real rise, message different patients, retry
 * after real repairs, page by offset, weigh as a protocol says, ask an earlier time, weigh each
 * client, re-read a room after each move. Labels by construction (see `blind-set-14/README.md`).
 * Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_14.length × BLIND_EPISODES_PER_KIND_14 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode14(index: number): BlindLoopEpisode14 {
  const kind = BLIND_LOOP_KINDS_14[index % BLIND_LOOP_KINDS_14.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_14.length) % 3;
  const id = `blind14-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 7_919 + 5_023, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum14 = OBSERVED_KINDS_14.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, layout: LAYOUTS[kind] ?? 'step', messages: log.messages };
}

/**
 * The whole fourteenth blind set: every kind `BLIND_EPISODES_PER_KIND_14` times (60 episodes of
 * 20 kinds, 27 of them loops; 15 observed and 45 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes14(): BlindLoopEpisode14[] {
  return Array.from({ length: BLIND_LOOP_KINDS_14.length * BLIND_EPISODES_PER_KIND_14 }, (_, index) => blindLoopEpisode14(index));
}
