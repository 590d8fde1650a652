import { CairnError, type CairnMessage } from '../log/index.js';
import type { ResolvedPlaybookOptions } from '../options/index.js';
import { curatePlaybook, emptyCuratorState, type CuratorState } from './curate-playbook.js';
import { Playbook } from './playbook.js';
import type { PlaybookBullet, PlaybookDelta, PlaybookSnapshot } from './playbook-types.js';
import { renderPlaybook } from './render-playbook.js';

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
}

/** The playbook part of an engine snapshot (absent in snapshots from before it). */
export interface PlaybookRuntimeSnapshot {
  playbook: PlaybookSnapshot;
  curator: CuratorState;
  inView: string[];
  reflectedUpTo?: number;
}

/** Makes an engine's playbook. @internal */
export function createPlaybookRuntime(options: ResolvedPlaybookOptions, now: () => number, countTokens: (text: string) => number): PlaybookRuntime {
  return { playbook: new Playbook({ now, countTokens, maxTokens: options.maxTokens, maxBullets: options.maxBullets, mergeSimilarity: options.mergeSimilarity }), curator: emptyCuratorState(), inView: [], skillAfter: options.skillAfter };
}

/** Feeds the next logged message to the curator and applies the deltas it returns. @internal */
export function observeForPlaybook(runtime: PlaybookRuntime, message: CairnMessage): void {
  const inView = runtime.inView.flatMap((id) => runtime.playbook.get(id) ?? []);
  for (const delta of curatePlaybook(runtime.curator, message, inView, runtime.skillAfter)) applyKnown(runtime, delta);
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
 * `recordOutcome` for a bullet id: `hit` counts helpful, `miss` harmful.
 * @returns Whether `id` named a bullet. @internal
 */
export function recordBulletOutcome(runtime: PlaybookRuntime, id: string, outcome: 'hit' | 'miss'): boolean {
  if (runtime.playbook.get(id) === undefined) return false;
  runtime.playbook.apply(outcome === 'hit' ? { op: 'count', id, helpful: 1 } : { op: 'count', id, harmful: 1 });
  return true;
}

/** The runtime as JSON. @internal */
export function playbookRuntimeToJSON(runtime: PlaybookRuntime): PlaybookRuntimeSnapshot {
  return { playbook: runtime.playbook.toJSON(), curator: JSON.parse(JSON.stringify(runtime.curator)) as CuratorState, inView: [...runtime.inView], ...(runtime.reflectedUpTo ? { reflectedUpTo: runtime.reflectedUpTo } : {}) };
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
  return { playbook, curator: restored, inView: [...(record['inView'] as string[])], ...(reflectedUpTo ? { reflectedUpTo } : {}), skillAfter: options.skillAfter };
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
