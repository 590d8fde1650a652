import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CairnError } from '../log/index.js';
import { createContextWindow, type ContextWindow } from './context-window.js';
import { turnWindow } from './turn-window.js';

/** What a window shows: its focus and the value at every position (nested windows observed in turn). */
function observe(value: unknown): unknown {
  if (value instanceof Object && 'extract' in value && 'values' in value) {
    const window = value as ContextWindow<unknown>;
    return { position: window.position, values: window.values().map(observe) };
  }
  return value;
}

/** Windows over random values, with any focus (including out of range, which clamps). */
const windowArbitrary = fc
  .record({ values: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 12 }), position: fc.integer({ min: -3, max: 15 }) })
  .map(({ values, position }) => createContextWindow({ size: values.length, position, peek: (at) => values[at]! }));

describe('the context window is a store comonad (the three laws, 100%)', () => {
  test.prop([windowArbitrary], { numRuns: 300 })('left identity: extract ∘ duplicate = id', (window) => {
    expect(observe(window.duplicate().extract())).toEqual(observe(window));
  });

  test.prop([windowArbitrary], { numRuns: 300 })('right identity: map(extract) ∘ duplicate = id', (window) => {
    expect(observe(window.duplicate().map((inner) => inner.extract()))).toEqual(observe(window));
  });

  test.prop([windowArbitrary], { numRuns: 200 })('associativity: duplicate ∘ duplicate = map(duplicate) ∘ duplicate', (window) => {
    expect(observe(window.duplicate().duplicate())).toEqual(observe(window.duplicate().map((inner) => inner.duplicate())));
  });

  test.prop([windowArbitrary, fc.integer({ min: 0, max: 5 })], { numRuns: 200 })('extend agrees with map ∘ duplicate, and extend(extract) = id', (window, shift) => {
    const sumNear = (w: ContextWindow<unknown>) => `${String(w.extract())}|${String(w.seeks((at) => at + shift).extract())}`;
    expect(observe(window.extend(sumNear))).toEqual(observe(window.duplicate().map(sumNear)));
    expect(observe(window.extend((w) => w.extract()))).toEqual(observe(window));
  });

  test.prop([windowArbitrary, fc.integer({ min: -20, max: 20 })])('seek moves only the focus; seeks is seek of a function of the focus', (window, to) => {
    const moved = window.seek(to);
    expect(moved.position).toBe(Math.min(window.size - 1, Math.max(0, to)));
    expect(moved.values()).toEqual(window.values());
    expect(moved.extract()).toBe(window.peek(to));
    expect(window.seeks((at) => at + to).position).toBe(window.seek(window.position + to).position);
  });
});

describe('createContextWindow', () => {
  it('focuses the last position by default and computes each value once', () => {
    let calls = 0;
    const window = createContextWindow({ size: 4, peek: (at) => (calls++, at * 10) });
    expect(window.extract()).toBe(30);
    expect(window.seek(1).extract()).toBe(10);
    window.peek(1);
    expect(calls).toBe(2);
  });

  it('refuses an empty window and a position that is not a number (typed errors)', () => {
    for (const size of [0, -1, 1.5, Number.NaN]) {
      expect(() => createContextWindow({ size, peek: () => 0 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    }
    const window = createContextWindow({ size: 2, peek: () => 0 });
    try {
      window.seek(Number.NaN);
      expect.unreachable();
    } catch (error) {
      expect(CairnError.isInstance(error) && error.code).toBe('INVALID_OPTIONS');
    }
  });
});

describe('turnWindow', () => {
  const messages = [
    { id: 's', role: 'system' as const, content: 'be brief' },
    { id: 'u1', role: 'user' as const, content: 'hi' },
    { id: 'a1', role: 'assistant' as const, content: 'hello' },
    { id: 'u2', role: 'user' as const, content: 'book ORD-1' },
    { id: 'a2', role: 'assistant' as const, content: 'done' },
  ];

  it('has one position per user turn, focused on the latest; seek(t) is the history as of turn t', () => {
    const window = turnWindow(messages);
    expect(window.size).toBe(2);
    expect(window.extract().messages.map((message) => message.id)).toEqual(['u2', 'a2']);
    const first = window.seek(0).extract();
    expect(first.messages.map((message) => message.id)).toEqual(['s', 'u1', 'a1']);
    expect(first.history.map((message) => message.id)).toEqual(['s', 'u1', 'a1']);
    expect(window.seek(1).extract().history).toHaveLength(5);
  });

  it('an empty log is one empty turn', () => {
    const window = turnWindow([]);
    expect(window.size).toBe(1);
    expect(window.extract().messages).toEqual([]);
  });
});
