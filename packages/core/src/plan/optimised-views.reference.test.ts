import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';

// Issue 17's speed work must not change what the model sees. This loads the engine twice: once
// as it is, once with the planning and the fitting passes swapped for their reference
// implementations (as they were before: full sorts, the object heap), and checks that both build
// the same views, turn after turn, over random sessions, budgets and sequences of queries (steady turns, new questions,
// repeated ones, appended messages). Anchor extraction has its own reference test
// (text/extract-anchors.reference.test.ts); the brief's caches memoise pure counts.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./plan-fidelities.js', () => import('./test-support/reference-plan-fidelities.js'));
  vi.doMock('./fit-plan.js', () => import('./test-support/reference-fit-plan.js'));
  reference = await import('../index.js');
  vi.doUnmock('./plan-fidelities.js');
  vi.doUnmock('./fit-plan.js');
  vi.resetModules();
});

const QUERIES = ['which flight to paris in the morning?', 'refund for ORD-4821', 'why did run_tests fail in src/app.ts', 'customer invoice total', 'continue'];

const turnArbitrary = fc.record({
  /** Messages of the session ingested before this turn's assemble (0: a steady turn). */
  ingest: fc.integer({ min: 0, max: 12 }),
  query: fc.option(fc.constantFrom(...QUERIES), { nil: undefined }),
  budget: fc.oneof(fc.integer({ min: 200, max: 3_000 }), fc.integer({ min: 3_000, max: 20_000 })),
});

function outcome(step: () => Core.AssembleResult): string {
  try {
    const result = step();
    return JSON.stringify({ messages: result.messages, tokens: result.metadata.tokens, counts: result.metadata.counts });
  } catch (error) {
    return `throws ${(error as { code?: string }).code ?? String(error)}`;
  }
}

describe('optimised planning and rendering against the reference implementations', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(turnArbitrary, { minLength: 1, maxLength: 12 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const)], {
    numRuns: 40,
  })('every turn builds the same view as the reference planner', (session, turns, onBudgetExceeded) => {
    const engines = [fast, reference].map((core) => core.createContextEngine({ tokenCounter: core.createBpeTokenCounter(), onBudgetExceeded }));
    let logged = Math.min(session.length, Math.max(1, Math.floor(session.length / 2)));
    for (const engine of engines) engine.ingest(session.slice(0, logged));
    for (const turn of turns) {
      const next = Math.min(session.length, logged + turn.ingest);
      const request = { budget: turn.budget, ...(turn.query === undefined ? {} : { query: turn.query }) };
      const views = engines.map((engine) => {
        if (next > logged) engine.ingest(session.slice(logged, next));
        return outcome(() => engine.assemble(request));
      });
      logged = next;
      expect(views[0]).toBe(views[1]);
    }
  });
});
