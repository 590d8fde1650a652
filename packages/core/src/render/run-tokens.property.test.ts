import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkedTokenCounter, countMessageTokens, createBpeTokenCounter, createCharTokenCounter, type TokenCounter } from '../log/index.js';
import type { ViewMessage } from '../log/index.js';
import { markerField } from '../text/index.js';
import type { PlaceholderRunText } from './render-unit.js';
import { countByWords, placeholderRunTokens, renderingCounter, runMessageTokens } from './run-tokens.js';

// A placeholder run's tokens are summed from its words' remembered counts when the counter says
// it adds up at spaces (issue 17: exact counts of ~1,100 run texts were 12% of a new question's
// turn at 50k). The sum must be exactly the whole count, for any text.

const bpe = createBpeTokenCounter();
/** Characters that stress the pre-tokenizer: spaces of every kind next to letters, digits, marks. */
const tricky = fc.constantFrom(' ', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', 'a', 'Z', 'é', '9', '123', "'s", '.', ',', '[', ']', '=', '×', '…', ';', '"', '-', '_', '/', '😀', 'ü', 'ß', '中', '\u0301');
const text = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.array(tricky, { maxLength: 60 }).map((parts) => parts.join('')),
  fc.lorem({ maxCount: 30 }),
);

/** A run's content as `renderPlaceholderRun` writes it, with arbitrary ids and tool names. */
const runContent = fc
  .record({
    from: fc.oneof(fc.string({ maxLength: 12 }), fc.nat().map((id) => `m${id}`)),
    to: fc.oneof(fc.string({ maxLength: 12 }), fc.nat().map((id) => `m${id}`)),
    count: fc.integer({ min: 2, max: 99_999 }),
    pages: fc.option(fc.tuple(fc.integer({ min: 0, max: 0xffffffff }).map((id) => id.toString(16).padStart(8, '0')), fc.integer({ min: 0, max: 0xffffffff }).map((id) => id.toString(16).padStart(8, '0'))), { nil: undefined }),
    tools: fc.array(fc.tuple(fc.string({ maxLength: 40 }), fc.integer({ min: 1, max: 500 })), { maxLength: 4 }),
    failed: fc.nat({ max: 30 }),
  })
  .map(({ from, to, count, pages, tools, failed }) => {
    const tally = tools.slice(0, 3).map(([name, times]) => `${markerField(name.slice(0, 32))}×${times}`).join(', ');
    const toolPart = tools.length > 0 ? ` tool calls: ${tally}${tools.length > 3 ? ', …' : ''}${failed > 0 ? `; ${failed} failed` : ''}` : '';
    const pagePart = pages ? ` pages=${pages[0]}..${pages[1]}` : '';
    const parts: PlaceholderRunText = { from: `[cairn:placeholder from=${markerField(from)}`, to: ` to=${markerField(to)}`, count: ` count=${count}${pagePart}]`, tools: toolPart };
    return { parts, content: `[cairn:placeholder from=${markerField(from)} to=${markerField(to)} count=${count}${pagePart}]${toolPart}` };
  });

function runMessage(content: string): ViewMessage {
  return { id: 'cairn:placeholder:a:b', role: 'assistant', content, sourceIds: ['a', 'b'], fidelity: 'placeholder', synthetic: true };
}

describe('countByWords', () => {
  test.prop([text], { numRuns: 500 })('equals the o200k counter on the whole text (its additiveAtSpaces claim)', (input) => {
    expect(countByWords(input, bpe)).toBe(bpe.count(input));
  });

  test.prop([fc.array(text, { minLength: 2, maxLength: 40 }), fc.integer({ min: 1, max: 40 })], { numRuns: 60 })('holds up to and past the 2,048 characters the claim covers', (parts, times) => {
    const input = parts.join(' ').repeat(times);
    expect(countByWords(input, bpe)).toBe(bpe.count(input));
    expect(countByWords(input.slice(0, 2048), bpe)).toBe(bpe.count(input.slice(0, 2048)));
  });
});

describe('renderingCounter', () => {
  test.prop([text, fc.constantFrom(bpe, checkedTokenCounter(bpe), createBpeTokenCounter({ safetyMargin: 0.1 }), createCharTokenCounter())], { numRuns: 300 })(
    'counts exactly as the counter it stands for',
    (input, counter) => {
      const rendering = renderingCounter(counter);
      expect(rendering.count(input)).toBe(counter.count(input));
      expect(rendering.id).toBe(counter.id);
    },
  );

  it('is one counter per counter, and the counter itself when it does not add up at spaces', () => {
    expect(renderingCounter(bpe)).toBe(renderingCounter(bpe));
    const chars = createCharTokenCounter();
    expect(renderingCounter(chars)).toBe(chars);
  });
});

describe('runMessageTokens', () => {
  const counters: readonly TokenCounter[] = [bpe, checkedTokenCounter(bpe), createBpeTokenCounter({ safetyMargin: 0.1 }), createCharTokenCounter()];

  test.prop([runContent, fc.constantFrom(...counters)], { numRuns: 400 })('is the exact message count of a run, with any counter', ({ parts, content }, counter) => {
    const message = runMessage(content);
    const exact = countMessageTokens(message, counter);
    expect(runMessageTokens(message, counter)).toBe(exact);
    expect(placeholderRunTokens(message, parts, counter)).toBe(exact);
    expect(placeholderRunTokens(message, parts, renderingCounter(counter))).toBe(exact);
    // Same input, same output (the memo never changes a count).
    expect(runMessageTokens(message, counter)).toBe(exact);
    expect(placeholderRunTokens(message, parts, counter)).toBe(exact);
  });

  test.prop([fc.uniqueArray(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.nat().map((id) => `m${id}`)), { minLength: 2, maxLength: 30 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 2, max: 999 })), { minLength: 1, maxLength: 20 })], { numRuns: 100 })(
    'is exact with the unit-naming pieces remembered per log and unit',
    (ids, runs) => {
      const log = {};
      for (const [a, b, count] of runs) {
        const first = Math.min(a % ids.length, b % ids.length);
        const last = Math.max(a % ids.length, b % ids.length);
        const parts: PlaceholderRunText = { from: `[cairn:placeholder from=${markerField(ids[first]!)}`, to: ` to=${markerField(ids[last]!)}`, count: ` count=${count}]`, tools: '' };
        const message = runMessage(parts.from + parts.to + parts.count);
        for (const counter of [bpe, renderingCounter(bpe), createCharTokenCounter()]) expect(placeholderRunTokens(message, parts, counter, { log, first, last })).toBe(countMessageTokens(message, counter));
      }
    },
  );

  it('claims additivity only for the margin-free BPE counter, and the checked wrapper keeps the claim', () => {
    expect(bpe.additiveAtSpaces).toBe(true);
    expect(checkedTokenCounter(bpe).additiveAtSpaces).toBe(true);
    expect(createBpeTokenCounter({ safetyMargin: 0.1 }).additiveAtSpaces).toBeUndefined();
    expect(createCharTokenCounter().additiveAtSpaces).toBeUndefined();
  });
});
