import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { graphProximity } from './graph-proximity.js';
import type { Unit } from '../log/index.js';

/** Units with only what the graph walk reads: index and edges (`edges[i]`: what unit i refers to). */
function graph(edges: readonly (readonly number[])[]): Unit[] {
  return edges.map((targets, index) => ({ index, edges: targets.map((to) => ({ to, kind: 'reply-to' as const })) }) as unknown as Unit);
}

describe('graphProximity', () => {
  // 0 ← 1 ← 2 ← 3, and 4 refers to 2.
  const units = graph([[], [0], [1], [2], [2]]);

  it('walks the edges forwards only by default', () => {
    const proximity = graphProximity(units, [2]);
    expect(Object.fromEntries(proximity)).toEqual({ 2: 1, 1: 0.75, 0: 0.5 });
  });

  it('with undirected, also reaches the units that refer back to the focus (its replies)', () => {
    const proximity = graphProximity(units, [2], { undirected: true });
    expect(Object.fromEntries(proximity)).toEqual({ 2: 1, 1: 0.75, 0: 0.5, 3: 0.75, 4: 0.75 });
  });

  it('stops after maxHops', () => {
    expect(Object.fromEntries(graphProximity(units, [3], { maxHops: 1, undirected: true }))).toEqual({ 3: 1, 2: 0.5 });
  });

  test.prop([fc.array(fc.array(fc.nat(30), { maxLength: 3 }), { minLength: 1, maxLength: 30 }), fc.array(fc.nat(40), { maxLength: 4 })])(
    'undirected reaches a superset, never farther than directed, with values in (0, 1]',
    (rawEdges, focus) => {
      const units = graph(rawEdges.map((targets, index) => targets.filter((to) => to < index)));
      const directed = graphProximity(units, focus);
      const undirected = graphProximity(units, focus, { undirected: true });
      for (const [unit, value] of directed) expect(undirected.get(unit)).toBeGreaterThanOrEqual(value);
      for (const value of undirected.values()) {
        expect(value).toBeGreaterThan(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    },
  );
});
