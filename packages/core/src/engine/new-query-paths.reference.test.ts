import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';

// Issue 17's second speed pass on a new question's turn must not change what the model sees. This
// loads the engine twice: once as it is, once with the three shortcuts taken out — the upgrade
// pass that stops when no step left can fit (the reference pass pops every step), the scorer that
// builds no parts object (the reference builds one per unit and combines it), and the compressed
// rendering that takes its content's count from the message's cached count (the reference counts
// the content again) — and checks that both build the same views, turn after turn, over random
// sessions, budgets and sequences of questions, agent turns and appended messages.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('../plan/fit-plan.js', () => import('../plan/test-support/reference-fit-plan.js'));
  vi.doMock('../direction/unit-scorer.js', () => import('../direction/test-support/reference-unit-scorer.js'));
  vi.doMock('../log/token-counter.js', async (importOriginal) => ({ ...(await importOriginal<typeof import('../log/token-counter.js')>()), contentTokensOf: () => undefined }));
  reference = await import('../index.js');
  vi.doUnmock('../plan/fit-plan.js');
  vi.doUnmock('../direction/unit-scorer.js');
  vi.doUnmock('../log/token-counter.js');
  vi.resetModules();
});

const QUERIES = [
  'which flight to paris in the morning?',
  'refund for ORD-4821',
  'why did run_tests fail in src/app.ts',
  'customer invoice total',
  'deploy cache migration index query user order invoice flight booking refund token budget',
  'continue',
];

const turnArbitrary = fc.record({
  /** Messages of the session ingested before this turn's assemble (0: a steady turn). */
  ingest: fc.integer({ min: 0, max: 12 }),
  query: fc.option(fc.constantFrom(...QUERIES), { nil: undefined }),
  budget: fc.oneof(fc.integer({ min: 200, max: 3_000 }), fc.integer({ min: 3_000, max: 20_000 })),
});

function outcome(step: () => Core.AssembleResult): string {
  try {
    const result = step();
    return JSON.stringify({ messages: result.messages, tokens: result.metadata.tokens, counts: result.metadata.counts, stablePrefix: result.metadata.stablePrefix });
  } catch (error) {
    return `throws ${(error as { code?: string }).code ?? String(error)}`;
  }
}

describe('a new question’s shortcuts against the reference paths', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(turnArbitrary, { minLength: 1, maxLength: 12 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const)], {
    numRuns: 40,
  })('every turn builds the same view', (session, turns, onBudgetExceeded) => {
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
