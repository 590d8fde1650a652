import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentText, createCharTokenCounter, createContextEngine, type CairnMessage, type ContextEngineOptions, type ViewMessage } from '../index.js';
import { changedLines } from '../render/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { checkView } from '../test-support/check-view.js';

const chars = createCharTokenCounter();
const base = { tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' as const, budget: 3000 };

/** An edit-and-run loop: the run fails, an edit, the run fails again with another error, … */
function editAndRun(round: number): CairnMessage[] {
  const errors = ["ModuleNotFoundError: No module named 'test_app'", "AppRegistryNotReady: Apps aren't loaded yet.", 'OperationalError: no such table: test_app_publication'];
  return [
    { id: `ea${round}`, role: 'assistant', content: '', toolCalls: [{ id: `ec${round}`, name: 'edit', arguments: { file: 'reproduce.py', line: round, text: `settings.configure(INSTALLED_APPS=['app_${round}'])` } }] },
    { id: `et${round}`, role: 'tool', toolCallId: `ec${round}`, name: 'edit', content: `File updated: reproduce.py line ${round}.` },
    { id: `ra${round}`, role: 'assistant', content: '', toolCalls: [{ id: `rc${round}`, name: 'python', arguments: { command: 'python reproduce.py' } }] },
    { id: `rt${round}`, role: 'tool', toolCallId: `rc${round}`, name: 'python', content: `Traceback (most recent call last):\n${errors[round % errors.length]}`, isError: true },
    { id: `rn${round}`, role: 'assistant', content: `Round ${round}: the reproduction still fails; reading the settings module ${round} again.`.repeat(3) },
  ];
}

/** A call of `tool` that fails twice the same way: a dead end that stays as it is. */
const failsTwice = (tool: string, argument: string, error: string): CairnMessage[] =>
  [1, 2].flatMap((time): CairnMessage[] => [
    { id: `${tool}a${time}`, role: 'assistant', content: '', toolCalls: [{ id: `${tool}c${time}`, name: tool, arguments: { command: argument } }] },
    { id: `${tool}t${time}`, role: 'tool', toolCallId: `${tool}c${time}`, name: tool, content: error, isError: true },
  ]);

const task: CairnMessage[] = [
  { id: 'u1', role: 'user', content: 'Make reproduce.py run: it should print the publications without errors.' },
  ...failsTwice('pip', 'pip install django==1.2', 'ERROR: Could not find a version that satisfies the requirement django==1.2'),
  ...failsTwice('manage', 'python manage.py migrate', 'django.core.exceptions.ImproperlyConfigured: SECRET_KEY must not be empty.'),
  ...failsTwice('grep', 'grep -rn app_label vendor/', 'grep: vendor/: No such file or directory'),
  ...Array.from({ length: 12 }, (_, index): CairnMessage => ({ id: `n${index}`, role: 'assistant', content: `Reading module ${index} of the Django app and its settings.`.repeat(4) })),
];

const BRIEF = 'cairn:dead-ends';
/** Lines of the brief and of its changes message in a view. */
const shownLines = (view: readonly ViewMessage[]): Set<string> =>
  new Set(view.filter((message) => message.id === BRIEF || message.id === `${BRIEF}:changes`).flatMap((message) => contentText(message.content).split('\n')));
const briefLines = (view: readonly ViewMessage[]): string[] => {
  const brief = view.find((message) => message.id === BRIEF);
  return brief ? contentText(brief.content).split('\n').filter((line) => line.startsWith('- ')) : [];
};

describe("a sticky brief's changes appended after the history (prefix.briefChanges)", () => {
  it('names the changed lines in their current form, the entries no longer listed, and no counter tick', () => {
    const shown = ['[cairn:dead-ends] Known dead ends:', '- python(x) — failed 2× (dead end): E1', '- edit(y) — failed once (suspect): E2', '[str-1] helpful=0 harmful=0 :: a lesson'].join('\n');
    const now = ['[cairn:dead-ends] Known dead ends:', '- python(x) — failed 3× (since changed, may work now): E3', '[str-1] helpful=2 harmful=0 :: a lesson'].join('\n');
    expect(changedLines(shown, now)).toEqual(['- python(x) — failed 3× (since changed, may work now): E3', '- no longer listed: edit(y)']);
    expect(changedLines(shown, shown)).toEqual([]);
    // A page index line changed in place is the same entry (its id), not one no longer listed.
    expect(changedLines('[cairn:page-index] Pages:\n- adab1b3b (Detail) m1..m2 [a]\n- b0ad4367 m3..m8 [b]', '[cairn:page-index] Pages:\n- adab1b3b m1..m2 [a]\n- b0ad4367 m3..m8 [b]')).toEqual(['- adab1b3b m1..m2 [a]']);
  });

  it('shows the current status of every dead end on every turn of an edit-and-run loop, and keeps the brief in place more often', () => {
    const appended = createContextEngine(base);
    const rewritten = createContextEngine({ ...base, prefix: { briefChanges: 'rewritten' } });
    let kept = 0;
    let keptBefore = 0;
    let changesShown = 0;
    let previous: { appended: ViewMessage[]; rewritten: ViewMessage[] } | undefined;
    for (const engine of [appended, rewritten]) engine.ingest(task);
    for (let round = 0; round < 12; round++) {
      for (const engine of [appended, rewritten]) engine.ingest(editAndRun(round));
      const view = appended.assemble({}).messages;
      const before = rewritten.assemble({}).messages;
      // Every dead end of the current brief (the one 'rewritten' shows) is in the view, as it is now.
      const lines = shownLines(view);
      for (const line of briefLines(before)) expect(lines.has(line)).toBe(true);
      if (view.some((message) => message.id === `${BRIEF}:changes`)) changesShown++;
      if (previous) {
        const at = previous.appended.findIndex((message) => message.id === BRIEF);
        if (at >= 0 && view[at]?.id === BRIEF && contentText(view[at]!.content) === contentText(previous.appended[at]!.content)) kept++;
        const was = previous.rewritten.findIndex((message) => message.id === BRIEF);
        if (was >= 0 && before[was]?.id === BRIEF && contentText(before[was]!.content) === contentText(previous.rewritten[was]!.content)) keptBefore++;
      }
      previous = { appended: view, rewritten: before };
    }
    expect(changesShown).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(keptBefore);
  });

  test.prop([arbitrarySession(), fc.integer({ min: 600, max: 4000 }), fc.constantFrom<ContextEngineOptions['prefix']>({}, { compactTo: 0.4 })], { numRuns: 20 })(
    'every turn keeps every view invariant and shows every line of the current brief (same input, same output)',
    (session, budget, prefix) => {
      const make = (briefChanges: 'appended' | 'rewritten') => createContextEngine({ ...base, budget, prefix: { ...prefix, briefChanges } });
      const [engine, twin, reference] = [make('appended'), make('appended'), make('rewritten')];
      const messages = [...session, ...Array.from({ length: 6 }, (_, round) => editAndRun(round)).flat()];
      for (let start = 0; start < messages.length; start += 4) {
        for (const live of [engine, twin, reference]) live.ingest(messages.slice(start, start + 4));
        const result = engine.assemble({});
        checkView(engine, result, { counter: chars, budget, onBudgetExceeded: 'compress-mandatory' });
        expect(twin.assemble({}).messages).toEqual(result.messages);
        const lines = shownLines(result.messages);
        const current = reference.assemble({}).messages;
        // The reference's plan may leave no room for a brief where this one has it (or the other way).
        if (result.messages.some((message) => message.id === BRIEF)) for (const line of briefLines(current)) expect(lines.has(line)).toBe(true);
      }
    },
  );
});
