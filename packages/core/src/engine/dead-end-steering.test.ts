import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CairnError, contentText, createCharTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage, type ContextEngineOptions } from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { assembleChecked, plain } from '../test-support/check-view.js';

const chars = createCharTokenCounter();
const base = { tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' as const };
const steered: ContextEngineOptions = { ...base, deadEndSteering: { enabled: true } };
// Loop notices (the repeated failing call is a loop too) are a brief of their own, outside checkView's.
const steeredNoLoops: ContextEngineOptions = { ...steered, sovereignty: { loops: false } };

const failing = (id: string): CairnMessage[] => [
  { id: `a${id}`, role: 'assistant', content: '', toolCalls: [{ id: `c${id}`, name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }] },
  { id: `t${id}`, role: 'tool', toolCallId: `c${id}`, name: 'run_command', content: `Error: connect ECONNREFUSED 127.0.0.1:5401\n${'    at TCPConnectWrap.afterConnect (node:net:1555:16)\n'.repeat(1)}exit code 1`, isError: true },
];

function session(): CairnMessage[] {
  const messages: CairnMessage[] = [{ id: 'u1', role: 'user', content: 'Review the ledger modules, then run the test suite for the ledger sync.' }];
  for (let index = 0; index < 16; index++) messages.push({ id: `n${index}`, role: 'assistant', content: `Progress note ${index}: reviewed the ledger module ${index} and its call sites in detail.` });
  messages.push(...failing('1'), ...failing('2'));
  for (let index = 16; index < 18; index++) messages.push({ id: `n${index}`, role: 'assistant', content: `Progress note ${index}: checked the database settings.` });
  return messages;
}

const fidelityOf = (view: ReturnType<ReturnType<typeof createContextEngine>['assemble']>, unitId: string) => view.metadata.decisions.find((decision) => decision.unitId === unitId)?.fidelity;

describe('dead-end steering in the engine', () => {
  // Issue 15 (guard session): steering is on by default (the issue: units matching a dead end are
  // down-weighted). This test said "off by default"; it now says on, and that an explicit off
  // leaves no steering metadata.
  it('is on by default: the default view equals an explicit on and names the steering; an explicit off has none', () => {
    const plainEngine = createContextEngine(base);
    const on = createContextEngine(steered);
    const off = createContextEngine({ ...base, deadEndSteering: { enabled: false } });
    plainEngine.ingest(session());
    on.ingest(session());
    off.ingest(session());
    const view = plainEngine.assemble({ budget: 900 });
    expect(view.metadata.deadEnds?.steered.map((match) => match.id)).toEqual(['de-1']);
    expect(plain(on.assemble({ budget: 900 }))).toEqual(plain(view));
    expect(off.assemble({ budget: 900 }).metadata.deadEnds).toBeUndefined();
  });

  it('lowers the failed exchanges below the notes while the brief keeps the lesson, and names the dead end', () => {
    const off = createContextEngine({ ...base, deadEndSteering: { enabled: false } });
    const on = createContextEngine(steered);
    off.ingest(session());
    on.ingest(session());
    const [before, after] = [off.assemble({ budget: 420 }), on.assemble({ budget: 420 })];
    const score = (view: typeof before, id: string) => view.metadata.decisions.find((decision) => decision.unitId === id)!.score;
    expect(score(after, 'a1')).toBeCloseTo(score(before, 'a1') * 0.1, 10);
    expect(score(after, 'a2')).toBeCloseTo(score(before, 'a2') * 0.1, 10);
    expect(score(after, 'n3')).toBe(score(before, 'n3'));
    expect(after.metadata.deadEnds).toEqual({ steered: [{ id: 'de-1', status: 'dead', weight: 0.1, units: ['a1', 'a2'] }] });
    // Where the budget is tight the failed exchanges give way to the notes; never the other way.
    const rank = { placeholder: 0, compressed: 1, full: 2 } as const;
    let lower = 0;
    for (let budget = 300; budget <= 600; budget += 20) {
      const [a, b] = [createContextEngine({ ...base, deadEndSteering: { enabled: false } }), createContextEngine(steered)];
      a.ingest(session());
      b.ingest(session());
      const [viewOff, viewOn] = [a.assemble({ budget }), b.assemble({ budget })];
      for (const id of ['a1', 'a2']) {
        expect(rank[fidelityOf(viewOn, id)!]).toBeLessThanOrEqual(rank[fidelityOf(viewOff, id)!]);
        if (rank[fidelityOf(viewOn, id)!] < rank[fidelityOf(viewOff, id)!]) lower++;
      }
      expect(contentText(viewOn.messages.at(-1)!.content)).toContain('ECONNREFUSED');
    }
    expect(lower).toBeGreaterThan(0);
    const brief = after.messages.at(-1)!;
    expect(brief.id).toBe('cairn:dead-ends');
    expect(contentText(brief.content)).toContain('ECONNREFUSED');
    expect([fidelityOf(before, 'a2'), fidelityOf(after, 'a2')]).toEqual(['full', 'placeholder']);
    expect(after.metadata.tokens).toBeLessThanOrEqual(420);
  });

  it('stops steering once the call succeeds (stale), rescoring the units', () => {
    const engine = createContextEngine(steered);
    engine.ingest(session());
    expect(engine.assemble({ budget: 420 }).metadata.deadEnds?.steered).toHaveLength(1);
    engine.ingest([
      { id: 'a9', role: 'assistant', content: '', toolCalls: [{ id: 'c9', name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }] },
      { id: 't9', role: 'tool', toolCallId: 'c9', name: 'run_command', content: 'ok 14 tests' },
    ]);
    const view = engine.assemble({ budget: 420 });
    expect(view.metadata.deadEnds).toEqual({ steered: [] });
    expect(view.metadata.rescored).toBe('all');
  });

  it('rejects bad options with INVALID_OPTIONS', () => {
    for (const deadEndSteering of [{ enabled: 'yes' }, { similarity: 0 }, { similarity: 1.5 }, { suspectWeight: -0.1 }, { deadWeight: 2 }, 'on']) {
      expect(() => createContextEngine({ deadEndSteering } as unknown as ContextEngineOptions)).toThrow(CairnError);
    }
  });

  test.prop(
    {
      session: arbitrarySession({ maxTurns: 20 }),
      repeats: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      budgets: fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 5 }),
      query: fc.option(fc.constantFrom('why did the ledger tests fail', 'which module next'), { nil: undefined }),
    },
    { numRuns: 60 },
  )('keeps every view invariant (budget, pairs, order, verbatim), deterministic and restorable', ({ session: generated, repeats, budgets, query }) => {
    // The generated session with a failing call repeated at a few points (a dead end to steer by).
    const messages: CairnMessage[] = [];
    let next = 0;
    const at = new Set(repeats.map((position) => position % (generated.length + 1)));
    generated.forEach((message, index) => {
      const openCall = messages.length > 0 && messages.at(-1)!.role === 'assistant' && (messages.at(-1)!.toolCalls?.length ?? 0) > 0;
      if (at.has(index) && !openCall && message.role !== 'tool') messages.push(...failing(`r${next++}`));
      messages.push(message);
    });
    const engine = createContextEngine(steeredNoLoops);
    const twin = createContextEngine(steeredNoLoops);
    let offset = 0;
    budgets.forEach((budget, turn) => {
      const batch = messages.slice(offset, turn === budgets.length - 1 ? messages.length : offset + Math.ceil(messages.length / budgets.length));
      offset += batch.length;
      engine.ingest(batch);
      twin.ingest(batch);
      const request = { budget, ...(query === undefined ? {} : { query }) };
      const saved = JSON.parse(JSON.stringify(engine.snapshot()));
      const outcome = assembleChecked(engine, request, { counter: chars, budget, onBudgetExceeded: 'compress-mandatory' }, steeredNoLoops);
      const again = (() => {
        try {
          return plain(twin.assemble(request));
        } catch (error) {
          return (error as CairnError).code;
        }
      })();
      expect(again).toEqual(outcome.ok ? plain(outcome.result) : outcome.error.code);
      if (outcome.ok) {
        const restored = restoreContextEngine(saved, steeredNoLoops);
        expect(plain(restored.assemble(request))).toEqual(plain(outcome.result));
      }
    });
  });
});
