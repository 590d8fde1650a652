import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createBpeTokenCounter, createContextEngine, restoreContextEngine, type AssembleResult, type ContextEngine } from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { viewTurnArbitrary } from '../test-support/same-views.js';

// `engine.warm()` fills the compressed-rendering cache in idle time (issue 17). Planning never
// reads that cache, so it must not change a view: two engines fed the same session turn by turn,
// one warmed between turns (some units, or all of them) and one never warmed (the old path),
// must build the same views — and so must two engines restored from the same snapshot.

function outcome(step: () => AssembleResult): string {
  try {
    const result = step();
    return JSON.stringify({ messages: result.messages, tokens: result.metadata.tokens, counts: result.metadata.counts, stablePrefix: result.metadata.stablePrefix });
  } catch (error) {
    return `throws ${(error as { code?: string }).code ?? String(error)}`;
  }
}

function warmAll(engine: ContextEngine, maxUnits: number): void {
  for (let call = 0; call < 1_000; call++) {
    const result = engine.warm({ maxUnits });
    if (result.remaining === 0 || result.compressed + result.placeholders === 0) return;
  }
}

describe('engine.warm()', () => {
  test.prop(
    [
      arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }),
      fc.array(fc.record({ turn: viewTurnArbitrary, warm: fc.constantFrom(0, 1, 3, 1_000) }), { minLength: 1, maxLength: 12 }),
      fc.constantFrom('throw' as const, 'compress-mandatory' as const),
    ],
    { numRuns: 40 },
  )('a warmed engine builds the same views as one never warmed, turn after turn and after a restore', (session, turns, onBudgetExceeded) => {
    const options = () => ({ tokenCounter: createBpeTokenCounter(), onBudgetExceeded });
    const cold = createContextEngine(options());
    const warm = createContextEngine(options());
    let logged = Math.max(1, Math.floor(session.length / 2));
    for (const engine of [cold, warm]) engine.ingest(session.slice(0, logged));
    for (const { turn, warm: maxUnits } of turns) {
      const next = Math.min(session.length, logged + turn.ingest);
      const request = { budget: turn.budget, ...(turn.query === undefined ? {} : { query: turn.query }) };
      if (next > logged) for (const engine of [cold, warm]) engine.ingest(session.slice(logged, next));
      logged = next;
      if (maxUnits === 1_000) warmAll(warm, 7);
      else warm.warm({ maxUnits });
      expect(outcome(() => warm.assemble(request))).toBe(outcome(() => cold.assemble(request)));
    }
    const snapshot = JSON.parse(JSON.stringify(cold.snapshot())) as unknown;
    const restoredCold = restoreContextEngine(snapshot, options());
    const restoredWarm = restoreContextEngine(snapshot, options());
    warmAll(restoredWarm, 5);
    const last = turns[turns.length - 1]!.turn;
    const request = { budget: last.budget, query: 'refund for ORD-4821 and the invoice total' };
    expect(outcome(() => restoredWarm.assemble(request))).toBe(outcome(() => restoredCold.assemble(request)));
  });
});
