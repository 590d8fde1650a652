import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.js';

type Operation = { kind: 'get' | 'set' | 'delete'; key: number } | { kind: 'trim' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('get' as const, 'set' as const, 'delete' as const), key: fc.integer({ min: 0, max: 7 }) }),
  fc.constant({ kind: 'trim' as const }),
);

describe('LruMap', () => {
  test.prop([fc.integer({ min: 1, max: 5 }), fc.array(operation, { maxLength: 60 })])('behaves like a list kept in recency order, cut to the capacity', (capacity, operations) => {
    const evicted: number[] = [];
    const map = new LruMap<number, string>(capacity, { onEvict: (key, value) => {
      expect(value).toBe(`v${key}`);
      evicted.push(key);
    } });
    /** The model: keys, least recently used first. */
    let model: number[] = [];
    const expectedEvictions: number[] = [];
    for (const step of operations) {
      if (step.kind === 'trim') map.trim();
      else if (step.kind === 'get') {
        expect(map.get(step.key)).toBe(model.includes(step.key) ? `v${step.key}` : undefined);
        if (model.includes(step.key)) model = [...model.filter((key) => key !== step.key), step.key];
      } else if (step.kind === 'delete') {
        map.delete(step.key);
        model = model.filter((key) => key !== step.key);
      } else {
        map.set(step.key, `v${step.key}`);
        model = [...model.filter((key) => key !== step.key), step.key];
        while (model.length > capacity) expectedEvictions.push(model.shift()!);
      }
      expect([...map.entries()].map(([key]) => key)).toEqual(model);
      expect(map.size).toBeLessThanOrEqual(capacity);
    }
    expect(evicted).toEqual(expectedEvictions);
  });

  test.prop([fc.integer({ min: 1, max: 4 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 5 })])(
    'never evicts an entry canEvict refuses; trims to the capacity once it may',
    (capacity, keys, pinnedKeys) => {
      const pinned = new Set(pinnedKeys);
      const map = new LruMap<number, number>(capacity, { canEvict: (key) => !pinned.has(key), onEvict: (key) => expect(pinned.has(key)).toBe(false) });
      for (const key of keys) map.set(key, key);
      for (const key of new Set(keys)) if (pinned.has(key)) expect(map.peek(key)).toBe(key);
      pinned.clear();
      map.trim();
      expect(map.size).toBeLessThanOrEqual(capacity);
    },
  );

  it('delete with a value removes the key only while it holds that value', () => {
    const map = new LruMap<string, object>(2);
    const [older, newer] = [{}, {}];
    map.set('a', older);
    map.set('a', newer);
    map.delete('a', older);
    expect(map.get('a')).toBe(newer);
    map.delete('a', newer);
    expect(map.get('a')).toBeUndefined();
  });

  it('peek does not make an entry the most recent', () => {
    const evicted: string[] = [];
    const map = new LruMap<string, number>(2, { onEvict: (key) => evicted.push(key) });
    map.set('a', 1);
    map.set('b', 2);
    expect(map.peek('a')).toBe(1);
    map.set('c', 3);
    expect(evicted).toEqual(['a']);
    map.clear();
    expect(map.size).toBe(0);
    expect(evicted).toEqual(['a']);
  });
});
