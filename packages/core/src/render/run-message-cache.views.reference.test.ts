import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Core from '../index.js';
import type { CairnMessage } from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameViews, viewTurnArbitrary } from '../test-support/same-views.js';
import { expectSameSteadyTurns, steadyRunArbitraries } from '../test-support/same-steady-turns.js';

// A merged placeholder run of settled units is rendered once and its message and tokens reused
// when a later view holds the same run (issue 17: a new question's view brings back many runs of
// the old history). That must not change a view: this loads the engine twice, once as it is and
// once rendering every run afresh (test-support/reference-run-message-cache.ts), and compares
// every view — new and repeated questions, late and missing tool results, pins, restores, the
// Background_Context block on, page ids shown.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./run-message-cache.js', () => import('./test-support/reference-run-message-cache.js'));
  reference = await import('../index.js');
  vi.doUnmock('./run-message-cache.js');
  vi.resetModules();
});

const extras = fc.constantFrom({}, { pages: { consolidation: { background: true } } }, { pages: { showPageIds: true } });

describe('merged runs kept from view to view', () => {
  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(viewTurnArbitrary, { minLength: 2, maxLength: 12 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const), extras], {
    numRuns: 40,
  })('every turn builds the same view as rendering every run afresh', (session, turns, onBudgetExceeded, extra) => {
    expectSameViews([fast, reference], session, turns, onBudgetExceeded, extra);
  });

  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), ...steadyRunArbitraries, extras], { numRuns: 25 })(
    'across pins, restores and steady turns too',
    (session, steps, onBudgetExceeded, steadyRepeats, extra) => {
      expectSameSteadyTurns([fast, reference], session, steps, onBudgetExceeded, steadyRepeats, extra);
    },
  );

  it('a run whose unit takes a late tool result is rendered afresh (its unit was not settled)', () => {
    const filler = (index: number): CairnMessage[] => [
      { id: `u${index}`, role: 'user', content: `note ${index} about the weather in town. ${'The forecast says sunny skies with a light breeze and mild temperatures all week long. '.repeat(4)}` },
      { id: `a${index}`, role: 'assistant', content: `noted ${index}, the weather is fine today` },
    ];
    const before: CairnMessage[] = [
      { id: 's', role: 'system', content: 'You are a careful agent.' },
      ...Array.from({ length: 10 }, (_, index) => filler(100 + index)).flat(),
      { id: 'call', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_order', arguments: { order: 'ORD-4821' } }] },
      ...Array.from({ length: 30 }, (_, index) => filler(index + 1)).flat(),
    ];
    const late: CairnMessage = { id: 'result', role: 'tool', toolCallId: 'c1', name: 'get_order', content: 'ORD-4821: shipped, refund pending' };
    const engines = [fast, reference].map((core) => core.createContextEngine({ tokenCounter: core.createBpeTokenCounter() }));
    const views = (query: string) => engines.map((engine) => JSON.stringify(engine.assemble({ budget: 400, query }).messages));
    for (const engine of engines) engine.ingest(before);
    const first = views('weather in town');
    expect(first[0]).toBe(first[1]);
    // The call's unit sits in a merged run (it is a placeholder beside other placeholders).
    expect(JSON.parse(first[0]!).some((message: { sourceIds: string[]; fidelity: string }) => message.fidelity === 'placeholder' && message.sourceIds.length > 1 && message.sourceIds.includes('call'))).toBe(true);
    for (const engine of engines) engine.ingest([late]);
    const second = views('weather in town');
    expect(second[0]).toBe(second[1]);
    expect(JSON.parse(second[0]!).some((message: { sourceIds: string[] }) => message.sourceIds.includes('call') && message.sourceIds.includes('result'))).toBe(true);
  });
});
