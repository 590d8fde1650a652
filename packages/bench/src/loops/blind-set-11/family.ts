import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the eleventh blind set: writes an episode into `log` and reports what it planted.
 * The eleventh set reuses the fifth set's message writer and the seventh set's length helpers;
 * every family (and every setting, the airline and the coding team included) is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family11 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;

/**
 * How a kind's repeats are laid out, and so how wide a window a detector needs to see three of
 * them: `step` — one assistant message a repeat, back to back (3 within 4 assistant messages);
 * `round2` / `round3` — rounds of two / three steps (3 rounds within 6 / 9); `spread` — one
 * message a repeat with talk or other calls between (3 within 7).
 */
export type Layout11 = 'step' | 'round2' | 'round3' | 'spread';

/** The window, in assistant messages, that holds three repeats of a kind laid out so. */
export const WINDOW_11: Readonly<Record<Layout11, number>> = { step: 4, round2: 6, round3: 9, spread: 7 };

/** A clock `minutes` after `startHour`:00 on a fixed day, as an ISO stamp. */
export function stamp11(minutes: number, seconds: number, startHour = 8): string {
  const hour = startHour + Math.floor(minutes / 60);
  return `2026-04-17T${String(hour).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}Z`;
}

/** A clock time `minutes` after `startHour`:00, as `HH:MM`. */
export function clock11(minutes: number, startHour = 8): string {
  return `${String(startHour + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A hex id of `length` digits drawn from `random`. */
export function hex11(random: SeededRandom, length = 8): string {
  return Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
}
