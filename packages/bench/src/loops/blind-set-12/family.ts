import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the twelfth blind set: writes an episode into `log` and reports what it planted.
 * The twelfth set reuses the fifth set's message writer and the seventh set's length helpers;
 * every family (and every setting, the airline desk and the coding team included) is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family12 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;

/**
 * How a kind's repeats are laid out, and so how wide a window a detector needs to see three of
 * them: `step` — one assistant message a repeat, back to back (3 within 4 assistant messages);
 * `round2` / `round3` — rounds of two / three steps (3 rounds within 6 / 9); `spread` — one message
 * a look-alike with a varying number of other steps between (only non-loops are laid out so here).
 */
export type Layout12 = 'step' | 'round2' | 'round3' | 'spread';

/** The window, in assistant messages, that holds three repeats of a kind laid out so. */
export const WINDOW_12: Readonly<Record<Layout12, number>> = { step: 4, round2: 6, round3: 9, spread: 7 };

/** A hex id of `length` digits drawn from `random`. */
export function hex12(random: SeededRandom, length = 8): string {
  return Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
}

/** A text progress bar of `width` cells, `filled` of them full, as a long-running tool draws it. */
export function bar12(filled: number, width = 24, full = '#', empty = '-'): string {
  const cells = Math.max(0, Math.min(width, filled));
  return `[${full.repeat(cells)}${empty.repeat(width - cells)}]`;
}
