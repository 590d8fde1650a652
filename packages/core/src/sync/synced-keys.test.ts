import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { SyncedKeys } from './synced-keys.js';

const keys = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 30 });

function synced(logged: readonly string[]): SyncedKeys {
  const index = new SyncedKeys();
  for (const item of logged) index.add(item);
  return index;
}

describe('SyncedKeys', () => {
  test.prop([keys])('holds the keys in order, with every position of each', (logged) => {
    const index = synced(logged);
    expect(index.keys).toEqual(logged);
    expect(index.length).toBe(logged.length);
    for (const [item, positions] of index.positions) {
      expect(index.has(item)).toBe(true);
      expect(positions).toEqual(logged.flatMap((other, position) => (other === item ? [position] : [])));
    }
    expect(new Set(index.positions.keys())).toEqual(new Set(logged));
  });
});
