import { describe, expect, it } from 'vitest';
import { answerRecall } from './answer-recall.js';

describe('answerRecall', () => {
  it('is the share of the answer words in the view text', () => {
    expect(answerRecall('7 May 2023', 'We met on 7 May.')).toBeCloseTo(2 / 3);
    expect(answerRecall('CUST-48213', 'customer cust-48213 called')).toBe(1);
    expect(answerRecall('Adoption agencies', 'nothing here')).toBe(0);
  });
});
