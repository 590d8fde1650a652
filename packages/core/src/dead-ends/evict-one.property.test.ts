import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { deadEndsToEvict, evictionOrder } from './bound-registry.js';
import type { DeadEnd } from './dead-end-types.js';

// A registry one over its bound finds the dead end to let go in one pass instead of sorting all
// of them (issue 17): the same one the stable sort puts first, ties (equal keys, ids without a
// number) included.

const deadEnd = fc
  .record({
    id: fc.oneof(fc.nat(30).map((n) => `de-${n}`), fc.constantFrom('de-x', 'custom', 'de-')),
    lastSeen: fc.nat(5),
    frequency: fc.nat(3),
    status: fc.constantFrom<'suspect' | 'dead'>('suspect', 'dead'),
    stale: fc.option(fc.boolean(), { nil: undefined }),
    changedSince: fc.option(fc.constant('edit a.py'), { nil: undefined }),
    transient: fc.option(fc.constant(true as const), { nil: undefined }),
  })
  .map((fields) => {
    const { stale, changedSince, transient, ...rest } = fields;
    return { ...rest, ...(stale === undefined ? {} : { stale }), ...(changedSince === undefined ? {} : { changedSince }), ...(transient ? { transient } : {}) } as unknown as DeadEnd;
  });

describe('deadEndsToEvict one over the bound', () => {
  test.prop([fc.array(deadEnd, { minLength: 1, maxLength: 40 }), fc.option(fc.nat(39), { nil: undefined })])('lets go the one sorting would', (deadEnds, keepAt) => {
    const keep = keepAt === undefined ? undefined : deadEnds[keepAt % deadEnds.length];
    const sorted = deadEnds.filter((each) => each !== keep).sort(evictionOrder).slice(0, 1);
    const evicted = deadEndsToEvict(deadEnds, deadEnds.length - 1, keep);
    expect(evicted).toHaveLength(sorted.length);
    if (sorted.length > 0) expect(evicted[0]).toBe(sorted[0]);
  });
});
