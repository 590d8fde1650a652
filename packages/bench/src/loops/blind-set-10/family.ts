import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the tenth blind set: writes an episode into `log` and reports what it planted.
 * The tenth set reuses the fifth set's message writer and airline setting and the seventh set's
 * length helpers; every family is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family10 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;

/** A clock `minutes` after 09:00 on a fixed day, as an ISO stamp (seconds drawn by the caller). */
export function stamp10(minutes: number, seconds: number): string {
  const hour = 9 + Math.floor(minutes / 60);
  return `2026-03-11T${String(hour).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}Z`;
}

/** A hex id of `length` digits drawn from `random`. */
export function hex10(random: SeededRandom, length = 8): string {
  return Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
}
