import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { planSync, type SyncPlan } from './plan-sync.js';
import { SyncedKeys } from './synced-keys.js';

/** Keys from a small alphabet, so histories repeat keys (as re-sent identical messages do). */
const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const keys = fc.array(key, { maxLength: 30 });
/** Distinct keys (as fingerprints of distinct messages are). */
const uniqueKeys = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 30 });

function synced(logged: readonly string[]): SyncedKeys {
  const index = new SyncedKeys();
  for (const item of logged) index.add(item);
  return index;
}

/** The messages a plan appends. */
function appended(plan: SyncPlan, history: readonly string[]): readonly string[] {
  return plan.kind === 'diverged' ? [] : history.slice(plan.from);
}

describe('planSync', () => {
  test.prop([keys, keys])('a history that extends the log appends exactly its new suffix', (logged, suffix) => {
    const history = [...logged, ...suffix];
    for (const positions of [undefined, synced(logged).positions]) {
      const plan = planSync(logged, history, positions ? { positions } : {});
      expect(plan.kind).toBe(suffix.length > 0 ? 'append' : 'up-to-date');
      expect(appended(plan, history)).toEqual(suffix);
    }
  });

  test.prop([keys, keys, keys])('without positions, a history that differs from the log is diverged at the first differing index', (logged, history, tail) => {
    let first = 0;
    while (first < logged.length && first < history.length && logged[first] === history[first]) first++;
    fc.pre(first < logged.length);
    expect(planSync(logged, [...history], {})).toEqual({ kind: 'diverged', at: first });
    // A history that diverges at `first` diverges there whatever follows.
    if (first < history.length) expect(planSync(logged, [...history.slice(0, first + 1), ...tail])).toEqual({ kind: 'diverged', at: first });
  });

  test.prop([uniqueKeys, fc.nat(), fc.array(fc.string({ minLength: 5, maxLength: 6 }), { maxLength: 5 })])(
    'with positions, a front-trimmed history appends exactly its new suffix',
    (logged, cut, suffix) => {
      fc.pre(logged.length > 1);
      const start = 1 + (cut % (logged.length - 1));
      const history = [...logged.slice(start), ...suffix];
      const plan = planSync(logged, history, { positions: synced(logged).positions });
      expect(appended(plan, history)).toEqual(suffix);
      expect(plan.kind).not.toBe('diverged');
      // Without positions the same history is diverged at 0 (its first key is not the log's first).
      expect(planSync(logged, history)).toEqual({ kind: 'diverged', at: 0 });
    },
  );

  test.prop([keys, keys])('after appending what a plan says, the same history is up to date', (logged, history) => {
    const plan = planSync(logged, history);
    fc.pre(plan.kind !== 'diverged');
    expect(planSync([...logged, ...appended(plan, history)], history)).toEqual({ kind: 'up-to-date', from: history.length });
  });

  test.prop([keys, keys, fc.boolean()])('same input, same output; the inputs are not changed', (logged, history, withPositions) => {
    const options = withPositions ? { positions: synced(logged).positions } : {};
    const [loggedCopy, historyCopy] = [[...logged], [...history]];
    const first = planSync(logged, history, options);
    expect(planSync(logged, history, options)).toEqual(first);
    expect(planSync(loggedCopy, historyCopy, withPositions ? { positions: synced(loggedCopy).positions } : {})).toEqual(first);
    expect([logged, history]).toEqual([loggedCopy, historyCopy]);
  });

  test.prop([keys, keys])('a plan is always within the history', (logged, history) => {
    const plan = planSync(logged, history, { positions: synced(logged).positions });
    if (plan.kind === 'append') expect(plan.from).toBeLessThan(history.length);
    if (plan.kind === 'up-to-date') expect(plan.from).toBe(history.length);
    if (plan.kind === 'diverged') expect(plan.at).toBeLessThanOrEqual(Math.min(logged.length, history.length));
  });

  it('names the three outcomes', () => {
    expect(planSync(['a', 'b'], ['a', 'b', 'c'])).toEqual({ kind: 'append', from: 2 });
    expect(planSync(['a', 'b'], ['a', 'b'])).toEqual({ kind: 'up-to-date', from: 2 });
    expect(planSync(['a', 'b'], ['a', 'x', 'c'])).toEqual({ kind: 'diverged', at: 1 });
    expect(planSync(['a', 'b'], ['a'])).toEqual({ kind: 'diverged', at: 1 });
    expect(planSync(['a', 'b'], [])).toEqual({ kind: 'diverged', at: 0 });
    expect(planSync([], [])).toEqual({ kind: 'up-to-date', from: 0 });
  });

  it('recognises a history trimmed at the front only with positions, and only when it runs through the log', () => {
    const logged = ['a', 'b', 'c', 'd'];
    const { positions } = synced(logged);
    expect(planSync(logged, ['c', 'd', 'e'], { positions })).toEqual({ kind: 'append', from: 2 });
    expect(planSync(logged, ['c', 'd'], { positions })).toEqual({ kind: 'up-to-date', from: 2 });
    expect(planSync(logged, ['b', 'c'], { positions })).toEqual({ kind: 'diverged', at: 0 });
    expect(planSync(logged, ['c', 'x', 'e'], { positions })).toEqual({ kind: 'diverged', at: 0 });
  });

  it('tries each place the first key sits in the log', () => {
    const logged = ['a', 'b', 'a', 'c'];
    // 'a' sits at 0 and 2; only the alignment at 2 runs through the log's end.
    expect(planSync(logged, ['a', 'c', 'd'], { positions: synced(logged).positions })).toEqual({ kind: 'append', from: 2 });
  });
});
