import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildDeskNovel11, DESK_NOVEL_KINDS_11, type DeskNovelKind11 } from './blind-set-11/desk-novel.js';
import type { Layout11 } from './blind-set-11/family.js';
import { buildFieldNovel11, FIELD_NOVEL_KINDS_11, type FieldNovelKind11 } from './blind-set-11/field-novel.js';
import { buildObserved11, OBSERVED_KINDS_11_LIST, type ObservedKind11 } from './blind-set-11/observed.js';

/** What an episode of the eleventh blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind11 = ObservedKind11 | FieldNovelKind11 | DeskNovelKind11;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum11 = 'observed' | 'novel';

/**
 * One episode of the eleventh blind set, in the tenth set's shape (id, kind, stratum, label,
 * borderline, note, repeats, evidence ids, messages) plus `layout`, how its repeats are laid out.
 * `borderline` marks a loop of exactly 3 repeats, and the non-loops that meet the rule's letter
 * for a reason the rule excuses — the user's request, a recipe's protocol, or the same output
 * over different targets (see `blind-set-11/README.md`).
 */
export interface BlindLoopEpisode11 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind11;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum11;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
  /**
   * How the repeats (or look-alikes) are laid out: `step` back to back, `round2` / `round3` rounds
   * of two / three steps, `spread` with talk or other calls between (`WINDOW_11` gives the window
   * in assistant messages that holds three of them).
   */
  layout: Layout11;
}

/** The observed kinds (tau-bench airline and CodeR runs). */
export const OBSERVED_KINDS_11: readonly BlindLoopEpisodeKind11[] = [...OBSERVED_KINDS_11_LIST];

/**
 * Every kind of the eleventh blind set: the observed kinds, then the novel ones (farm irrigation
 * in Italian, EV charging in Dutch, a Norwegian harbour, a Czech factory line; a German newsroom,
 * Turkish retail banking, a Korean restaurant kitchen, a Swedish genealogy archive).
 */
export const BLIND_LOOP_KINDS_11: readonly BlindLoopEpisodeKind11[] = [...OBSERVED_KINDS_11, ...FIELD_NOVEL_KINDS_11, ...DESK_NOVEL_KINDS_11];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_11 = 3;

/** The kinds whose repeats are not back to back (every other kind is `step`). */
const LAYOUTS: Partial<Record<BlindLoopEpisodeKind11, Layout11>> = {
  'loop:service-identical-search-at-each-budget-ask': 'spread',
  'loop:coder-rerun-after-only-reading-the-module': 'round3',
  'work:service-think-and-calculate-per-lower-budget': 'round3',
  'loop:farm-valve-wait-read-moisture-flat': 'round3',
  'work:farm-valve-wait-read-moisture-rising': 'round3',
  'loop:harbour-berth-request-repeated-between-chat': 'spread',
  'work:harbour-berth-rerequested-with-new-eta': 'spread',
  'loop:newsroom-publish-confirmation-asked-again-after-yes': 'step',
  'loop:bank-transfer-bounces-to-draft-same-otp': 'round2',
  'work:bank-otp-resent-on-customer-request': 'round2',
  'loop:kitchen-oven-setpoint-flip-flop': 'round2',
  'work:kitchen-oven-alternated-per-tray-recipe': 'round3',
};

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind11, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(OBSERVED_KINDS_11_LIST, kind)) return buildObserved11(kind, log, random, tier);
  if (isOf(FIELD_NOVEL_KINDS_11, kind)) return buildFieldNovel11(kind, log, random, tier);
  return buildDeskNovel11(kind as DeskNovelKind11, log, random, tier);
}

/**
 * One episode of the eleventh blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading real runs no earlier set cites — CodeR (a Tester
 * re-running the script after only reading the module, a Debugger paging with the identical
 * scroll, a Programmer guessing relative paths) and tau-bench (the identical flight search at each
 * new question, think-and-calculate rounds per lower budget); `novel` kinds are invented in eight
 * new domains (irrigation, EV charging, a harbour, a factory line, a newsroom, retail banking, a
 * restaurant kitchen, a genealogy archive) — three-step cycles, a fake progress field, a
 * confirmation asked again after yes, a state machine bouncing back, a successful oscillation,
 * repeats spread over chat, dates in new formats; and look-alikes that progress, follow a recipe
 * or a user's request, or give the same output for different targets. Labels by construction (see
 * `blind-set-11/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_11.length × BLIND_EPISODES_PER_KIND_11 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode11(index: number): BlindLoopEpisode11 {
  const kind = BLIND_LOOP_KINDS_11[index % BLIND_LOOP_KINDS_11.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_11.length) % 3;
  const id = `blind11-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 6_151 + 2_909, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum11 = OBSERVED_KINDS_11.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, layout: LAYOUTS[kind] ?? 'step', messages: log.messages };
}

/**
 * The whole eleventh blind set: every kind `BLIND_EPISODES_PER_KIND_11` times (60 episodes of 20
 * kinds, 27 of them loops; 15 observed and 45 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes11(): BlindLoopEpisode11[] {
  return Array.from({ length: BLIND_LOOP_KINDS_11.length * BLIND_EPISODES_PER_KIND_11 }, (_, index) => blindLoopEpisode11(index));
}
