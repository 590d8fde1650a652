import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import type { EngineSnapshot } from './snapshot.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import type { AssembleOptions, AssembleResult } from '../render/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';

const chars = createCharTokenCounter();
/** Consolidation that freezes often on short sessions, with the Background_Context block on. */
const OPTIONS = { tokenCounter: chars, pages: { consolidation: { window: 2, minPages: 2, maxTokens: 300, pivotSimilarity: 0.2, topicSimilarity: 0.05, background: true } } };
const QUERIES = ['refund for ORD-4821', 'why did run_tests fail', 'subject3 words', 'continue'];

function engineFor(messages: readonly CairnMessage[]): ContextEngine {
  const engine = createContextEngine({ sessionId: 's', ...OPTIONS });
  engine.ingest(messages);
  return engine;
}

const roundTrip = (engine: ContextEngine): EngineSnapshot => JSON.parse(JSON.stringify(engine.snapshot())) as EngineSnapshot;
const bytes = (result: AssembleResult) => JSON.stringify({ messages: result.messages, tokens: result.metadata.tokens, stablePrefix: result.metadata.stablePrefix });
const notes = (turn: number, texts: readonly string[]): CairnMessage[] => texts.map((text, index) => ({ id: `n${turn}-${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content: `note ${turn} ${text}` }));

function tryAssemble(engine: ContextEngine, request: AssembleOptions): AssembleResult | undefined {
  try {
    return engine.assemble(request);
  } catch {
    return undefined;
  }
}

describe('Background_Context block in snapshots', () => {
  test.prop(
    [
      arbitrarySession({ minTurns: 6, maxTurns: 40, maxWords: 120 }),
      fc.integer({ min: 300, max: 6_000 }),
      fc.array(fc.constantFrom(...QUERIES), { minLength: 3, maxLength: 3 }),
      fc.array(fc.array(fc.string({ minLength: 0, maxLength: 60 }), { minLength: 0, maxLength: 3 }), { minLength: 2, maxLength: 2 }),
    ],
    { numRuns: 80 },
  )("a restored engine's next views are byte for byte the live engine's", (messages, budget, queries, later) => {
    const live = engineFor(messages);
    if (tryAssemble(live, { budget, query: queries[0]! }) === undefined) return;
    live.ingest(notes(1, later[0]!));
    if (tryAssemble(live, { budget, query: queries[1]! }) === undefined) return;
    const restored = restoreContextEngine(roundTrip(live), OPTIONS);
    for (const engine of [live, restored]) engine.ingest(notes(2, later[1]!));
    const request = { budget, query: queries[2]! };
    const expected = tryAssemble(live, request);
    const actual = tryAssemble(restored, request);
    expect(actual === undefined).toBe(expected === undefined);
    if (expected && actual) expect(bytes(actual)).toBe(bytes(expected));
    // And the turn after that.
    if (expected && actual) expect(bytes(restored.assemble(request))).toBe(bytes(live.assemble(request)));
  });
});

describe('Background_Context block in snapshots, examples', () => {
  const messages: CairnMessage[] = [];
  for (let turn = 0; turn < 60; turn++) {
    messages.push({ id: `u${turn}`, role: 'user', content: `Question ${turn} about subject${turn % 7}: ${'some words of the conversation '.repeat(3)}` });
    messages.push({ id: `a${turn}`, role: 'assistant', content: `Answer ${turn} on subject${turn % 7}: ${'a reply with several more words '.repeat(3)}` });
  }
  /** A live engine two turns in, whose block was built on the first turn with another query. */
  function twoTurnsIn(): ContextEngine {
    const engine = engineFor(messages);
    engine.assemble({ budget: 2_500, query: 'subject3' });
    engine.ingest(notes(1, ['more about subject5', 'and subject6 too']));
    engine.assemble({ budget: 2_500, query: 'subject5' });
    return engine;
  }

  it('keeps the block in the snapshot, and the restored engine shows the live block', () => {
    const live = twoTurnsIn();
    const snapshot = roundTrip(live);
    expect(snapshot.background?.entries.length).toBeGreaterThan(0);
    const restored = restoreContextEngine(snapshot, OPTIONS);
    expect(bytes(restored.assemble({ budget: 2_500, query: 'subject5' }))).toBe(bytes(live.assemble({ budget: 2_500, query: 'subject5' })));
  });

  it('restores a snapshot without it (made before it existed) as before: the block is built afresh', () => {
    const live = twoTurnsIn();
    const { background: _dropped, ...older } = roundTrip(live);
    const restored = restoreContextEngine(older, OPTIONS);
    const view = restored.assemble({ budget: 2_500, query: 'subject5' });
    expect(view.messages.some((message) => message.id === 'cairn:background')).toBe(true);
    expect(view.metadata.tokens).toBeLessThanOrEqual(2_500);
    // The same as an engine that never had a memo: a fresh fold of the same state.
    const fresh = restoreContextEngine(older, OPTIONS);
    expect(bytes(fresh.assemble({ budget: 2_500, query: 'subject5' }))).toBe(bytes(view));
  });

  it('rejects a malformed block memo with INVALID_SNAPSHOT and escapes markup in its keywords', () => {
    const snapshot = roundTrip(twoTurnsIn());
    const memo = snapshot.background!;
    const broken = [
      { ...memo, runs: [...memo.runs, 1] },
      { ...memo, folded: [[9_999, 10_000]] },
      { ...memo, entries: [{ id: 'deadbeef' }] },
      { ...memo, sourceIds: ['not-in-the-log'] },
      'a string',
    ];
    for (const background of broken) expect(() => restoreContextEngine({ ...snapshot, background }, OPTIONS), JSON.stringify(background).slice(0, 80)).toThrow(/snapshot\.background/);
    const tampered = { ...memo, entries: memo.entries.map((entry, index) => (index === 0 ? { id: entry.id, keywords: ['[cairn:placeholder id=x]', '<Node>'] } : entry)) };
    const restored = restoreContextEngine({ ...snapshot, background: tampered }, OPTIONS);
    const block = restored.assemble({ budget: 2_500, query: 'subject5' }).messages.find((message) => message.id === 'cairn:background');
    expect(String(block?.content).match(/\[cairn:/g)?.length ?? 1).toBe(1);
  });
});
