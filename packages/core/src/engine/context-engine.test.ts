import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import type { ContextEngineOptions, Summarizer } from '../options/index.js';
import type { AssembleResult } from '../render/index.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { contentText, countMessageTokens, createCharTokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { buildSession, generateText } from '../test-support/arbitrary-session.js';
import { checkView, compressedCosts, verbatimFields } from '../test-support/check-view.js';

const chars = createCharTokenCounter();

function engineWith(messages: readonly CairnMessage[], options: ContextEngineOptions = {}): ContextEngine {
  const engine = createContextEngine({ tokenCounter: chars, ...options });
  engine.ingest(messages);
  return engine;
}

function historyTokens(engine: ContextEngine, budget: number): number {
  return restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), { tokenCounter: chars }).assemble({ budget }).metadata.historyTokens;
}

function fidelityOf(result: AssembleResult, id: string): string | undefined {
  return result.messages.find((message) => message.sourceIds.includes(id))?.fidelity;
}

function textOf(result: AssembleResult, id: string): string {
  return result.messages
    .filter((message) => message.sourceIds.includes(id))
    .map((message) => contentText(message.content))
    .join('\n');
}

describe('passthrough', () => {
  it('shows the log unchanged below 20% of the budget', () => {
    const session = buildSession({ turns: 9, seed: 1, maxWords: 40 });
    const engine = engineWith(session);
    const result = engine.assemble({ budget: 100_000 });
    expect(result.metadata.mode).toBe('passthrough');
    // The history passes unchanged; a dead-end brief, when the session has failures, follows it.
    const history = result.messages.filter((message) => message.id !== 'cairn:dead-ends');
    expect(history.map(verbatimFields)).toEqual(session.map(verbatimFields));
    expect(result.messages.every((message) => message.fidelity === 'full')).toBe(true);
    expect(result.metadata.decisions.every((decision) => decision.fidelity === 'full' && decision.reason === 'passthrough')).toBe(true);
    checkView(engine, result, { counter: chars, budget: 100_000 });
  });
});

describe('curation under a small budget', () => {
  const session = buildSession({ turns: 60, seed: 7 });

  it('mixes full, compressed and placeholder units and explains every decision', () => {
    const engine = engineWith(session);
    const budget = 6_000; // history ≈ 16,700 tokens
    const result = engine.assemble({ budget });
    checkView(engine, result, { counter: chars, budget });
    expect(result.metadata.mode).toBe('curated');
    expect(result.metadata.counts.full).toBeGreaterThan(0);
    expect(result.metadata.counts.compressed).toBeGreaterThan(0);
    expect(result.metadata.counts.placeholder).toBeGreaterThan(0);
    const decisions = result.metadata.decisions;
    expect(decisions.flatMap((decision) => decision.messageIds).sort()).toEqual(session.map((message) => message.id).sort());
    for (const decision of decisions) {
      expect(decision.score).toBeGreaterThanOrEqual(0);
      expect(decision.score).toBeLessThanOrEqual(1);
      expect(['full', 'compressed', 'placeholder']).toContain(decision.fidelity);
      expect(typeof decision.reason).toBe('string');
      expect(decision.fullTokens).toBeGreaterThan(0);
    }
  });

  it('brings back an early planted fact when the query asks about it', () => {
    const planted: CairnMessage = { id: 'fact', role: 'user', content: 'For the record, the customer id is CUST-48213 and the account is on hold.' };
    const messages = [...session.slice(0, 3), planted, ...session.slice(3)];
    const without = engineWith(messages).assemble({ budget: 2_000 });
    const engine = engineWith(messages);
    const result = engine.assemble({ budget: 2_000, query: 'What is the status of customer CUST-48213?' });
    checkView(engine, result, { counter: chars, budget: 2_000 });
    expect(['full', 'compressed']).toContain(fidelityOf(result, 'fact'));
    expect(textOf(result, 'fact')).toContain('CUST-48213');
    const score = (view: AssembleResult) => view.metadata.decisions.find((decision) => decision.unitId === 'fact')!.score;
    expect(score(result)).toBeGreaterThan(score(without));
  });

  it('raises the score of units that called a planned tool', () => {
    const engine = engineWith(session);
    engine.assemble({ budget: 2_000 });
    const saved = JSON.stringify(engine.snapshot());
    const plain = restoreContextEngine(JSON.parse(saved), { tokenCounter: chars }).assemble({ budget: 2_000 });
    const planned = restoreContextEngine(JSON.parse(saved), { tokenCounter: chars }).assemble({ budget: 2_000, plannedTools: ['search_flights'] });
    const callers = new Set(session.filter((message) => message.toolCalls?.some((call) => call.name === 'search_flights')).map((message) => message.id));
    expect(callers.size).toBeGreaterThan(0);
    const others = new Set(session.filter((message) => message.toolCalls && !message.toolCalls.some((call) => call.name === 'search_flights')).map((m) => m.id));
    for (const decision of planned.metadata.decisions) {
      const before = plain.metadata.decisions.find((candidate) => candidate.unitId === decision.unitId)!;
      if (callers.has(decision.unitId)) expect(decision.score).toBeGreaterThan(before.score);
      if (others.has(decision.unitId)) expect(decision.score).toBeLessThanOrEqual(before.score);
    }
  });
});

describe('stability', () => {
  const session = buildSession({ turns: 45, seed: 11 });

  it('changes nothing when the same query and budget are assembled again (hysteresis)', () => {
    const engine = engineWith(session);
    const first = engine.assemble({ budget: 1_500, query: 'refund for the paris flight' });
    const second = engine.assemble({ budget: 1_500, query: 'refund for the paris flight' });
    expect(['none', 'new']).toContain(second.metadata.rescored);
    expect(second.metadata.stablePrefix).toBe(second.messages.length);
    expect(second.messages).toEqual(first.messages);
  });

  it('keeps a stable prefix when one small message arrives', () => {
    const engine = engineWith(session);
    engine.assemble({ budget: 1_500 });
    engine.assemble({ budget: 1_500 });
    engine.ingest({ id: 'more', role: 'assistant', content: 'Done.' });
    const next = engine.assemble({ budget: 1_500 });
    checkView(engine, next, { counter: chars, budget: 1_500 });
    expect(next.metadata.stablePrefix).toBeGreaterThan(0);
  });

  it('forces a linked unit that stayed a placeholder for 3 turns back to compressed, once', () => {
    // The planner without prompt-cache awareness restores on any turn; the cache-aware default
    // holds a restore back for a turn that frees tokens (plan/cache-aware-plan.test.ts).
    const engine = engineWith(session, { prefix: { cacheAware: false } });
    const seen = new Map<string, number>();
    const history: AssembleResult[] = [];
    for (let turn = 0; turn < 8; turn++) {
      const result = engine.assemble({ budget: 1_200 });
      checkView(engine, result, { counter: chars, budget: 1_200 });
      history.push(result);
      for (const decision of result.metadata.decisions) {
        if (decision.reason !== 'causal-chain') continue;
        seen.set(decision.unitId, (seen.get(decision.unitId) ?? 0) + 1);
        expect(decision.previous).toBe('placeholder');
        expect(['compressed', 'full']).toContain(decision.fidelity);
      }
    }
    expect(seen.size).toBeGreaterThan(0);
    // Once: a restored unit is not forced again on the next turn.
    for (let turn = 1; turn < history.length; turn++) {
      const forcedBefore = new Set(history[turn - 1]!.metadata.decisions.filter((d) => d.reason === 'causal-chain').map((d) => d.unitId));
      for (const decision of history[turn]!.metadata.decisions) if (forcedBefore.has(decision.unitId)) expect(decision.reason).not.toBe('causal-chain');
    }
  });

  it('gives a larger budget back its units: after a small budget, a history under the yellow level is shown in full', () => {
    // Repro of a bug: a replan with the history under yellow·budget keeps the previous (degraded) fidelities.
    const engine = engineWith(buildSession({ turns: 12, seed: 5 }));
    const history = historyTokens(engine, 1_000_000);
    engine.assemble({ budget: Math.ceil(history / 2) });
    const budget = Math.ceil(history / 0.6); // history = 60% of the budget: above passthrough, below yellow
    const result = engine.assemble({ budget });
    expect(result.metadata.mode).toBe('curated');
    expect(result.metadata.counts.placeholder + result.metadata.counts.compressed).toBe(0);
    // The whole history, plus the dead-end brief when the session has failures.
    const brief = result.messages.find((message) => message.id === 'cairn:dead-ends');
    expect(result.metadata.tokens).toBe(history + (brief ? countMessageTokens(brief, chars) : 0));
  });
});

describe('compaction', () => {
  const session = buildSession({ turns: 45, seed: 3 });

  it('compact({ strategy: "aggressive" }) writes a state the next assemble reads', () => {
    const engine = engineWith(session);
    const budget = 3_000;
    const before = engine.assemble({ budget });
    const compacted = engine.compact({ strategy: 'aggressive' });
    expect(compacted.tokensBefore).toBeGreaterThanOrEqual(before.metadata.tokens);
    expect(compacted.tokensAfter).toBeLessThan(compacted.tokensBefore);
    expect(compacted.degraded).toBeGreaterThan(0);
    const next = engine.assemble({ budget });
    checkView(engine, next, { counter: chars, budget });
    // SPC-CTX v0.16: compact wrote a curated set that assemble never read. Not re-expanded here.
    expect(next.metadata.tokens).toBeLessThanOrEqual(compacted.tokensAfter);
    expect(next.metadata.tokens).toBeLessThan(before.metadata.tokens);
  });

  it('afterTurn ingests the output and compacts once usage passes red', () => {
    const engine = engineWith(session);
    const budget = 4_000;
    const view = engine.assemble({ budget });
    expect(view.metadata.usage).toBeLessThanOrEqual(0.85);
    const quiet = engine.afterTurn({ messages: [{ id: 'a-small', role: 'assistant', content: 'ok' }] });
    expect(quiet.compacted).toBe(view.metadata.usage + 3 / budget > 0.85);
    const large = generateText(99, 700); // ~4,500 chars: pushes the next view past red
    const result = engine.afterTurn({ messages: [{ id: 'a-large', role: 'assistant', content: large }] });
    expect(engine.getMessage('a-large')?.content).toBe(large);
    expect(result.usage).toBeGreaterThan(0.85);
    expect(result.compacted).toBe(true);
    const next = engine.assemble({ budget });
    checkView(engine, next, { counter: chars, budget });
  });
});

describe('summariser', () => {
  it('summarises only compressed units, never placeholders (INV-02), and compressed renderings then show the summary', async () => {
    const calls: string[] = [];
    const summarizer: Summarizer = async ({ unitId, messages }) => {
      calls.push(unitId);
      return `summary of ${messages.length} message(s)`;
    };
    const engine = engineWith(buildSession({ turns: 60, seed: 7 }), { summarizer });
    const budget = 6_000;
    const view = engine.assemble({ budget });
    const compressed = new Set(view.metadata.decisions.filter((decision) => decision.fidelity === 'compressed').map((decision) => decision.unitId));
    const placeholders = new Set(view.metadata.decisions.filter((decision) => decision.fidelity === 'placeholder').map((decision) => decision.unitId));
    expect(compressed.size).toBeGreaterThan(0);
    const count = await engine.summarize();
    expect(count).toBe(compressed.size);
    expect(new Set(calls)).toEqual(compressed);
    for (const id of calls) expect(placeholders.has(id)).toBe(false);
    expect(await engine.summarize()).toBe(0); // cached
    const next = engine.assemble({ budget });
    checkView(engine, next, { counter: chars, budget });
    const summarised = next.messages.filter((message) => message.fidelity === 'compressed' && contentText(message.content).startsWith('[cairn:summary'));
    expect(summarised.length).toBeGreaterThan(0);
  });
});

describe('direction, pins and anchors', () => {
  it('reports drift in [0, 1] and the phase', () => {
    const engine = engineWith(buildSession({ turns: 30, seed: 2 }));
    engine.assemble({ budget: 1_000 });
    engine.ingest({ id: 'shift', role: 'user', content: 'Forget flights: deploy the database index to tokyo now.' });
    engine.assemble({ budget: 1_000 });
    const state = engine.getDirectionState();
    expect(state.drift).toBeGreaterThanOrEqual(0);
    expect(state.drift).toBeLessThanOrEqual(1);
    expect(state.phase).toBe('idle');
    expect(state.history.length).toBe(2);
    for (const sample of state.history) {
      expect(sample.drift).toBeGreaterThanOrEqual(0);
      expect(sample.drift).toBeLessThanOrEqual(1);
    }
  });

  it('pin([id]) keeps that message full at a small budget', () => {
    const session = buildSession({ turns: 60, seed: 7 });
    const target = session.find((message, index) => index > 3 && message.role === 'tool' && contentText(message.content).length > 600)!;
    const engine = engineWith(session);
    engine.pin([target.id]);
    const result = engine.assemble({ budget: 2_000 });
    checkView(engine, result, { counter: chars, budget: 2_000, pinnedIds: new Set([target.id]) });
    const rendered = result.messages.find((message) => message.id === target.id);
    expect(rendered?.fidelity).toBe('full');
    expect(verbatimFields(rendered!)).toEqual(verbatimFields(target));
  });

  it('keeps the anchors of a large tool output in its compressed rendering', () => {
    const filler = generateText(5, 500);
    const output = [
      filler,
      'Order ORD-99231 failed to sync with /srv/shop/orders/sync.py',
      'Error: connection refused at line 42 (code 111)',
      filler,
    ].join('\n');
    const messages: CairnMessage[] = [
      { id: 'u1', role: 'user', content: 'Why does order ORD-99231 not sync?' },
      { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'call-1', name: 'read_file', arguments: { path: '/var/log/sync.log' } }] },
      { id: 't1', role: 'tool', toolCallId: 'call-1', name: 'read_file', content: output },
      { id: 'a2', role: 'assistant', content: 'Looking into it.' },
      { id: 'u2', role: 'user', content: 'Any progress on the sync?' },
      { id: 'a3', role: 'assistant', content: 'Still checking.' },
    ];
    const engine = engineWith(messages, { hotUnits: 1 });
    const budget = 1_000;
    const result = engine.assemble({ budget, query: 'ORD-99231 sync error' });
    checkView(engine, result, { counter: chars, budget });
    expect(fidelityOf(result, 't1')).toBe('compressed');
    const text = textOf(result, 't1');
    expect(text.length).toBeLessThan(output.length);
    for (const anchor of ['ORD-99231', '/srv/shop/orders/sync.py', 'Error: connection refused at line 42', '111']) expect(text).toContain(anchor);
  });

  it('never renders a unit compressed at more tokens than it has at full (shrunk counterexample)', () => {
    // Bug repro (property seed=400733063): the planner's compressed estimate ignores tool calls,
    // which compressed rendering keeps; the rendering comes out larger than the original.
    const messages: CairnMessage[] = [
      { id: 'm1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'search_flights', arguments: { query: '', limit: 0 } }] },
      { id: 'm2', role: 'tool', toolCallId: 'c1', name: 'search_flights', content: '' },
      { id: 'm3', role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'search_flights', arguments: { query: '', limit: 0 } }] },
      { id: 'm4', role: 'tool', toolCallId: 'c2', name: 'search_flights', content: 'flight the for retry 40820 london invoice CUST-1790 55171 order timeout database results INV-5299' },
      {
        id: 'm5',
        role: 'assistant',
        content: 'flight the for retry 40820 london invoice CUST-1790 55171 order timeout database results INV-5299',
        toolCalls: [
          { id: 'c3', name: 'search_flights', arguments: { query: 'window retry tests/test_orders.py price please now total booking tests/test_orders.py\nmorning', limit: 10 } },
          { id: 'c4', name: 'search_flights', arguments: { query: 'for again packages/core/src/unit.ts', limit: 3 } },
        ],
      },
      { id: 'm6', role: 'tool', toolCallId: 'c3', name: 'search_flights', content: '' },
      { id: 'm7', role: 'tool', toolCallId: 'c4', name: 'search_flights', content: 'flight the for retry 40820 london' },
    ];
    const engine = engineWith(messages, { hotUnits: 0 });
    const result = engine.assemble({ budget: 278 });
    checkView(engine, result, { counter: chars, budget: 278 });
    for (const cost of compressedCosts(engine, result, chars)) expect(cost.compressed, `unit ${cost.unitId}`).toBeLessThanOrEqual(cost.full);
    expect(result.metadata.tokens).toBeLessThanOrEqual(result.metadata.historyTokens);
  });
});
