import type { DeadEnd, ExperienceRecord } from '../dead-ends/index.js';
import { byUtility } from './rank-bullets.js';
import type { PlaybookBullet } from './playbook-types.js';

/** The prefix of the id of a bullet that mirrors a dead end: `mis-de-3` mirrors `de-3`. */
export const DEAD_END_BULLET_PREFIX = 'mis-';

/** The dead end a bullet id mirrors (`mis-de-3` → `de-3`), or undefined for any other id. */
export function deadEndOfBullet(id: string): string | undefined {
  return id.startsWith(`${DEAD_END_BULLET_PREFIX}de-`) ? id.slice(DEAD_END_BULLET_PREFIX.length) : undefined;
}

/**
 * The dead ends as bullets of the playbook's "common mistakes to avoid" section (one knowledge
 * store): read from the registry each time, never stored twice (a snapshot keeps the registry
 * alone). A bullet's counters are the registry's: `helpful` counts the times the lesson held
 * (each failure after the first, a `miss` recorded on it included), `harmful` the times it did
 * not (each `hit` recorded on it; with none, 1 when the same call later succeeded). Its
 * provenance is the dead end's id and its source messages; its `trace.avoid` the call's
 * signature. Most useful first, as `Playbook.ranked`.
 *
 * @param deadEnds - The registry's dead ends (`DeadEndTracker.list()`).
 * @param experiences - The registry's hit / miss records (`DeadEndTracker.experiences()`).
 */
export function deadEndBullets(deadEnds: readonly DeadEnd[], experiences: readonly ExperienceRecord[]): PlaybookBullet[] {
  const hits = new Map<string, number>();
  for (const record of experiences) if (record.outcome === 'hit') hits.set(record.key, (hits.get(record.key) ?? 0) + 1);
  return deadEnds.map((deadEnd) => deadEndBullet(deadEnd, hits.get(deadEnd.id) ?? 0)).sort(byUtility);
}

function deadEndBullet(deadEnd: DeadEnd, hits: number): PlaybookBullet {
  // Stale with no recorded hit and no state change named: the same call succeeded since.
  const succeeded = deadEnd.stale === true && deadEnd.changedSince === undefined && hits === 0 ? 1 : 0;
  const note = deadEnd.transient ? ' (transient: a retry may work)' : deadEnd.stale ? ' (since changed: may work now)' : deadEnd.failureClass === 'unknown' ? ' (unknown failure class: may be transient)' : '';
  return {
    id: `${DEAD_END_BULLET_PREFIX}${deadEnd.id}`,
    section: 'mistakes',
    content: `Do not repeat unchanged: ${deadEnd.trace.approach.replace(/\s+/g, ' ').trim()} — ${deadEnd.reason}${note}`,
    helpful: deadEnd.frequency - 1,
    harmful: hits + succeeded,
    sourceIds: [deadEnd.id, ...deadEnd.sourceIds],
    createdAt: deadEnd.firstSeen,
    updatedAt: deadEnd.lastSeen,
    ...(deadEnd.trace.toolName !== undefined || deadEnd.trace.signature !== undefined
      ? { trace: { ...(deadEnd.trace.toolName === undefined ? {} : { toolName: deadEnd.trace.toolName }), ...(deadEnd.trace.signature === undefined ? {} : { avoid: [deadEnd.trace.signature] }) } }
      : {}),
  };
}

/**
 * A playbook's bullets with the dead ends' bullets joined, most useful first. @internal
 */
export function withDeadEndBullets(bullets: readonly PlaybookBullet[], deadEnds: readonly DeadEnd[], experiences: readonly ExperienceRecord[]): PlaybookBullet[] {
  return [...bullets, ...deadEndBullets(deadEnds, experiences)].sort(byUtility);
}
