import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { viewTurnArbitrary } from '../test-support/same-views.js';

// A question is scored twice in one turn, the second time with graph proximity measured from its
// best matches; the second pass rescores only the units whose proximity moved (issue 17). Every
// unit's score must be what rescoring them all gives, bit for bit: the engine is loaded twice,
// once with the reference (rescore every unit) mocked in, and every decision's score compared.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./proximity-rescore.js', () => import('./test-support/reference-proximity-rescore.js'));
  reference = await import('../index.js');
  vi.doUnmock('./proximity-rescore.js');
  vi.resetModules();
});

function outcome(step: () => Core.AssembleResult): string {
  try {
    const result = step();
    return JSON.stringify({ scores: result.metadata.decisions.map((decision) => [decision.unitId, decision.score, decision.fidelity, decision.reason]), messages: result.messages });
  } catch (error) {
    return `throws ${(error as { code?: string }).code ?? String(error)}`;
  }
}

describe("a question's second scoring pass", () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(viewTurnArbitrary, { minLength: 1, maxLength: 10 })], { numRuns: 30 })(
    'gives every unit the score a full rescore gives, and the same view',
    (session, turns) => {
      const engines = [fast, reference].map((core) => core.createContextEngine({ tokenCounter: core.createBpeTokenCounter(), onBudgetExceeded: 'compress-mandatory' }));
      let logged = Math.max(1, Math.floor(session.length / 2));
      for (const engine of engines) engine.ingest(session.slice(0, logged));
      for (const turn of turns) {
        const next = Math.min(session.length, logged + turn.ingest);
        const request = { budget: turn.budget, ...(turn.query === undefined ? {} : { query: turn.query }) };
        const [mine, theirs] = engines.map((engine) => {
          if (next > logged) engine.ingest(session.slice(logged, next));
          return outcome(() => engine.assemble(request));
        });
        logged = next;
        expect(mine).toBe(theirs);
      }
    },
  );
});
