import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentText, createCharTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage, type ContextEngineOptions, type ViewMessage } from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { checkView } from '../test-support/check-view.js';

const chars = createCharTokenCounter();
// A budget the history passes the passthrough level of (20%): a curated view, where the brief may stick.
const base = { tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' as const, budget: 400 };

/** A call that failed twice (a dead end: the brief names it), then a few notes. */
function failingRun(): CairnMessage[] {
  return [
    { id: 'fu1', role: 'user', content: 'Run the test suite for the ledger sync.' },
    { id: 'fa1', role: 'assistant', content: '', toolCalls: [{ id: 'fc1', name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }] },
    { id: 'ft1', role: 'tool', toolCallId: 'fc1', name: 'run_command', content: 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', isError: true },
    { id: 'fa2', role: 'assistant', content: '', toolCalls: [{ id: 'fc2', name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }] },
    { id: 'ft2', role: 'tool', toolCallId: 'fc2', name: 'run_command', content: 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', isError: true },
  ];
}

const note = (index: number): CairnMessage => ({ id: `fn${index}`, role: 'assistant', content: `Progress note ${index}: reviewed module ${index} and its call sites.` });
const briefIndex = (messages: readonly ViewMessage[]): number => messages.findIndex((message) => message.id === 'cairn:dead-ends');

describe("the brief's place in a cache-aware view (prefix.brief)", () => {
  it("stays where the previous view showed it while its text is unchanged ('sticky', the default): new messages go after it", () => {
    const engine = createContextEngine(base);
    engine.ingest(failingRun());
    const first = engine.assemble({}).messages;
    expect(briefIndex(first)).toBe(first.length - 1);
    engine.ingest([note(1), note(2)]);
    const second = engine.assemble({}).messages;
    // The whole first view, brief included, is the second one's prefix.
    expect(second.slice(0, first.length)).toEqual(first);
    expect(second.slice(first.length).map((message) => message.id)).toEqual(['fn1', 'fn2']);
  });

  it("is always the last message with 'end' (the behaviour before) and without cacheAware", () => {
    for (const prefix of [{ brief: 'end' as const }, { cacheAware: false }]) {
      const engine = createContextEngine({ ...base, prefix });
      engine.ingest(failingRun());
      engine.assemble({});
      engine.ingest([note(1), note(2)]);
      const view = engine.assemble({}).messages;
      expect(briefIndex(view)).toBe(view.length - 1);
    }
  });

  it("moves to the end when its text changes (briefChanges: 'rewritten')", () => {
    const engine = createContextEngine({ ...base, prefix: { briefChanges: 'rewritten' } });
    engine.ingest(failingRun());
    const first = engine.assemble({}).messages;
    engine.ingest([
      note(1),
      { id: 'fa3', role: 'assistant', content: '', toolCalls: [{ id: 'fc3', name: 'read_config', arguments: { path: 'config/ledger.yaml' } }] },
      { id: 'ft3', role: 'tool', toolCallId: 'fc3', name: 'read_config', content: 'Error: no such file config/ledger.yaml', isError: true },
    ]);
    const second = engine.assemble({}).messages;
    const at = briefIndex(second);
    expect(at).toBe(second.length - 1);
    expect(contentText(second[at]!.content)).not.toBe(contentText(first[briefIndex(first)]!.content));
  });

  it('never stands between a call and its result: a view that ended on an open call moves it to the end', () => {
    const engine = createContextEngine(base);
    engine.ingest([...failingRun(), { id: 'fa3', role: 'assistant', content: '', toolCalls: [{ id: 'fc3', name: 'list_files', arguments: { path: 'src' } }] }]);
    engine.assemble({});
    engine.ingest({ id: 'ft3', role: 'tool', toolCallId: 'fc3', name: 'list_files', content: 'ledger-sync.ts\nindex.ts' });
    const view = engine.assemble({}).messages;
    expect(briefIndex(view)).toBe(view.length - 1);
    expect(view[briefIndex(view) - 1]!.id).toBe('ft3');
  });

  it("keeps the shown lesson counters while only they change ('sticky'); the next change of its lines refreshes them", () => {
    const briefText = (messages: readonly ViewMessage[]) => contentText(messages[briefIndex(messages)]!.content);
    for (const brief of ['sticky', 'end'] as const) {
      // Room for the lessons in the brief (a tenth of the budget), past the passthrough level.
      const engine = createContextEngine({ ...base, budget: 2000, prefix: { brief, briefChanges: 'rewritten' } });
      engine.ingest([...Array.from({ length: 25 }, (_, index) => note(100 + index)), ...failingRun()]);
      const lesson = engine.applyPlaybookDelta({ op: 'add', section: 'tools', content: 'search_dir takes a folder, not a file.', sourceIds: ['fu1'] })!;
      const first = engine.assemble({}).messages;
      expect(briefText(first)).toContain(`[${lesson.id}] helpful=0 harmful=0`);
      engine.applyPlaybookDelta({ op: 'count', id: lesson.id, helpful: 1 });
      engine.ingest(note(1));
      const second = engine.assemble({}).messages;
      expect(briefText(second)).toContain(brief === 'sticky' ? `[${lesson.id}] helpful=0 harmful=0` : `[${lesson.id}] helpful=1 harmful=0`);
      if (brief === 'sticky') expect(second.slice(0, first.length)).toEqual(first);
      engine.applyPlaybookDelta({ op: 'add', section: 'tools', content: 'read_file wants a path relative to the repository root.', sourceIds: ['fu1'] });
      engine.ingest(note(2));
      expect(briefText(engine.assemble({}).messages)).toContain(`[${lesson.id}] helpful=1 harmful=0`);
    }
  });

  it('is placed by a restored engine as by the one it was saved from', () => {
    const engine = createContextEngine(base);
    engine.ingest(failingRun());
    engine.assemble({});
    const copy = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), base);
    for (const live of [engine, copy]) live.ingest([note(1), note(2)]);
    expect(copy.assemble({}).messages).toEqual(engine.assemble({}).messages);
  });

  test.prop([arbitrarySession(), fc.integer({ min: 300, max: 2500 }), fc.constantFrom<ContextEngineOptions['prefix']>({}, { brief: 'end' }, { compactTo: 0.4 }, { briefChanges: 'rewritten' })], { numRuns: 25 })(
    'every turn of a growing session keeps every view invariant (budget, tool pairs, order) wherever the brief stands',
    (session, budget, prefix) => {
      const engine = createContextEngine({ ...base, budget, prefix });
      const tail = Array.from({ length: 8 }, (_, index): CairnMessage[] => [
        { id: `fx${index}`, role: 'assistant', content: '', toolCalls: [{ id: `fxc${index}`, name: 'read_file', arguments: { path: `src/module-${index}.ts` } }] },
        { id: `fxt${index}`, role: 'tool', toolCallId: `fxc${index}`, name: 'read_file', content: `export const value${index} = ${index};\n`.repeat(1 + (index % 4)) },
        note(index),
      ]).flat();
      const messages = [...session, ...failingRun(), ...tail];
      for (let start = 0; start < messages.length; start += 3) {
        engine.ingest(messages.slice(start, start + 3));
        checkView(engine, engine.assemble({}), { counter: chars, budget, onBudgetExceeded: 'compress-mandatory' });
      }
    },
  );
});
