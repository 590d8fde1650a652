import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the fifteenth blind set: writes an episode into `log` and reports what it
 * planted. The set reuses the fifth set's message writer and the seventh set's length helpers;
 * every family (and every setting, the airline desk and the coding team included) is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family15 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;

/**
 * How a kind's repeats are laid out, and so how wide a window a detector needs to see three of
 * them: `step` — one assistant message a repeat, back to back (3 within 4 assistant messages);
 * `round2` — rounds of two steps (3 rounds within 6). Non-loops' look-alikes are laid out the same
 * way, so a detector sees them as densely as the loops.
 */
export type Layout15 = 'step' | 'round2';

/** The window, in assistant messages, that holds three repeats of a kind laid out so. */
export const WINDOW_15: Readonly<Record<Layout15, number>> = { step: 4, round2: 6 };

/** A hex id of `length` digits drawn from `random`. */
export function hex15(random: SeededRandom, length = 8): string {
  return Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
}
