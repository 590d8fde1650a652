import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the thirteenth blind set: writes an episode into `log` and reports what it
 * planted. The set reuses the fifth set's message writer and the seventh set's length helpers;
 * every family (and every setting, the airline desk and the coding team included) is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family13 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;

/**
 * How a kind's repeats are laid out, and so how wide a window a detector needs to see three of
 * them: `step` — one assistant message a repeat, back to back (3 within 4 assistant messages);
 * `round2` — rounds of two steps (3 rounds within 6). Non-loops' look-alikes are laid out the same
 * way, so a detector sees them as densely as the loops.
 */
export type Layout13 = 'step' | 'round2';

/** The window, in assistant messages, that holds three repeats of a kind laid out so. */
export const WINDOW_13: Readonly<Record<Layout13, number>> = { step: 4, round2: 6 };

/** A hex id of `length` digits drawn from `random`. */
export function hex13(random: SeededRandom, length = 8): string {
  return Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
}

/** A clock time `HH:MM:SS` that is `seconds` after `start` (`HH:MM`). */
export function clock13(start: string, seconds: number): string {
  const [hours, minutes] = start.split(':').map(Number) as [number, number];
  const total = hours * 3600 + minutes * 60 + seconds;
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600) % 24)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
