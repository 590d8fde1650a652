import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';

/**
 * One family of the seventh blind set: writes an episode into `log` and reports what it planted.
 * The seventh set reuses the fifth set's message writer (`EpisodeWriter5`: one call per assistant
 * message, its result next) and, for its tau-bench and CodeR kinds, the fifth set's settings;
 * every family is new.
 *
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats (or look-alikes), 1 → 4, 2 → 5 or more.
 */
export type Family7 = (log: EpisodeWriter5, random: SeededRandom, tier: number) => BuiltEpisode5;

/** A loop's length by tier: 3, 4, then 5 … `longest`. */
export function repeats7(tier: number, random: SeededRandom, longest = 6): number {
  if (tier % 3 === 0) return 3;
  if (tier % 3 === 1) return 4;
  return random.int(5, longest);
}

/** A non-loop's look-alike count by tier: 3, 4, then 3 … `most`. */
export function lookAlikes7(tier: number, random: SeededRandom, most = 5): number {
  if (tier % 3 === 0) return 3;
  if (tier % 3 === 1) return 4;
  return random.int(3, most);
}

/** Item `index` of a list of phrasings, the last one reused past the end. */
export function nth7<T>(items: readonly T[], index: number): T {
  return items[Math.min(index, items.length - 1)]!;
}

/** Opens an episode of a tool-calling agent outside customer service and coding: its instructions, then the first user turn. */
export function openAgent7(log: EpisodeWriter5, instructions: string, first: string, speaker = 'user'): void {
  log.system(instructions);
  log.user(first, speaker);
}

/** A plain assistant reply, then (when given) the other side's answer under `speaker`; returns the reply's id. */
export function say7(log: EpisodeWriter5, content: string, answer: string | undefined, speaker = 'user'): string {
  const id = log.say(content);
  if (answer !== undefined) log.user(answer, speaker);
  return id;
}
