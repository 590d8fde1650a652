import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { hashAssistantTurn } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';

const settings = { window: 8, repeats: 3 };
const say = (id: string, content: string): CairnMessage => ({ id, role: 'assistant', content });
const call = (id: string, name: string, args: unknown, content = ''): CairnMessage => ({ id, role: 'assistant', content, toolCalls: [{ id: `${id}-c`, name, arguments: args }] });

describe('detectLoop', () => {
  it('finds the same successful call three times in the window, whatever the key order of its arguments', () => {
    const turns = [call('a1', 'read_file', { path: 'a.ts', lines: 10 }), say('a2', 'Reading.'), call('a3', 'read_file', { lines: 10, path: 'a.ts' }), call('a4', 'read_file', { path: 'a.ts', lines: 10 })].map(hashAssistantTurn);
    expect(detectLoop(turns, settings)).toMatchObject({ kind: 'call', count: 3, toolName: 'read_file', lastId: 'a4' });
  });

  it('finds the same reply repeated with other whitespace and case', () => {
    const turns = [say('a1', 'I will check it.'), say('a2', 'i will  check\nit.'), say('a3', 'I WILL CHECK IT.')].map(hashAssistantTurn);
    expect(detectLoop(turns, settings)).toMatchObject({ kind: 'content', count: 3 });
  });

  it('does not fire on twice, on changed arguments, or on repeats that left the window', () => {
    expect(detectLoop([call('a1', 'grep', { q: 'x' }), call('a2', 'grep', { q: 'x' })].map(hashAssistantTurn), settings)).toBeUndefined();
    expect(detectLoop([1, 2, 3].map((n) => call(`a${n}`, 'grep', { q: `x${n}` })).map(hashAssistantTurn), settings)).toBeUndefined();
    const old = [1, 2, 3].map((n) => call(`a${n}`, 'grep', { q: 'x' }));
    const fresh = [4, 5, 6, 7, 8, 9, 10, 11].map((n) => say(`a${n}`, `step ${n}`));
    expect(detectLoop([...old, ...fresh].map(hashAssistantTurn), settings)).toBeUndefined();
  });

  it('counts parallel identical calls in one message once, and ignores empty text', () => {
    const twin: CairnMessage = { id: 'a1', role: 'assistant', content: '', toolCalls: [1, 2, 3].map((n) => ({ id: `c${n}`, name: 'ls', arguments: {} })) };
    expect(detectLoop([hashAssistantTurn(twin)], settings)).toBeUndefined();
    expect(detectLoop([1, 2, 3].map((n) => say(`a${n}`, '   ')).map(hashAssistantTurn), settings)).toBeUndefined();
  });

  test.prop([fc.array(fc.tuple(fc.constantFrom('grep', 'ls', 'cat'), fc.integer({ min: 0, max: 3 }), fc.constantFrom('', 'ok', 'again')), { maxLength: 30 }), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 5 })])(
    'fires exactly when something repeats `repeats` times in the last `window` messages; same input, same output',
    (specs, window, repeats) => {
      const turns = specs.map(([name, arg, text], index) => hashAssistantTurn(call(`a${index}`, name, { arg }, text)));
      const result = detectLoop(turns, { window, repeats });
      expect(detectLoop(turns, { window, repeats })).toEqual(result);
      const counts = new Map<string, number>();
      for (const [name, arg, text] of specs.slice(-window)) {
        counts.set(`t${name}${arg}`, (counts.get(`t${name}${arg}`) ?? 0) + 1);
        if (text) counts.set(`c${text}`, (counts.get(`c${text}`) ?? 0) + 1);
      }
      const most = Math.max(0, ...counts.values());
      expect(result !== undefined).toBe(most >= repeats);
      if (result) expect(result.count).toBe(most);
    },
  );
});
