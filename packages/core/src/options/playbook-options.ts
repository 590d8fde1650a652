import { CairnError } from '../log/index.js';

/**
 * Sections of the playbook (ACE's "strategies & insights", "common mistakes to avoid", "tool and
 * API usage", plus what the user asked for):
 * - `strategies` (`str`): what worked — recoveries ("use X, not Y"), skills from hot experiences;
 * - `mistakes` (`mis`): common mistakes to avoid (the dead ends' lessons);
 * - `tools` (`tol`): how a tool or API wants to be called;
 * - `constraints` (`con`): the user's standing rules and corrections ("never…", "always…").
 */
export type PlaybookSection = 'strategies' | 'mistakes' | 'tools' | 'constraints';

/** Options of the playbook (`ContextEngineOptions.playbook`). */
export interface PlaybookOptions {
  /** Learn and show a playbook. `false`: none (the dead-end brief alone, as before). @default true */
  enabled?: boolean;
  /**
   * The most tokens the stored playbook may hold; past it the lowest-utility bullets are pruned
   * (a bullet's text is never cut). @default 4000
   */
  maxTokens?: number;
  /** The most bullets it holds (a second bound, on count). @default 200 */
  maxBullets?: number;
  /** Cosine similarity from which two bullets of a section merge (counters summed, provenance kept). @default 0.85 */
  mergeSimilarity?: number;
}

/** Default of {@link PlaybookOptions.maxTokens}. */
export const DEFAULT_PLAYBOOK_MAX_TOKENS = 4000;
/** Default of {@link PlaybookOptions.maxBullets}. */
export const DEFAULT_PLAYBOOK_MAX_BULLETS = 200;
/** Default of {@link PlaybookOptions.mergeSimilarity} (ACE's dedup threshold). */
export const DEFAULT_PLAYBOOK_MERGE_SIMILARITY = 0.85;

/** {@link PlaybookOptions} with defaults applied. */
export interface ResolvedPlaybookOptions {
  enabled: boolean;
  maxTokens: number;
  maxBullets: number;
  mergeSimilarity: number;
}

/**
 * Applies defaults to playbook options and checks them.
 * @throws CairnError `INVALID_OPTIONS` naming the bad value.
 */
export function resolvePlaybookOptions(options: PlaybookOptions | undefined): ResolvedPlaybookOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw invalidPlaybook('playbook', options, 'an object');
  const { enabled = true, maxTokens = DEFAULT_PLAYBOOK_MAX_TOKENS, maxBullets = DEFAULT_PLAYBOOK_MAX_BULLETS, mergeSimilarity = DEFAULT_PLAYBOOK_MERGE_SIMILARITY } = options ?? {};
  if (typeof enabled !== 'boolean') throw invalidPlaybook('playbook.enabled', enabled, 'true or false');
  if (!(Number.isInteger(maxTokens) && maxTokens >= 1)) throw invalidPlaybook('playbook.maxTokens', maxTokens, 'a whole number of tokens from 1');
  if (!(Number.isInteger(maxBullets) && maxBullets >= 1)) throw invalidPlaybook('playbook.maxBullets', maxBullets, 'a whole number from 1');
  if (!(typeof mergeSimilarity === 'number' && mergeSimilarity > 0 && mergeSimilarity <= 1)) throw invalidPlaybook('playbook.mergeSimilarity', mergeSimilarity, 'a number in (0, 1]');
  return { enabled, maxTokens, maxBullets, mergeSimilarity };
}

function invalidPlaybook(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option ${parameter}: got ${String(value)}; expected ${expected}.`, details: { parameter, value } });
}
