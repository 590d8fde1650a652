import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';

const settings = { window: 8, repeats: 3 };
const say = (id: string, content: string): AssistantTurnHashes => hashAssistantTurn({ id, role: 'assistant', content });
/** One call and its result. */
function act(id: string, name: string, args: unknown, result: string, isError = false): AssistantTurnHashes {
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}-c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}-r`, role: 'tool', toolCallId: `${id}-c`, content: result, isError }]);
}

describe('detectLoop', () => {
  it('finds the same successful call with the same result three times, whatever the key order of its arguments', () => {
    const turns = [act('a1', 'read_file', { path: 'a.ts', lines: 10 }, 'x = 1'), say('a2', 'Reading.'), act('a3', 'read_file', { lines: 10, path: 'a.ts' }, 'x = 1'), act('a4', 'read_file', { path: 'a.ts', lines: 10 }, 'x = 1')];
    expect(detectLoop(turns, settings)).toMatchObject({ kind: 'call', count: 3, toolName: 'read_file', lastId: 'a4' });
  });

  it('finds the same reply repeated with other whitespace and case', () => {
    expect(detectLoop([say('a1', 'I will check it.'), say('a2', 'i will  check\nit.'), say('a3', 'I WILL CHECK IT.')], settings)).toMatchObject({ kind: 'content', count: 3 });
  });

  it('finds the same rejected edit submitted again and again (failed changes do not reset the count)', () => {
    const turns = [1, 2, 3].map((n) => act(`a${n}`, 'edit', { command: 'edit 9:17 x' }, 'syntax error', true));
    expect(detectLoop(turns, settings)).toMatchObject({ kind: 'call', count: 3, toolName: 'edit' });
  });

  it('does not fire on scrolling (same call, new result), on iteration (a new successful edit between runs), or on repeats that left the window', () => {
    expect(detectLoop([1, 2, 3, 4].map((n) => act(`a${n}`, 'scroll_down', {}, `lines ${n * 100}`)), settings)).toBeUndefined();
    const iterate = [act('a1', 'python', { command: 'python r.py' }, 'Error: x'), act('a2', 'edit', { command: 'edit 1' }, 'ok'), act('a3', 'python', { command: 'python r.py' }, 'Error: x'), act('a4', 'edit', { command: 'edit 2' }, 'ok'), act('a5', 'python', { command: 'python r.py' }, 'Error: x')];
    expect(detectLoop(iterate, settings)).toBeUndefined();
    const old = [1, 2, 3].map((n) => act(`a${n}`, 'grep', { q: 'x' }, 'none'));
    const fresh = [4, 5, 6, 7, 8, 9, 10, 11].map((n) => say(`a${n}`, `step ${n}`));
    expect(detectLoop([...old, ...fresh], settings)).toBeUndefined();
  });

  it('counts parallel identical calls in one message once, and ignores empty text', () => {
    const twin: CairnMessage = { id: 'a1', role: 'assistant', content: '', toolCalls: [1, 2, 3].map((n) => ({ id: `c${n}`, name: 'ls', arguments: {} })) };
    expect(detectLoop([hashAssistantTurn(twin)], settings)).toBeUndefined();
    expect(detectLoop([1, 2, 3].map((n) => say(`a${n}`, '   ')), settings)).toBeUndefined();
  });

  test.prop([fc.array(fc.tuple(fc.constantFrom('grep', 'ls', 'cat'), fc.integer({ min: 0, max: 3 }), fc.constantFrom('', 'ok', 'again')), { maxLength: 30 }), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 5 })])(
    'without changes of state, fires exactly when something repeats `repeats` times in the last `window` messages; same input, same output',
    (specs, window, repeats) => {
      const turns = specs.map(([name, arg, text], index) => {
        const message: CairnMessage = { id: `a${index}`, role: 'assistant', content: text, toolCalls: [{ id: `c${index}`, name, arguments: { arg } }] };
        return hashAssistantTurn(message, [{ id: `r${index}`, role: 'tool', toolCallId: `c${index}`, content: `${name}${arg}` }]);
      });
      const result = detectLoop(turns, { window, repeats });
      expect(detectLoop(turns, { window, repeats })).toEqual(result);
      const counts = new Map<string, number>();
      for (const [name, arg, text] of specs.slice(-window)) {
        counts.set(`t${name}${arg}`, (counts.get(`t${name}${arg}`) ?? 0) + 1);

      }
      const most = Math.max(0, ...counts.values());
      expect(result !== undefined).toBe(most >= repeats);
      if (result) expect(result.count).toBe(most);
    },
  );
});
