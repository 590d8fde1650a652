import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildDeskNovel13, DESK_NOVEL_KINDS_13, type DeskNovelKind13 } from './blind-set-13/desk-novel.js';
import type { Layout13 } from './blind-set-13/family.js';
import { buildFieldNovel13, FIELD_NOVEL_KINDS_13, type FieldNovelKind13 } from './blind-set-13/field-novel.js';
import { buildObserved13, OBSERVED_KINDS_13_LIST, type ObservedKind13 } from './blind-set-13/observed.js';

/** What an episode of the thirteenth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind13 = ObservedKind13 | DeskNovelKind13 | FieldNovelKind13;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum13 = 'observed' | 'novel';

/**
 * One episode of the thirteenth blind set, in the twelfth set's shape (id, kind, stratum, label,
 * borderline, note, repeats, evidence ids, messages, layout). `borderline` marks a loop of exactly
 * 3 repeats, and the non-loops that meet the rule's letter for a reason the rule excuses — a
 * member who asks to hear it again, a lockout procedure's read-backs (see `blind-set-13/README.md`).
 */
export interface BlindLoopEpisode13 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind13;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum13;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
  /**
   * How the repeats (or look-alikes) are laid out: `step` back to back, `round2` rounds of two
   * steps (`WINDOW_13` gives the window in assistant messages that holds three of them).
   */
  layout: Layout13;
}

/** The observed kinds (tau-bench airline and CodeR runs). */
export const OBSERVED_KINDS_13: readonly BlindLoopEpisodeKind13[] = [...OBSERVED_KINDS_13_LIST];

/**
 * Every kind of the thirteenth blind set: the observed kinds, then the novel ones (a Dutch
 * museum's collection desk, a German school office, an Italian pharmacy, a Turkish gym; a Catalan
 * vineyard, an English solar park, a Swedish ski resort, a Norwegian public aquarium).
 */
export const BLIND_LOOP_KINDS_13: readonly BlindLoopEpisodeKind13[] = [...OBSERVED_KINDS_13, ...DESK_NOVEL_KINDS_13, ...FIELD_NOVEL_KINDS_13];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_13 = 3;

/** The kinds whose repeats are not back to back (every other kind is `step`). */
const LAYOUTS: Partial<Record<BlindLoopEpisodeKind13, Layout13>> = {
  'loop:service-basic-fare-reread-and-refused-again': 'round2',
  'loop:coder-seed-line-toggled-and-rerun-same-verdict': 'round2',
  'work:coder-same-line-reopened-by-each-role-after-edits': 'round2',
  'work:pharmacy-order-tracked-until-it-arrives': 'round2',
  'loop:gym-freeze-then-unfreeze-cycle': 'round2',
  'work:gym-member-asks-for-the-timetable-again': 'round2',
  'work:vineyard-probe-reread-after-each-real-fix': 'round2',
  'work:solar-isolation-read-back-as-the-procedure-demands': 'round2',
  'loop:ski-lift-polled-though-closed-for-the-day': 'round2',
  'work:aquarium-dose-retried-after-each-real-correction': 'round2',
};

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind13, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(OBSERVED_KINDS_13_LIST, kind)) return buildObserved13(kind, log, random, tier);
  if (isOf(DESK_NOVEL_KINDS_13, kind)) return buildDeskNovel13(kind, log, random, tier);
  return buildFieldNovel13(kind as FieldNovelKind13, log, random, tier);
}

/**
 * One episode of the thirteenth blind loop set (issue 16), written by a helper who never opened
 * the loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading real runs no earlier set cites — tau-bench (a
 * basic-fare booking re-read and refused again; every booking read to find duplicates) and CodeR
 * (a seed line toggled and the script re-run; the same line re-opened by each role after edits; a
 * directory search with a new term each time); `novel` kinds are invented in eight new domains
 * (a museum, a school office, a pharmacy, a gym, a vineyard, a solar park, a ski resort, an
 * aquarium) — a refused upload repeated unchanged, a read back to back, a templated reply with a
 * new ticket number, a freeze / unfreeze cycle, trivially varied arguments, a cursor that never
 * advances, a poll of a lift closed for the day; and look-alikes that batch, page, track a real
 * status, follow the user or a procedure, or retry with real corrections. Labels by construction
 * (see `blind-set-13/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_13.length × BLIND_EPISODES_PER_KIND_13 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode13(index: number): BlindLoopEpisode13 {
  const kind = BLIND_LOOP_KINDS_13[index % BLIND_LOOP_KINDS_13.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_13.length) % 3;
  const id = `blind13-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 6_911 + 4_127, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum13 = OBSERVED_KINDS_13.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, layout: LAYOUTS[kind] ?? 'step', messages: log.messages };
}

/**
 * The whole thirteenth blind set: every kind `BLIND_EPISODES_PER_KIND_13` times (60 episodes of
 * 20 kinds, 27 of them loops; 15 observed and 45 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes13(): BlindLoopEpisode13[] {
  return Array.from({ length: BLIND_LOOP_KINDS_13.length * BLIND_EPISODES_PER_KIND_13 }, (_, index) => blindLoopEpisode13(index));
}
