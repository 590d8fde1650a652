import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createCharTokenCounter, SessionLog, type CairnMessage } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import { askingFocus, selfDisclosureFocus, shareWithReplies } from './dialogue-focus.js';

const counter = createCharTokenCounter();
const lines = ['How was the trip?', 'I went camping with my kids.', 'You are so kind!', 'We loved the museum.', 'Cool! What did it look like?', 'The weather was fine.'];

function logOf(contents: readonly string[]): SessionLog {
  const log = new SessionLog(counter, createLexicalVectoriser());
  log.append(contents.map((content, index): CairnMessage => ({ id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content })));
  return log;
}

/** A chat of the lines above, and a subset of its units (ascending) with values. */
const scored = fc
  .array(fc.constantFrom(...lines), { minLength: 1, maxLength: 30 })
  .chain((contents) =>
    fc.tuple(
      fc.constant(contents),
      fc.subarray(contents.map((_, index) => index), { minLength: 1 }),
    ),
  )
  .chain(([contents, indexes]) => fc.tuple(fc.constant(contents), fc.constant(indexes), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: indexes.length, maxLength: indexes.length })));

describe('dialogue focus', () => {
  it('keeps a first-person message whole and scales the others', () => {
    const log = logOf(['I went camping with my kids.', "You'd be a great counselor!"]);
    expect(Array.from(selfDisclosureFocus(log, [0, 1], undefined, 0.7)!)).toEqual([1, 0.7]);
    expect(Array.from(selfDisclosureFocus(log, [0, 1], Float64Array.from([0.5, 0.5]), 0.7)!)).toEqual([0.5, 0.35]);
    expect(selfDisclosureFocus(log, [0, 1], undefined, 1)).toBeUndefined();
  });

  it('scales a message that ends with a question, and keeps the others', () => {
    const log = logOf(['Cool! What did it look like?', 'I went camping with my kids.', 'Did you make this? [image: a bowl]', 'What? No, I went home.']);
    expect(Array.from(askingFocus(log, [0, 1, 2, 3], undefined, 0.8)!)).toEqual([0.8, 1, 0.8, 1]);
    expect(Array.from(askingFocus(log, [0, 1], Float64Array.from([0.5, 0.5]), 0.8)!)).toEqual([0.4, 0.5]);
    expect(askingFocus(log, [0, 1], undefined, 1)).toBeUndefined();
  });

  it('lifts the reply to a question, and nothing else', () => {
    const log = logOf(['How did the kids like the museum?', 'They were stoked.', 'Fine weather.', 'Nice.']);
    expect(Array.from(shareWithReplies(log, Float64Array.from([1, 0, 0.5, 0]), [0, 1, 2, 3], 0.8))).toEqual([1, 0.8, 0.5, 0]);
    // Not scored together: the reply does not borrow.
    expect(Array.from(shareWithReplies(log, Float64Array.from([1, 0]), [0, 2], 0.8))).toEqual([1, 0]);
  });

  test.prop([scored, fc.double({ min: 0, max: 1, noNaN: true })], { numRuns: 200 })('focus factors stay in [0, 1], never above the speaker focus, same input same output', ([contents, indexes], share) => {
    const log = logOf(contents);
    const speaker = Float64Array.from(indexes, (index) => (index % 3 === 0 ? 0.5 : 1));
    const factors = selfDisclosureFocus(log, indexes, speaker, share)!;
    expect(factors).toHaveLength(indexes.length);
    factors.forEach((factor, offset) => {
      expect(factor).toBeGreaterThanOrEqual(0);
      expect(factor).toBeLessThanOrEqual(speaker[offset]!);
    });
    expect(selfDisclosureFocus(logOf(contents), indexes, speaker, share)).toEqual(factors);
  });

  test.prop([scored, fc.double({ min: 0, max: 1, noNaN: true })], { numRuns: 200 })('asking factors stay in [0, 1], are share × the given factor or the factor itself, same input same output', ([contents, indexes], share) => {
    const log = logOf(contents);
    const given = Float64Array.from(indexes, (index) => (index % 3 === 0 ? 0.5 : 1));
    const factors = askingFocus(log, indexes, given, share)!;
    expect(factors).toHaveLength(indexes.length);
    factors.forEach((factor, offset) => {
      expect(factor).toBeGreaterThanOrEqual(0);
      expect(factor).toBeLessThanOrEqual(given[offset]!);
      const asks = contents[indexes[offset]!]!.trim().endsWith('?');
      expect(factor).toBe(asks && share < 1 ? given[offset]! * share : given[offset]!);
    });
    expect(askingFocus(logOf(contents), indexes, given, share)).toEqual(factors);
  });

  test.prop([scored, fc.double({ min: 0, max: 1, noNaN: true })], { numRuns: 200 })('reply sharing never lowers a value, never raises the largest, same input same output', ([contents, indexes, values], share) => {
    const log = logOf(contents);
    const input = Float64Array.from(values);
    const lifted = shareWithReplies(log, input, indexes, share);
    expect(Array.from(input)).toEqual(values);
    lifted.forEach((value, offset) => expect(value).toBeGreaterThanOrEqual(values[offset]!));
    expect(Math.max(...lifted)).toBe(Math.max(...values));
    expect(shareWithReplies(logOf(contents), Float64Array.from(values), indexes, share)).toEqual(lifted);
  });
});
