import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the ninth blind set: writes an episode into `log` and reports what it planted.
 * The ninth set reuses the fifth set's message writer (`EpisodeWriter5`), the fifth set's airline
 * and repository settings, the seventh set's length helpers and the eighth set's clock and hex
 * ids; every family is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family9 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;
