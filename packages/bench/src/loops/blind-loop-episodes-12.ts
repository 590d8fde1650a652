import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildDeskNovel12, DESK_NOVEL_KINDS_12, type DeskNovelKind12 } from './blind-set-12/desk-novel.js';
import type { Layout12 } from './blind-set-12/family.js';
import { buildFieldNovel12, FIELD_NOVEL_KINDS_12, type FieldNovelKind12 } from './blind-set-12/field-novel.js';
import { buildObserved12, OBSERVED_KINDS_12_LIST, type ObservedKind12 } from './blind-set-12/observed.js';

/** What an episode of the twelfth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind12 = ObservedKind12 | FieldNovelKind12 | DeskNovelKind12;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum12 = 'observed' | 'novel';

/**
 * One episode of the twelfth blind set, in the eleventh set's shape (id, kind, stratum, label,
 * borderline, note, repeats, evidence ids, messages, layout). `borderline` marks a loop of exactly
 * 3 repeats, and the non-loops that meet the rule's letter for a reason the rule excuses — a
 * standing order, or a retry policy the gateway and the office ask for (see
 * `blind-set-12/README.md`).
 */
export interface BlindLoopEpisode12 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind12;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum12;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
  /**
   * How the repeats (or look-alikes) are laid out: `step` back to back, `round2` / `round3` rounds
   * of two / three steps, `spread` (non-loops only) with a varying number of steps between
   * (`WINDOW_12` gives the window in assistant messages that holds three of them).
   */
  layout: Layout12;
}

/** The observed kinds (tau-bench airline and CodeR runs). */
export const OBSERVED_KINDS_12: readonly BlindLoopEpisodeKind12[] = [...OBSERVED_KINDS_12_LIST];

/**
 * Every kind of the twelfth blind set: the observed kinds, then the novel ones (a Chilean
 * observatory in Spanish, a Japanese railway timetable desk, a French survey-drone team, an English
 * print farm, a Brazilian water utility in Portuguese; a Finnish theatre box office, a Polish
 * building-permit portal, a veterinary hospital in Budapest).
 */
export const BLIND_LOOP_KINDS_12: readonly BlindLoopEpisodeKind12[] = [...OBSERVED_KINDS_12, ...FIELD_NOVEL_KINDS_12, ...DESK_NOVEL_KINDS_12];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_12 = 3;

/** The kinds whose repeats are not back to back (every other kind is `step`). */
const LAYOUTS: Partial<Record<BlindLoopEpisodeKind12, Layout12>> = {
  'loop:service-user-id-requested-again-after-lookup': 'round2',
  'loop:coder-same-window-reached-by-goto-and-scroll': 'round2',
  'work:service-update-retried-with-corrected-payment': 'spread',
  'work:coder-missing-module-installed-then-rerun': 'round2',
  'work:coder-identical-search-in-each-opened-file': 'round2',
  'work:rail-conflict-check-after-each-real-edit': 'round2',
  'loop:drone-calibrate-arm-refused-reboot-cycle': 'round3',
  'work:drone-calibration-after-each-real-fix': 'round3',
  'loop:printer-verify-after-edits-that-change-nothing': 'round2',
  'work:printer-status-poll-layers-advance': 'round2',
  'work:utility-standing-order-summary-per-shift': 'round2',
  'work:theatre-customer-changes-mind-each-time': 'round2',
  'loop:permit-backoff-retries-through-a-stated-outage': 'round2',
  'work:permit-transient-error-retried-as-the-policy-says': 'round2',
  'loop:vet-referral-bounced-between-two-desks': 'round2',
};

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind12, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(OBSERVED_KINDS_12_LIST, kind)) return buildObserved12(kind, log, random, tier);
  if (isOf(FIELD_NOVEL_KINDS_12, kind)) return buildFieldNovel12(kind, log, random, tier);
  return buildDeskNovel12(kind as DeskNovelKind12, log, random, tier);
}

/**
 * One episode of the twelfth blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading real runs no earlier set cites — CodeR (a
 * Programmer reaching the same window of a file by goto, scroll and open; missing modules
 * installed one by one; the identical search in each newly opened file) and tau-bench (the user id
 * asked for again after it was given; an update retried after each real correction); `novel` kinds
 * are invented in eight new domains (an observatory, a railway timetable, a survey drone, a print
 * farm, a water utility, a theatre box office, a permit portal, a veterinary hospital) — a long
 * report identical but for its progress bar, verify after edits that change nothing, the same
 * record through a new tool each time, a backoff through a stated outage, the same answer in new
 * words, a referral ping-pong, a three-step cycle of successes and a refusal; and look-alikes that
 * progress, follow a standing order or a retry policy, batch over a list, or follow a user who
 * changes their mind. Labels by construction (see `blind-set-12/README.md`). Deterministic in
 * `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_12.length × BLIND_EPISODES_PER_KIND_12 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode12(index: number): BlindLoopEpisode12 {
  const kind = BLIND_LOOP_KINDS_12[index % BLIND_LOOP_KINDS_12.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_12.length) % 3;
  const id = `blind12-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 7_919 + 3_571, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum12 = OBSERVED_KINDS_12.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, layout: LAYOUTS[kind] ?? 'step', messages: log.messages };
}

/**
 * The whole twelfth blind set: every kind `BLIND_EPISODES_PER_KIND_12` times (60 episodes of 20
 * kinds, 27 of them loops; 15 observed and 45 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes12(): BlindLoopEpisode12[] {
  return Array.from({ length: BLIND_LOOP_KINDS_12.length * BLIND_EPISODES_PER_KIND_12 }, (_, index) => blindLoopEpisode12(index));
}
