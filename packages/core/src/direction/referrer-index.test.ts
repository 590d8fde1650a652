import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createCharTokenCounter, SessionLog, type Unit } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import { arbitrarySessionSpec, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { referrersOf } from './referrer-index.js';

/** One pass over every unit's edges, in unit order. */
function onePass(units: readonly Unit[]): Map<number, number[]> {
  const incoming = new Map<number, number[]>();
  for (const unit of units) for (const edge of unit.edges) incoming.set(edge.to, [...(incoming.get(edge.to) ?? []), unit.index]);
  return incoming;
}

function unit(index: number, openCalls = 0): Unit {
  return { index, id: `u${index}`, kind: 'assistant', positions: [index], calls: [], messageTokens: 1, openCalls, isError: false, pinned: false, workPhase: 'unknown' as Unit['workPhase'], edges: [], version: 0 };
}

// Steps: append a unit (with edges back to earlier ones; some with unanswered calls), add a late
// edge to an earlier unit that still has unanswered calls (as a log does when a tool result joins
// it; the last result may answer its last call, and the unit takes no more), then read the
// referrers — not necessarily after every step.
const step = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), targets: fc.array(fc.nat(), { maxLength: 3 }), openCalls: fc.nat({ max: 2 }), read: fc.boolean() }),
  fc.record({ kind: fc.constant('late' as const), from: fc.nat(), to: fc.nat(), answers: fc.boolean(), read: fc.boolean() }),
);

describe('referrersOf', () => {
  test.prop([fc.array(step, { maxLength: 60 })])('equals one pass over all edges after any sequence of appends and late edges', (steps) => {
    const units: Unit[] = [];
    for (const current of steps) {
      if (current.kind === 'append') {
        const added = unit(units.length, current.openCalls);
        for (const target of new Set(current.targets)) if (units.length > 0) added.edges.push({ to: target % units.length, kind: 'entity' });
        units.push(added);
      } else {
        const open = units.filter((candidate) => candidate.index > 0 && candidate.openCalls > 0);
        if (open.length > 0) {
          const late = open[current.from % open.length]!;
          const to = current.to % late.index;
          if (!late.edges.some((edge) => edge.to === to)) late.edges.push({ to, kind: 'entity' });
          if (current.answers) late.openCalls--;
        }
      }
      if (current.read) expect(new Map(referrersOf(units))).toEqual(onePass(units));
    }
    expect(new Map(referrersOf(units))).toEqual(onePass(units));
  });

  test('a list whose edges shrank is counted again', () => {
    const units = [unit(0), unit(1, 1)];
    units[1]!.edges.push({ to: 0, kind: 'reply-to' });
    expect(referrersOf(units).get(0)).toEqual([1]);
    units[1]!.edges.pop();
    expect(referrersOf(units).get(0)).toBeUndefined();
  });

  test.prop([arbitrarySessionSpec({ maxTurns: 25, maxWords: 30, deferResults: true, dropResults: true }), fc.array(fc.nat(), { maxLength: 6 })], { numRuns: 120 })(
    'a session log read between any batches (late tool results joining earlier units) equals one pass over all edges',
    (spec, batches) => {
      const messages = sessionFromSpec(spec);
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      const bounds = [...new Set(batches.map((cut) => cut % (messages.length + 1)))].sort((a, b) => a - b);
      let from = 0;
      for (const to of [...bounds, messages.length]) {
        log.append(messages.slice(from, to));
        from = to;
        expect(new Map(referrersOf(log.units))).toEqual(onePass(log.units));
      }
    },
  );
});
