import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import type { EngineSnapshot } from './snapshot.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import type { AssembleOptions } from '../render/index.js';
import { arbitrarySessionSpec, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { createSampleMessages } from '../testing/index.js';

// With the Background_Context block on, an engine restored from a snapshot after every turn (the
// log replayed in one batch, as a stored session reopens) shows byte for byte the views of an
// engine that never stopped — also when a tool result arrives a turn after its call (a unit that
// grows after consolidation could have read it).

const chars = createCharTokenCounter();
const QUERIES = [undefined, 'refund for ORD-4821', 'why did run_tests fail', 'invoice INV-77'];
const BLOCK_ON = { background: true, plainFacts: true } as const;

const roundTrip = (engine: ContextEngine): EngineSnapshot => JSON.parse(JSON.stringify(engine.snapshot())) as EngineSnapshot;

function view(engine: ContextEngine, request: AssembleOptions): string {
  try {
    const result = engine.assemble(request);
    return JSON.stringify({ messages: result.messages, tokens: result.metadata.tokens });
  } catch (error) {
    return `throws ${(error as { code?: string }).code}`;
  }
}

/** Ingests `messages` in batches of `sizes` into a live engine and one restored after each turn; returns the views side by side. */
function sideBySide(messages: readonly CairnMessage[], sizes: readonly number[], requests: readonly AssembleOptions[], options: object): [string, string][] {
  const live = createContextEngine({ sessionId: 's', ...options });
  let restored = createContextEngine({ sessionId: 's', ...options });
  const views: [string, string][] = [];
  for (let offset = 0, turn = 0; offset < messages.length; turn++) {
    const batch = messages.slice(offset, offset + sizes[turn % sizes.length]!);
    offset += batch.length;
    live.ingest(batch);
    restored.ingest(batch);
    const request = requests[turn % requests.length]!;
    views.push([view(restored, request), view(live, request)]);
    restored = restoreContextEngine(roundTrip(restored), options);
  }
  const last = requests[0]!;
  views.push([view(restored, last), view(live, last)]);
  return views;
}

describe('Background_Context block: restored after every turn', () => {
  test.prop(
    [
      arbitrarySessionSpec({ minTurns: 4, maxTurns: 30, maxWords: 60, deferResults: true, dropResults: true }),
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.record({ budget: fc.integer({ min: 200, max: 4_000 }), query: fc.constantFrom(...QUERIES) }), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
    ],
    { numRuns: 60 },
  )("shows the never-stopped engine's views", (spec, sizes, picks, tight) => {
    const consolidation = tight ? { ...BLOCK_ON, window: 2, minPages: 2, maxTokens: 200, pivotSimilarity: 0.2, topicSimilarity: 0.05 } : BLOCK_ON;
    const options = { tokenCounter: chars, pages: { consolidation } };
    const requests = picks.map(({ budget, query }): AssembleOptions => (query === undefined ? { budget } : { budget, query }));
    for (const [restored, live] of sideBySide(sessionFromSpec(spec), sizes, requests, options)) expect(restored).toBe(live);
  });

  it('shows the same block as the never-stopped engine on the stored-session counterexample (15 sample messages, budget 200)', () => {
    const messages = createSampleMessages(15, { prefix: 'p', size: 21 });
    const options = { tokenCounter: chars, budget: 3_000, pages: { consolidation: BLOCK_ON } };
    const requests: AssembleOptions[] = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((turn) => (turn === 8 ? { budget: 200, query: 'refund for ORD-4821' } : { budget: 200 }));
    const views = sideBySide(messages, [1, 1, 2, 4, 2, 1, 1, 2, 2, 1], requests, options);
    expect(views.some(([, live]) => live.includes('[cairn:background]'))).toBe(true);
    for (const [restored, live] of views) expect(restored).toBe(live);
  });
});
