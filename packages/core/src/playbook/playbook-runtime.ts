import type { ExperienceRecord, FailureReadings } from '../dead-ends/index.js';
import { CairnError, type CairnMessage } from '../log/index.js';
import type { ResolvedPlaybookOptions } from '../options/index.js';
import { curatePlaybook, emptyCuratorState, type CuratorState } from './curate-playbook.js';
import { Playbook } from './playbook.js';
import type { PlaybookBullet, PlaybookDelta, PlaybookSnapshot } from './playbook-types.js';
import { renderPlaybook } from './render-playbook.js';
import { hotExperienceOf, hotExperienceSkill, MAX_BULLET_EXPERIENCES, recordBulletExperience, type ExperienceContext } from './hot-experience-skill.js';

/** An engine's playbook with its curator and what the latest view showed. @internal */
export interface PlaybookRuntime {
  playbook: Playbook;
  curator: CuratorState;
  /** Ids of the bullets the latest view showed (the ones a call's outcome counts for). */
  inView: string[];
  /** Log messages the reflector has seen (`reflect` starts there). */
  reflectedUpTo?: number;
  /** Recoveries seen this many times become skills (`playbook.skillAfter`). */
  skillAfter?: number;
  /** Bullet texts embedded by the injected embedder's background merge (a cache; not in snapshots). */
  embeddings?: { embedderId: string; vectors: Map<string, readonly number[]> };
  /** Hits and misses of bullets, with the alignment of each lesson with the direction then (CDA experiences). */
  experiences?: ExperienceRecord[];
  /** Bullets whose hot experience has become a skill (each becomes one once). */
  skilled?: string[];
}

/** The playbook part of an engine snapshot (absent in snapshots from before it). */
export interface PlaybookRuntimeSnapshot {
  playbook: PlaybookSnapshot;
  curator: CuratorState;
  inView: string[];
  reflectedUpTo?: number;
  /** Absent in snapshots from before experiences: they start empty. */
  experiences?: ExperienceRecord[];
  skilled?: string[];
}

/** Makes an engine's playbook. @internal */
export function createPlaybookRuntime(options: ResolvedPlaybookOptions, now: () => number, countTokens: (text: string) => number): PlaybookRuntime {
  return { playbook: new Playbook({ now, countTokens, maxTokens: options.maxTokens, maxBullets: options.maxBullets, mergeSimilarity: options.mergeSimilarity }), curator: emptyCuratorState(), inView: [], skillAfter: options.skillAfter };
}

/**
 * Feeds the next logged message to the curator and applies the deltas it returns. With a
 * `context` (the engine's direction now), each count is also an experience record, and a bullet
 * whose records make a hot experience becomes a skill. @internal
 */
export function observeForPlaybook(runtime: PlaybookRuntime, message: CairnMessage, context?: ExperienceContext, readings?: FailureReadings): void {
  const inView = runtime.inView.flatMap((id) => runtime.playbook.get(id) ?? []);
  for (const delta of curatePlaybook(runtime.curator, message, inView, runtime.skillAfter, readings)) {
    const bullet = applyKnown(runtime, delta);
    if (delta.op === 'count' && bullet && context) learnFromOutcome(runtime, bullet, (delta.helpful ?? 0) > 0 ? 'hit' : 'miss', context);
  }
}

/**
 * Records one outcome of a bullet as an experience and, when the bullet's experience turns hot
 * (hits ≥ 3, alignment σ < 0.15, within 7 days), adds the skill it becomes and folds the lesson
 * into it (once per bullet; skills themselves are not promoted again). @internal
 */
export function learnFromOutcome(runtime: PlaybookRuntime, bullet: PlaybookBullet, outcome: 'hit' | 'miss', context: ExperienceContext): void {
  recordBulletExperience((runtime.experiences ??= []), bullet, outcome, context);
  if (outcome !== 'hit' || bullet.section === 'skills' || runtime.skilled?.includes(bullet.id)) return;
  const hot = hotExperienceOf(runtime.experiences, bullet.id, context.now);
  if (!hot) return;
  (runtime.skilled ??= []).push(bullet.id);
  if (runtime.skilled.length > MAX_BULLET_EXPERIENCES) runtime.skilled.splice(0, runtime.skilled.length - MAX_BULLET_EXPERIENCES);
  const skill = runtime.playbook.apply(hotExperienceSkill(bullet, hot, context));
  // The lesson graduates: folded into its skill (a merge delta: counters summed, provenance kept),
  // so the playbook holds it once, shown where the skill's preconditions match.
  if (skill && skill.id !== bullet.id && runtime.playbook.get(bullet.id)) runtime.playbook.apply({ op: 'merge', from: bullet.id, into: skill.id });
}

/** Applies a delta, skipping counts and merges of bullets pruned in the meantime. @internal */
export function applyKnown(runtime: PlaybookRuntime, delta: PlaybookDelta): PlaybookBullet | undefined {
  const known = (id: string): boolean => runtime.playbook.get(id) !== undefined;
  if ((delta.op === 'count' || delta.op === 'prune') && !known(delta.id)) return undefined;
  if (delta.op === 'merge' && !(known(delta.from) && known(delta.into))) return undefined;
  return runtime.playbook.apply(delta);
}

/**
 * The playbook's part of the view's lessons within `maxTokens`, most useful bullets first;
 * remembers which bullets it showed. @internal
 */
export function playbookLessons(runtime: PlaybookRuntime, maxTokens: number, countTokens: (text: string) => number, shows: (bullet: PlaybookBullet) => boolean = () => true): { text: string; sourceIds: string[] } {
  const { text, shown } = maxTokens > 0 ? renderPlaybook(runtime.playbook.ranked().filter(shows), maxTokens, countTokens) : { text: '', shown: [] };
  runtime.inView = shown.map((bullet) => bullet.id);
  return { text, sourceIds: [...new Set(shown.flatMap((bullet) => bullet.sourceIds))] };
}

/**
 * `recordOutcome` for a bullet id: `hit` counts helpful, `miss` harmful (and, with a `context`,
 * is an experience record; see {@link learnFromOutcome}).
 * @returns Whether `id` named a bullet. @internal
 */
export function recordBulletOutcome(runtime: PlaybookRuntime, id: string, outcome: 'hit' | 'miss', context?: ExperienceContext): boolean {
  if (runtime.playbook.get(id) === undefined) return false;
  const bullet = runtime.playbook.apply(outcome === 'hit' ? { op: 'count', id, helpful: 1 } : { op: 'count', id, harmful: 1 });
  if (bullet && context) learnFromOutcome(runtime, bullet, outcome, context);
  return true;
}

/** The runtime as JSON. @internal */
export function playbookRuntimeToJSON(runtime: PlaybookRuntime): PlaybookRuntimeSnapshot {
  return {
    playbook: runtime.playbook.toJSON(),
    curator: JSON.parse(JSON.stringify(runtime.curator)) as CuratorState,
    inView: [...runtime.inView],
    ...(runtime.reflectedUpTo ? { reflectedUpTo: runtime.reflectedUpTo } : {}),
    ...(runtime.experiences?.length ? { experiences: runtime.experiences.map((record) => ({ ...record })) } : {}),
    ...(runtime.skilled?.length ? { skilled: [...runtime.skilled] } : {}),
  };
}

/**
 * Restores a runtime from {@link playbookRuntimeToJSON}'s output.
 * @throws CairnError `INVALID_SNAPSHOT` when it is not one. @internal
 */
export function playbookRuntimeFromJSON(json: unknown, options: ResolvedPlaybookOptions, now: () => number, countTokens: (text: string) => number): PlaybookRuntime {
  const record = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
  const curator = record?.['curator'] as Record<string, unknown> | undefined;
  const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!record || !isObject(curator) || !isObject(curator!['pending']) || !isObject(curator!['failed']) || typeof curator!['agent'] !== 'boolean' || typeof curator!['lastApproach'] !== 'string' || !Array.isArray(record['inView']) || !record['inView'].every((id) => typeof id === 'string')) {
    throw new CairnError({ code: 'INVALID_SNAPSHOT', message: 'Invalid playbook snapshot: it needs playbook, curator { pending, failed, agent, lastApproach } and inView. Pass the engine snapshot unchanged.' });
  }
  const playbook = Playbook.fromJSON(record['playbook'], { now, countTokens, maxTokens: options.maxTokens, maxBullets: options.maxBullets, mergeSimilarity: options.mergeSimilarity });
  const reflectedUpTo = Number.isInteger(record['reflectedUpTo']) && (record['reflectedUpTo'] as number) > 0 ? (record['reflectedUpTo'] as number) : undefined;
  const copy = JSON.parse(JSON.stringify(curator)) as CuratorState;
  const restored: CuratorState = { ...copy, pending: Object.assign(Object.create(null), copy.pending) as CuratorState['pending'], failed: Object.assign(Object.create(null), copy.failed) as CuratorState['failed'] };
  if (copy.recoveries !== undefined) restored.recoveries = readRecoveries(copy.recoveries);
  const experiences = readExperiences(record['experiences']);
  const skilled = Array.isArray(record['skilled']) ? record['skilled'].filter((id): id is string => typeof id === 'string') : [];
  return { playbook, curator: restored, inView: [...(record['inView'] as string[])], ...(reflectedUpTo ? { reflectedUpTo } : {}), skillAfter: options.skillAfter, ...(experiences.length ? { experiences } : {}), ...(skilled.length ? { skilled } : {}) };
}

/** The recovery counts of a snapshot, without a prototype; malformed entries are dropped (counting starts again for them). */
function readRecoveries(json: unknown): NonNullable<CuratorState['recoveries']> {
  const recoveries = Object.create(null) as NonNullable<CuratorState['recoveries']>;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return recoveries;
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    const entry = value as { count?: unknown; sourceIds?: unknown } | null;
    if (entry && Number.isInteger(entry.count) && (entry.count as number) > 0 && Array.isArray(entry.sourceIds) && entry.sourceIds.every((id) => typeof id === 'string')) recoveries[key] = { count: entry.count as number, sourceIds: [...(entry.sourceIds as string[])] };
  }
  return recoveries;
}

/** The experience records of a snapshot; malformed ones (and all, when absent) are dropped: experiences start again. */
function readExperiences(json: unknown): ExperienceRecord[] {
  if (!Array.isArray(json)) return [];
  return json
    .filter((value): value is ExperienceRecord => {
      const record = value as Partial<ExperienceRecord> | null;
      return typeof record === 'object' && record !== null && typeof record.key === 'string' && (record.outcome === 'hit' || record.outcome === 'miss') && typeof record.alignment === 'number' && Number.isFinite(record.alignment) && typeof record.at === 'number' && Number.isFinite(record.at);
    })
    .slice(-MAX_BULLET_EXPERIENCES)
    .map((record) => ({ key: record.key, outcome: record.outcome, alignment: record.alignment, at: record.at }));
}
