import { CairnError } from '../log/index.js';
import { deadEndOfBullet, withDeadEndBullets, type PlaybookBullet, type PlaybookDelta } from '../playbook/index.js';
import type { EngineState } from '../render/index.js';

/** Options of `ContextEngine.getPlaybook`. */
export interface GetPlaybookOptions {
  /**
   * Also the dead ends, as bullets of the mistakes section (`mis-de-3` mirrors dead end `de-3`),
   * with the registry's counters. @default false
   */
  deadEnds?: boolean;
}

/** The playbook's bullets, with the dead ends' when asked, most useful first. @internal */
export function readPlaybook(state: EngineState, options: GetPlaybookOptions | undefined): PlaybookBullet[] {
  const stored = state.playbook?.playbook.ranked() ?? [];
  if (options?.deadEnds !== true) return stored;
  return withDeadEndBullets(stored, state.deadEnds.list(), state.deadEnds.experiences());
}

/**
 * A delta on a bullet that mirrors a dead end goes to the registry: `count` records one `miss`
 * per `helpful` (the lesson held: the approach failed again) and one `hit` per `harmful`.
 * @returns The bullet after it, or undefined when `delta` is not about a dead-end bullet.
 * @throws CairnError `INVALID_MESSAGE` for a merge or prune of one (change the registry instead)
 *   or a malformed count, `UNKNOWN_MESSAGE` when the dead end is unknown. @internal
 */
export function applyDeadEndDelta(state: EngineState, delta: PlaybookDelta, record: (id: string, outcome: 'hit' | 'miss') => void): { bullet: PlaybookBullet | undefined } | undefined {
  const ids = delta.op === 'merge' ? [delta.from, delta.into] : delta.op === 'add' ? [] : [delta.id];
  const mirrored = ids.filter((id) => typeof id === 'string' && deadEndOfBullet(id) !== undefined);
  if (mirrored.length === 0) return undefined;
  if (delta.op !== 'count') {
    throw new CairnError({ code: 'INVALID_MESSAGE', message: `Bullet ${mirrored[0]} mirrors a dead end: only count deltas (or recordOutcome) change it; the registry keeps it.` });
  }
  const deadEndId = deadEndOfBullet(delta.id)!;
  if (!state.deadEnds.list().some((deadEnd) => deadEnd.id === deadEndId)) {
    throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `No dead end ${deadEndId} for bullet ${delta.id}.`, details: { id: delta.id } });
  }
  const count = (value: unknown): number => {
    if (value === undefined) return 0;
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 1000) throw new CairnError({ code: 'INVALID_MESSAGE', message: 'A count delta on a dead-end bullet takes whole helpful and harmful numbers from 0 to 1000.' });
    return value as number;
  };
  const [helpful, harmful] = [count(delta.helpful), count(delta.harmful)];
  for (let index = 0; index < helpful; index++) record(deadEndId, 'miss');
  for (let index = 0; index < harmful; index++) record(deadEndId, 'hit');
  return { bullet: readPlaybook(state, { deadEnds: true }).find((bullet) => bullet.id === delta.id) };
}
