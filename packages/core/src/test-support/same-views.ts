/**
 * Test support: two builds of the engine (one with a shortcut taken out, loaded with `vi.doMock`)
 * fed the same session turn by turn, to check that a speed change leaves every view as it was.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type * as Core from '../index.js';
import type { CairnMessage } from '../index.js';

const QUERIES = [
  'which flight to paris in the morning?',
  'refund for ORD-4821',
  'why did run_tests fail in src/app.ts',
  'customer invoice total',
  'deploy cache migration index query user order invoice flight booking refund token budget',
  'continue',
];

/** One turn: messages ingested before it (0: a steady turn), its question if any, its budget. */
export interface ViewTurn {
  ingest: number;
  query: string | undefined;
  budget: number;
}

/** Turns mixing steady turns, new and repeated questions, agent turns and appended messages. */
export const viewTurnArbitrary: fc.Arbitrary<ViewTurn> = fc.record({
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

/** Feeds both builds half the session, then the turns; every turn's view must be the same. `extra`: more engine options for both (the Background_Context block, page ids). */
export function expectSameViews(builds: readonly [typeof Core, typeof Core], session: readonly CairnMessage[], turns: readonly ViewTurn[], onBudgetExceeded: 'throw' | 'compress-mandatory', extra: Omit<Core.ContextEngineOptions, 'tokenCounter' | 'onBudgetExceeded'> = {}): void {
  const engines = builds.map((core) => core.createContextEngine({ ...extra, tokenCounter: core.createBpeTokenCounter(), onBudgetExceeded }));
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
}
