import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentText, createCharTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage } from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';

const chars = createCharTokenCounter();
const options = { tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' as const };

function failingRun(): CairnMessage[] {
  return [
    { id: 'u1', role: 'user', content: 'Run the test suite for the ledger sync.' },
    { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }] },
    { id: 't1', role: 'tool', toolCallId: 'c1', name: 'run_command', content: 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', isError: true },
    { id: 'a2', role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }] },
    { id: 't2', role: 'tool', toolCallId: 'c2', name: 'run_command', content: 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', isError: true },
  ];
}

describe('dead ends in the engine', () => {
  it('warns on a repeat of a call that failed once, blocks one that failed twice, allows others', () => {
    const engine = createContextEngine(options);
    engine.ingest(failingRun().slice(0, 3));
    expect(engine.checkToolCall({ name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }).verdict).toBe('warn');
    engine.ingest(failingRun().slice(3));
    const verdict = engine.checkToolCall({ name: 'run_command', arguments: { command: 'npm  test --  src/ledger-sync.ts ' } });
    expect(verdict.verdict).toBe('block');
    expect(verdict.deadEnd?.sourceIds).toEqual(expect.arrayContaining(['t1', 't2']));
    expect(engine.checkToolCall({ name: 'run_command', arguments: { command: 'npm test -- src/other.ts' } }).verdict).toBe('allow');
    expect(engine.getDirectionState().deadEndMatches.length).toBeGreaterThan(0);
  });

  it('shows the lesson in the brief even when the failed output itself is a placeholder', () => {
    const engine = createContextEngine(options);
    engine.ingest(failingRun());
    for (let index = 0; index < 40; index++) engine.ingest({ id: `n${index}`, role: 'assistant', content: `Progress note ${index}: reviewed module ${index} and its call sites in detail.` });
    const view = engine.assemble({ budget: 700 });
    const brief = view.messages.at(-1)!;
    expect(brief.id).toBe('cairn:dead-ends');
    expect(contentText(brief.content)).toContain('ECONNREFUSED');
    expect(view.metadata.tokens).toBeLessThanOrEqual(700);
  });

  it('keeps one lesson in view on a small budget, latest failure first', () => {
    const engine = createContextEngine(options);
    engine.ingest(failingRun().slice(0, 3));
    engine.ingest([
      { id: 'a3', role: 'assistant', content: '', toolCalls: [{ id: 'c3', name: 'read_config', arguments: { path: `config/${'nested/'.repeat(30)}ledger.yaml` } }] },
      { id: 't3', role: 'tool', toolCallId: 'c3', name: 'read_config', content: 'Error: no such file config/ledger.yaml (looked in ./config, ./etc and the home folder)', isError: true },
    ]);
    for (let index = 0; index < 12; index++) engine.ingest({ id: `n${index}`, role: 'assistant', content: `Progress note ${index}: reviewed module ${index} and its call sites.` });
    // A tenth of this budget holds no whole line; the brief still gets room for one shortened line.
    const view = engine.assemble({ budget: 420 });
    const brief = view.messages.at(-1)!;
    expect(brief.id).toBe('cairn:dead-ends');
    expect(contentText(brief.content)).toContain('read_config(…)');
    expect(contentText(brief.content)).toContain('Error: no such file config/ledger.yaml (looked in ./config, ./etc and the home folder)');
    expect(view.metadata.tokens).toBeLessThanOrEqual(420);
  });

  it('puts a long-term dead end before a later suspect when both are stale', () => {
    const engine = createContextEngine(options);
    engine.ingest(failingRun());
    engine.ingest([
      { id: 'a3', role: 'assistant', content: '', toolCalls: [{ id: 'c3', name: 'write_file', arguments: { path: 'src/ledger-sync.ts', content: 'export {' } }] },
      { id: 't3', role: 'tool', toolCallId: 'c3', name: 'write_file', content: 'Error: rejected, syntax error at line 1: unexpected end of input after "export {"; the file was left unchanged', isError: true },
      { id: 'a4', role: 'assistant', content: '', toolCalls: [{ id: 'c4', name: 'write_file', arguments: { path: 'src/ledger-sync.ts', content: 'export {};' } }] },
      { id: 't4', role: 'tool', toolCallId: 'c4', name: 'write_file', content: 'Wrote src/ledger-sync.ts.' },
    ]);
    expect(engine.listDeadEnds().every((deadEnd) => deadEnd.stale === true)).toBe(true);
    // Room for one lesson only: the long-term one.
    const view = engine.assemble({ budget: 260 });
    const brief = contentText(view.messages.at(-1)!.content);
    expect(brief.split('\n')).toHaveLength(2);
    expect(brief).toContain('ECONNREFUSED');
  });

  it('keeps the registry across a snapshot round-trip', () => {
    const engine = createContextEngine(options);
    engine.ingest(failingRun());
    engine.registerDeadEnd({ trace: { approach: 'Mocking the database driver' }, reason: 'the driver is native; mocks never load' });
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
    expect(restored.listDeadEnds()).toEqual(engine.listDeadEnds());
    const call = { name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } };
    expect(restored.checkToolCall(call)).toEqual(engine.checkToolCall(call));
  });

  test.prop(
    {
      session: arbitrarySession({ maxTurns: 20 }),
      at: fc.nat(),
      budgets: fc.array(fc.integer({ min: 1_500, max: 20_000 }), { minLength: 1, maxLength: 6 }),
    },
    { numRuns: 40 },
  )('a registered dead end is in every later view’s brief', ({ session, at, budgets }) => {
    const engine = createContextEngine(options);
    const split = at % (session.length + 1);
    engine.ingest(session.slice(0, split));
    engine.registerDeadEnd({ trace: { approach: 'Rewriting the billing module in Go' }, reason: 'the team ruled it out' });
    let offset = split;
    budgets.forEach((budget, turn) => {
      const next = session.slice(offset, offset + 3 + turn);
      offset += next.length;
      if (next.length > 0) engine.ingest(next);
      const view = engine.assemble({ budget });
      // The last message, or where the previous view showed it while unchanged (prefix.brief 'sticky').
      const briefs = view.messages.filter((message) => message.id === 'cairn:dead-ends');
      expect(briefs).toHaveLength(1);
      expect(contentText(briefs[0]!.content)).toContain('Rewriting the billing module in Go');
      expect(view.metadata.tokens).toBeLessThanOrEqual(budget);
    });
  });
});
