import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import type { ContextEngineOptions } from '../options/index.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { plain } from '../test-support/check-view.js';

const chars = createCharTokenCounter();
const QUERIES = ['refund for ORD-4821', 'why did run_tests fail', 'flight booking to paris', 'database query timeout', 'continue'];

const stepArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('assemble' as const), budget: fc.integer({ min: 150, max: 3_000 }), query: fc.option(fc.constantFrom(...QUERIES), { nil: undefined }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('ingest' as const), turns: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('consult' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('consolidate' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const) }) },
);
type Step = typeof stepArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The session split before each user message (a turn's tool results arrive with its calls). */
function turnsOf(session: readonly CairnMessage[]): CairnMessage[][] {
  const turns: CairnMessage[][] = [];
  for (const message of session) {
    if (turns.length === 0 || message.role === 'user') turns.push([]);
    turns.at(-1)!.push(message);
  }
  return turns;
}

/** Every page's heat, by page id, in `listPages` order (a restored engine lists pages in the same order). */
const heats = (engine: ContextEngine) => engine.listPages('all').map((page) => `${page.id}:${page.heat}`);

describe('query hits are held back until heat is read, with the heat of applying them at once', () => {
  test.prop(
    {
      session: arbitrarySession({ minTurns: 8, maxTurns: 30, maxWords: 80 }),
      steps: fc.array(stepArbitrary, { minLength: 3, maxLength: 16 }),
    },
    { numRuns: 25 },
  )('an engine that reads every heat after each step (hits applied at their view), one that never does, and copies restored from snapshots along the way give the same views and the same heat', ({ session, steps }) => {
    const options: ContextEngineOptions = {
      tokenCounter: chars,
      onBudgetExceeded: 'compress-mandatory',
      sessionId: 'heat',
      pages: { consolidation: { window: 2, minPages: 2, maxTokens: 400, pivotSimilarity: 0.2, staleAfterPages: 1, topicSimilarity: 0.05 } },
    };
    const turns = turnsOf(session);
    let ingested = Math.min(turns.length, 3);
    const eager = createContextEngine(options);
    let lazy = createContextEngine(options);
    for (const engine of [eager, lazy]) engine.ingest(turns.slice(0, ingested).flat());
    for (const step of steps) {
      if (step.kind === 'restore') {
        lazy = restoreContextEngine(JSON.parse(JSON.stringify(lazy.snapshot())), options);
        continue;
      }
      if (step.kind === 'ingest') {
        const next = turns.slice(ingested, ingested + step.turns).flat();
        ingested = Math.min(turns.length, ingested + step.turns);
        if (next.length > 0) for (const engine of [eager, lazy]) engine.ingest(next);
      } else if (step.kind === 'assemble') {
        const request = step.query === undefined ? { budget: step.budget } : { budget: step.budget, query: step.query };
        // Pinned messages can make a small budget impossible (BUDGET_EXCEEDED): then both must throw it.
        const outcome = (engine: ContextEngine) => {
          try {
            return plain(engine.assemble(request));
          } catch (error) {
            if (CairnError.isInstance(error) && error.code === 'BUDGET_EXCEEDED') return `throws ${error.code}`;
            throw error;
          }
        };
        expect(outcome(lazy)).toEqual(outcome(eager));
      } else if (step.kind === 'consult') {
        const pages = eager.listPages('Consolidated');
        const ids = pages.length > 0 ? [pages[step.pick % pages.length]!.id] : [session[step.pick % session.length]!.id];
        expect(lazy.consult({ ids, reason: 'look' })).toEqual(eager.consult({ ids, reason: 'look' }));
      } else {
        expect(lazy.consolidate()).toEqual(eager.consolidate());
      }
      // Reading the heat applies the held-back hits: the eager engine has none left after each step.
      heats(eager);
    }
    expect(heats(lazy)).toEqual(heats(eager));
    expect(lazy.snapshot().pages).toEqual(eager.snapshot().pages);
  });
});
