import { CairnError } from '../log/index.js';
import { checkTenant } from '../dead-ends/index.js';

/**
 * Sections of the playbook (ACE's "strategies & insights", "common mistakes to avoid", "tool and
 * API usage", plus what the user asked for):
 * - `strategies` (`str`): what worked — recoveries ("use X, not Y"), skills from hot experiences;
 * - `mistakes` (`mis`): common mistakes to avoid (the dead ends' lessons);
 * - `tools` (`tol`): how a tool or API wants to be called;
 * - `constraints` (`con`): the user's standing rules and corrections ("never…", "always…");
 * - `skills` (`skl`): recoveries that kept working, and lessons whose hits make a hot experience
 *   (CDA), promoted to skills with their steps.
 */
export type PlaybookSection = 'strategies' | 'mistakes' | 'tools' | 'constraints' | 'skills';

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
  /**
   * An optional reflector / curator model (e.g. the framework's LLM behind a prompt): given the
   * messages logged since its last run and the playbook, it returns delta operations (add, count,
   * merge, prune — never a rewrite). Run only by `await engine.reflect()`, never while assembling;
   * each stretch of the log is reflected on once.
   */
  reflector?: PlaybookReflector;
  /**
   * Opt-in sharing across the sessions of one tenant: the engine publishes its own bullets that
   * held up (strategies and tool usage, never the user's constraints) to `pool` and preloads the
   * tenant's at bootstrap (creation or restore). Off by default: the playbook is per session.
   */
  share?: { pool: PlaybookPool; tenant: string };
  /**
   * A recovery (a failed call, then the same tool with other arguments succeeding) seen this many
   * times in the session becomes a skill bullet with its steps (section `skills`). @default 3 (CDA's hot-experience hit count)
   */
  skillAfter?: number;
}

/** Default of {@link PlaybookOptions.skillAfter}. */
export const DEFAULT_PLAYBOOK_SKILL_AFTER = 3;

/**
 * A skill in the CDA seed's system-agnostic schema: when it applies, what to do, where it holds,
 * and what success and failure look like.
 */
export interface PlaybookSkill {
  preconditions: {
    /** The work phase it was learnt in (`recover` for recoveries; the phase of its latest hit for a hot experience). */
    phase: import('../log/index.js').WorkPhase;
    evidence: string[];
    /**
     * For a skill from a hot experience: the direction it held up in. It is shown only while the
     * current direction aligns with `lesson` (the source lesson's text) at least `minAlignment`
     * — and, with `tool`, while that tool is in use. `terms`: the direction's strongest terms then.
     */
    direction?: { lesson: string; minAlignment: number; terms: string[]; tool?: string };
  };
  executionPattern: { steps: string[] };
  boundaries: { validConditions: string[]; invalidConditions: string[] };
  outcomeTags: { successPatterns: string[]; failurePatterns: string[] };
  /** For a skill from a hot experience (CDA: hits ≥ 3, alignment σ < 0.15, < 7 days): the experience it came from. */
  experience?: { key: string; hits: number; misses: number; meanAlignment: number; alignmentStdDev: number; lastHitAt: number };
}

/** What a {@link PlaybookReflector} is given. */
export interface PlaybookReflectorInput {
  /** The messages logged since the last reflection, in order. */
  messages: readonly import('../log/index.js').CairnMessage[];
  /** The playbook now, most useful first. */
  playbook: readonly PlaybookBullet[];
}

/** A reflector / curator model: returns the playbook's delta operations. See {@link PlaybookOptions.reflector}. */
export type PlaybookReflector = (input: PlaybookReflectorInput) => Promise<readonly PlaybookDelta[]>;

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
  reflector: PlaybookReflector | undefined;
  share: { pool: PlaybookPool; tenant: string } | undefined;
  skillAfter: number;
}

/**
 * Applies defaults to playbook options and checks them.
 * @throws CairnError `INVALID_OPTIONS` naming the bad value.
 */
export function resolvePlaybookOptions(options: PlaybookOptions | undefined): ResolvedPlaybookOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw invalidPlaybook('playbook', options, 'an object');
  const { enabled = true, maxTokens = DEFAULT_PLAYBOOK_MAX_TOKENS, maxBullets = DEFAULT_PLAYBOOK_MAX_BULLETS, mergeSimilarity = DEFAULT_PLAYBOOK_MERGE_SIMILARITY, reflector, share, skillAfter = DEFAULT_PLAYBOOK_SKILL_AFTER } = options ?? {};
  if (!(Number.isInteger(skillAfter) && skillAfter >= 1 && skillAfter <= 1000)) throw invalidPlaybook('playbook.skillAfter', skillAfter, 'a whole number from 1 to 1000');
  if (share !== undefined && (typeof share !== 'object' || share === null || typeof share.pool?.publish !== 'function' || typeof share.pool?.list !== 'function')) throw invalidPlaybook('playbook.share', share, '{ pool: PlaybookPool, tenant: string }');
  if (reflector !== undefined && typeof reflector !== 'function') throw invalidPlaybook('playbook.reflector', reflector, 'a function returning a promise of delta operations');
  if (typeof enabled !== 'boolean') throw invalidPlaybook('playbook.enabled', enabled, 'true or false');
  if (!(Number.isInteger(maxTokens) && maxTokens >= 1)) throw invalidPlaybook('playbook.maxTokens', maxTokens, 'a whole number of tokens from 1');
  if (!(Number.isInteger(maxBullets) && maxBullets >= 1)) throw invalidPlaybook('playbook.maxBullets', maxBullets, 'a whole number from 1');
  if (!(typeof mergeSimilarity === 'number' && mergeSimilarity > 0 && mergeSimilarity <= 1)) throw invalidPlaybook('playbook.mergeSimilarity', mergeSimilarity, 'a number in (0, 1]');
  return { enabled, maxTokens, maxBullets, mergeSimilarity, reflector, share: share === undefined ? undefined : { pool: share.pool, tenant: checkTenant(share.tenant) }, skillAfter };
}

function invalidPlaybook(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option ${parameter}: got ${String(value)}; expected ${expected}.`, details: { parameter, value } });
}

/** One lesson of the playbook (ACE): `[sec-00001] helpful=X harmful=Y :: content`. */
export interface PlaybookBullet {
  /** `str-00001`, `mis-00002`…: the section's slug and a number in order of creation. */
  id: string;
  section: PlaybookSection;
  /** The lesson, whole (never cut). */
  content: string;
  /** Times it was in view and the outcome went as it says (or `recordOutcome` said `hit`). */
  helpful: number;
  /** Times it was in view and the outcome went against it (or `recordOutcome` said `miss`). */
  harmful: number;
  /** Ids of the messages (or dead ends) it was learnt from; merging keeps them all. */
  sourceIds: string[];
  /** Injected-clock times of its creation and latest change. */
  createdAt: number;
  updatedAt: number;
  /**
   * What it is about, for matching calls against it: the tool and exact call signatures it says
   * work (`use`) or fail (`avoid`).
   */
  trace?: { toolName?: string; use?: string[]; avoid?: string[] };
  /** For a bullet of the `skills` section: the skill in the seed's schema. */
  skill?: PlaybookSkill;
}

/**
 * A change to the playbook: the only way it changes (ACE's delta updates, never a rewrite).
 * - `add`: a new lesson (merged into a near-duplicate of its section when there is one);
 * - `count`: add to a bullet's counters;
 * - `merge`: fold bullet `from` into `into` (counters summed, provenance kept, `into`'s text);
 * - `prune`: remove a bullet.
 */
export type PlaybookDelta =
  | { op: 'add'; section: PlaybookSection; content: string; sourceIds?: readonly string[]; trace?: PlaybookBullet['trace']; skill?: PlaybookSkill }
  | { op: 'count'; id: string; helpful?: number; harmful?: number }
  | { op: 'merge'; from: string; into: string }
  | { op: 'prune'; id: string };


/** A playbook bullet as the sessions of one tenant share it. */
export interface SharedBullet {
  section: PlaybookSection;
  content: string;
  /** The counters when it was published (a later publish of the same text updates them). */
  helpful: number;
  harmful: number;
  /** The session that learnt it. */
  sessionId: string;
}

/**
 * Playbook bullets shared across the sessions of one tenant (opt-in, `playbook.share`). Sessions
 * publish what they learnt that held up (strategies and tool usage; never a user's constraints,
 * which belong to that user's session) and preload the tenant's at bootstrap; a tenant never
 * sees another tenant's.
 */
export interface PlaybookPool {
  /** Adds or updates (same section and text) a bullet in the tenant's pool. */
  publish(tenant: string, bullet: SharedBullet): void;
  /** The tenant's bullets, oldest first. */
  list(tenant: string): SharedBullet[];
}

