import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the sixth blind set: writes an episode into `log` and reports what it planted.
 * The sixth set reuses the fifth set's message writer (`EpisodeWriter5`: one call per assistant
 * message, its result next) and its settings' name and code helpers; every family is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family6 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;

/** A loop's length by tier: 3, 4, then 5 … `longest` (the fifth set's rule, restated so a family can cap it). */
export function repeats6(tier: number, random: SeededRandom, longest = 6): number {
  if (tier % 3 === 0) return 3;
  if (tier % 3 === 1) return 4;
  return random.int(5, longest);
}

/** A non-loop's look-alike count by tier: 3, 4, then 3 … `most`. */
export function lookAlikes6(tier: number, random: SeededRandom, most = 5): number {
  if (tier % 3 === 0) return 3;
  if (tier % 3 === 1) return 4;
  return random.int(3, most);
}

/** Item `index` of a list of phrasings, the last one reused past the end. */
export function nth6<T>(items: readonly T[], index: number): T {
  return items[Math.min(index, items.length - 1)]!;
}
