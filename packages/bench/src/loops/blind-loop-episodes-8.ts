import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { EpisodeWriter5, type BuiltEpisode5 } from './blind-set-5/episode-writer.js';
import { buildCoderObserved8, CODER_OBSERVED_KINDS_8, type CoderObservedKind8 } from './blind-set-8/coder-observed.js';
import { buildGameNovel8, GAME_NOVEL_KINDS_8, type GameNovelKind8 } from './blind-set-8/game-novel.js';
import { buildHomeNovel8, HOME_NOVEL_KINDS_8, type HomeNovelKind8 } from './blind-set-8/home-novel.js';
import { buildL10nNovel8, L10N_NOVEL_KINDS_8, type L10nNovelKind8 } from './blind-set-8/l10n-novel.js';
import { buildMailNovel8, MAIL_NOVEL_KINDS_8, type MailNovelKind8 } from './blind-set-8/mail-novel.js';
import { buildServiceObserved8, SERVICE_OBSERVED_KINDS_8, type ServiceObservedKind8 } from './blind-set-8/service-observed.js';
import { buildSheetNovel8, SHEET_NOVEL_KINDS_8, type SheetNovelKind8 } from './blind-set-8/sheet-novel.js';
import { buildTutorNovel8, TUTOR_NOVEL_KINDS_8, type TutorNovelKind8 } from './blind-set-8/tutor-novel.js';

/** What an episode of the eighth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind8 =
  | ServiceObservedKind8
  | CoderObservedKind8
  | MailNovelKind8
  | HomeNovelKind8
  | SheetNovelKind8
  | TutorNovelKind8
  | GameNovelKind8
  | L10nNovelKind8;

/** Where a kind comes from: a pattern found by reading the real runs in `../shared/data/`, or one invented for this set. */
export type BlindLoopStratum8 = 'observed' | 'novel';

/**
 * One episode of the eighth blind set, in the seventh set's shape (id, kind, stratum, label,
 * borderline, note, repeats, evidence ids, messages). `borderline` marks both sides: a loop of
 * exactly 3 repeats, the loop kind whose repeats each answer a new user question, and the
 * non-loops that meet the rule's letter for a reason the rule excuses — a protocol, the user's
 * request, a second agent retracing the first — or restate one requirement for new requests
 * (see `blind-set-8/README.md`).
 */
export interface BlindLoopEpisode8 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind8;
  /** `observed`: the pattern was seen in a real run (written anew); `novel`: invented for this set. */
  stratum: BlindLoopStratum8;
  /** How many times the looping thing occurs (3 … 6; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
}

/** The observed kinds (tau-bench customer service, then CodeR coding agents). */
export const OBSERVED_KINDS_8: readonly BlindLoopEpisodeKind8[] = [...SERVICE_OBSERVED_KINDS_8, ...CODER_OBSERVED_KINDS_8];

/**
 * Every kind of the eighth blind set: the observed kinds, then the novel ones (calendar / e-mail,
 * home automation and robotics, spreadsheets and finance, tutoring, games, localisation).
 */
export const BLIND_LOOP_KINDS_8: readonly BlindLoopEpisodeKind8[] = [
  ...OBSERVED_KINDS_8,
  ...MAIL_NOVEL_KINDS_8,
  ...HOME_NOVEL_KINDS_8,
  ...SHEET_NOVEL_KINDS_8,
  ...TUTOR_NOVEL_KINDS_8,
  ...GAME_NOVEL_KINDS_8,
  ...L10N_NOVEL_KINDS_8,
];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_8 = 3;

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind8, log: EpisodeWriter5, seed: number, tier: number): BuiltEpisode5 {
  const random = createSeededRandom(seed);
  if (isOf(SERVICE_OBSERVED_KINDS_8, kind)) return buildServiceObserved8(kind, log, random, tier);
  if (isOf(CODER_OBSERVED_KINDS_8, kind)) return buildCoderObserved8(kind, log, random, tier);
  if (isOf(MAIL_NOVEL_KINDS_8, kind)) return buildMailNovel8(kind, log, random, tier);
  if (isOf(HOME_NOVEL_KINDS_8, kind)) return buildHomeNovel8(kind, log, random, tier);
  if (isOf(SHEET_NOVEL_KINDS_8, kind)) return buildSheetNovel8(kind, log, random, tier);
  if (isOf(TUTOR_NOVEL_KINDS_8, kind)) return buildTutorNovel8(kind, log, random, tier);
  if (isOf(GAME_NOVEL_KINDS_8, kind)) return buildGameNovel8(kind, log, random, tier);
  return buildL10nNovel8(kind as L10nNovelKind8, log, random, tier);
}

/**
 * One episode of the eighth blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts, docs or label files, and never ran a detector over it.
 * `observed` kinds are patterns found by reading the real tau-bench and CodeR runs (goodbyes
 * exchanged round after round, one sum sent for each new variant the traveller asks about, a bare
 * file name opened and found again and again; and the work that only looks like it: the traveller
 * id asked for each new request, a Programmer retracing the Debugger's reads, open / goto / edit /
 * run rounds with new edits, a Reproducer rewriting its script until it reproduces); `novel` kinds
 * are invented outside customer service and coding: a calendar / e-mail assistant, a home
 * assistant and a pick-and-place arm, a finance assistant in a workbook, a tutor (Spanish, German,
 * Japanese), a game player (a text adventure, a card game) and a localiser (German and five other
 * locales) — with volatile fields (stamps, request ids, counters, battery, timers) that change
 * while nothing real does, and polls, progress bars, protocol checks and requested repeats where
 * something real changes or a reason excuses the repeat. Labels by construction (see
 * `blind-set-8/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_8.length × BLIND_EPISODES_PER_KIND_8 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label and stratum.
 */
export function blindLoopEpisode8(index: number): BlindLoopEpisode8 {
  const kind = BLIND_LOOP_KINDS_8[index % BLIND_LOOP_KINDS_8.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_8.length) % 3;
  const id = `blind8-${index}`;
  const log = new EpisodeWriter5(id);
  const built = build(kind, log, index * 7_919 + 2_713, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  const stratum: BlindLoopStratum8 = OBSERVED_KINDS_8.includes(kind) ? 'observed' : 'novel';
  return { id, kind, stratum, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole eighth blind set: every kind `BLIND_EPISODES_PER_KIND_8` times (75 episodes of 25
 * kinds, 33 of them loops; 21 observed and 54 novel).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes8(): BlindLoopEpisode8[] {
  return Array.from({ length: BLIND_LOOP_KINDS_8.length * BLIND_EPISODES_PER_KIND_8 }, (_, index) => blindLoopEpisode8(index));
}
