import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Unit } from '../log/index.js';
import { referrersOf } from './referrer-index.js';

/** One pass over every unit's edges, in unit order. */
function onePass(units: readonly Unit[]): Map<number, number[]> {
  const incoming = new Map<number, number[]>();
  for (const unit of units) for (const edge of unit.edges) incoming.set(edge.to, [...(incoming.get(edge.to) ?? []), unit.index]);
  return incoming;
}

function unit(index: number): Unit {
  return { index, id: `u${index}`, kind: 'assistant', positions: [index], calls: [], messageTokens: 1, openCalls: 0, isError: false, pinned: false, workPhase: 'unknown' as Unit['workPhase'], edges: [], version: 0 };
}

// Steps: append a unit (with edges back to earlier ones), or add a late edge to an earlier unit, then read the referrers.
const step = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), targets: fc.array(fc.nat(), { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('late' as const), from: fc.nat(), to: fc.nat() }),
);

describe('referrersOf', () => {
  test.prop([fc.array(step, { maxLength: 60 })])('equals one pass over all edges after any sequence of appends and late edges', (steps) => {
    const units: Unit[] = [];
    for (const current of steps) {
      if (current.kind === 'append') {
        const added = unit(units.length);
        for (const target of new Set(current.targets)) if (units.length > 0) added.edges.push({ to: target % units.length, kind: 'entity' });
        units.push(added);
      } else if (units.length > 1) {
        const from = 1 + (current.from % (units.length - 1));
        const to = current.to % from;
        if (!units[from]!.edges.some((edge) => edge.to === to)) units[from]!.edges.push({ to, kind: 'entity' });
      }
      expect(new Map(referrersOf(units))).toEqual(onePass(units));
    }
  });

  test('a list whose edges shrank is counted again', () => {
    const units = [unit(0), unit(1)];
    units[1]!.edges.push({ to: 0, kind: 'reply-to' });
    expect(referrersOf(units).get(0)).toEqual([1]);
    units[1]!.edges.pop();
    expect(referrersOf(units).get(0)).toBeUndefined();
  });
});
