import { describe, expect, it } from 'vitest';
import { applyChanges } from '../render/index.js';
import { contentText, createCharTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage, type ContextEngineOptions, type ViewMessage } from '../index.js';
import { checkView } from '../test-support/check-view.js';

const chars = createCharTokenCounter();
const base = { tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' as const, budget: 3000 };
const BRIEF = 'cairn:dead-ends';

const task: CairnMessage[] = [
  { id: 'u1', role: 'user', content: 'Make reproduce.py run: it should print the publications without errors.' },
  ...Array.from({ length: 12 }, (_, index): CairnMessage => ({ id: `n${index}`, role: 'assistant', content: `Reading module ${index} of the Django app and its settings.`.repeat(4) })),
];
const edit = (round: number): CairnMessage[] => [
  { id: `ea${round}`, role: 'assistant', content: '', toolCalls: [{ id: `ec${round}`, name: 'edit', arguments: { file: 'reproduce.py', line: round, text: `settings.configure(INSTALLED_APPS=['app_${round}'])` } }] },
  { id: `et${round}`, role: 'tool', toolCallId: `ec${round}`, name: 'edit', content: `File updated: reproduce.py line ${round}.` },
];
const run = (round: number, error = "ModuleNotFoundError: No module named 'test_app'"): CairnMessage[] => [
  { id: `ra${round}`, role: 'assistant', content: '', toolCalls: [{ id: `rc${round}`, name: 'python', arguments: { command: 'python reproduce.py' } }] },
  { id: `rt${round}`, role: 'tool', toolCallId: `rc${round}`, name: 'python', content: `Traceback (most recent call last):\n${error}`, isError: true },
];
const note = (id: string): CairnMessage => ({ id, role: 'assistant', content: `Thinking about ${id} and what the settings module needs next.` });

/** The python dead end's line as the view reads: the brief's, replaced as its changes messages say. */
function pythonLine(view: readonly ViewMessage[]): string | undefined {
  const brief = view.find((message) => message.id === BRIEF);
  if (!brief) return undefined;
  const changes = view.filter((message) => message.id.startsWith(`${BRIEF}:changes`)).map((message) => contentText(message.content));
  return applyChanges(contentText(brief.content), changes)
    .split('\n')
    .find((line) => line.startsWith('- python('));
}

describe("settled brief lines (prefix.briefLines 'settled', the default)", () => {
  it('an edit-and-run loop keeps the line as it is; a suspect becoming a dead end is shown at once; "may work now" once it has settled', () => {
    const settled = createContextEngine(base);
    const exact = createContextEngine({ ...base, prefix: { briefLines: 'exact' } });
    const lines: { settled: (string | undefined)[]; exact: (string | undefined)[] } = { settled: [], exact: [] };
    const step = (messages: CairnMessage[]): void => {
      for (const engine of [settled, exact]) engine.ingest(messages);
      lines.settled.push(pythonLine(settled.assemble({}).messages));
      lines.exact.push(pythonLine(exact.assemble({}).messages));
    };
    for (const engine of [settled, exact]) engine.ingest(task);
    step(run(0));
    expect(lines.settled.at(-1)).toContain('(suspect');
    step(edit(1));
    // The edit made it stale: shown at once under 'exact', held while the run is likely to follow.
    expect(lines.exact.at(-1)).toContain('since changed, may work now');
    expect(lines.settled.at(-1)).toContain('(suspect');
    step(run(1));
    // Failing again: a dead end, shown at once under both.
    for (const line of [lines.settled.at(-1), lines.exact.at(-1)]) expect(line).toContain('failed 2× (dead end');
    for (let round = 2; round < 6; round++) {
      step(edit(round));
      step(run(round));
    }
    // The loop changed the exact line on every step; the settled one only at the floors of its count.
    const changes = (list: readonly (string | undefined)[]): number => list.slice(1).filter((line, index) => line !== list[index]).length;
    expect(changes(lines.exact)).toBe(lines.exact.length - 1);
    expect(changes(lines.settled)).toBeLessThanOrEqual(4);
    expect(lines.settled.at(-1)).toContain('failed 5+× (dead end');
    expect(lines.settled.every((line) => !line?.includes('may work now'))).toBe(true);
    // An edit the run does not follow: "may work now" once the failure is 7 logged messages back.
    step(edit(6));
    expect(lines.settled.at(-1)).toContain('(dead end');
    for (let index = 0; index < 5; index++) step([note(`w${index}`)]);
    expect(lines.settled.at(-1)).toContain('since changed, may work now');
    // The guard is the same under both: the changed state lets the call through with a warning.
    expect(settled.checkToolCall({ name: 'python', arguments: { command: 'python reproduce.py' } })).toEqual(exact.checkToolCall({ name: 'python', arguments: { command: 'python reproduce.py' } }));
  });

  it('a restored engine shows the same lines (read from the log, not from a memory of its own)', () => {
    const engine = createContextEngine(base);
    engine.ingest([...task, ...run(0), ...edit(1), ...run(1), ...edit(2)]);
    const view = engine.assemble({}).messages;
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), base);
    restored.ingest(run(2));
    engine.ingest(run(2));
    expect(restored.assemble({}).messages).toEqual(engine.assemble({}).messages);
    expect(pythonLine(view)).toContain('(dead end');
  });
});

/** Whether `earlier` is `later`'s prefix as a prompt cache compares them (id, role, text). */
const isPrefix = (earlier: readonly ViewMessage[], later: readonly ViewMessage[]): boolean =>
  earlier.every((message, index) => later[index]?.id === message.id && later[index]!.role === message.role && contentText(later[index]!.content) === contentText(message.content));

describe("a chain of changes messages (prefix.briefChanges 'chained', the default)", () => {
  /** The edit-and-run loop with a new error each run: the python line changes on every run. */
  const errors = ["ModuleNotFoundError: No module named 'test_app'", "AppRegistryNotReady: Apps aren't loaded yet.", 'OperationalError: no such table: test_app_publication'];
  const options: ContextEngineOptions = { ...base, prefix: { briefLines: 'exact' } };

  it('never rewrites a changes message that history follows: each change is a new message after the history, and every view reads as the current brief', () => {
    const chained = createContextEngine(options);
    const appended = createContextEngine({ ...options, prefix: { briefLines: 'exact', briefChanges: 'appended' } });
    const reference = createContextEngine({ ...options, prefix: { briefLines: 'exact', briefChanges: 'rewritten' } });
    const engines = [chained, appended, reference];
    for (const engine of engines) engine.ingest(task);
    let previous: ViewMessage[] | undefined;
    let appendOnly = 0;
    let appendOnlyBefore = 0;
    let previousAppended: ViewMessage[] | undefined;
    let longest = 0;
    for (let round = 0; round < 8; round++) {
      for (const engine of engines) engine.ingest([...edit(round), ...run(round, errors[round % errors.length])]);
      const result = chained.assemble({});
      checkView(chained, result, { counter: chars, budget: 3000, onBudgetExceeded: 'compress-mandatory' });
      const view = result.messages;
      const before = appended.assemble({}).messages;
      const current = reference.assemble({}).messages;
      expect(pythonLine(view)).toBe(pythonLine(current));
      longest = Math.max(longest, view.filter((message) => message.id.startsWith(`${BRIEF}:changes`)).length);
      if (previous && isPrefix(previous, view)) appendOnly++;
      if (previousAppended && isPrefix(previousAppended, before)) appendOnlyBefore++;
      previous = view;
      previousAppended = before;
    }
    expect(longest).toBeGreaterThan(1);
    // Only when the chain outgrows the brief's allowance does it collapse (one break); 'appended'
    // rewrites its one message, which history follows, on every run.
    expect(appendOnly).toBeGreaterThanOrEqual(5);
    expect(appendOnlyBefore).toBe(0);
  });
});
