import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the eighth blind set: writes an episode into `log` and reports what it planted.
 * The eighth set reuses the fifth set's message writer (`EpisodeWriter5`) and, for its tau-bench
 * and CodeR kinds, the fifth set's settings and the seventh set's length helpers; every family is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family8 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;

/** A clock time `HH:MM:SS` that moves on by `step` seconds per `round` from a drawn start (a volatile field). */
export function clock8(start: number, round: number, step: number): string {
  const seconds = start + round * step;
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600) % 24)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** A text progress bar of `width` cells for `percent` (0 … 100). */
export function bar8(percent: number, width = 20): string {
  const filled = Math.round((percent / 100) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent}%`;
}

/** A hex id of `length` characters drawn from `random` (a volatile field: request ids, job ids). */
export function hexId8(random: SeededRandom, length = 8): string {
  return Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
}
