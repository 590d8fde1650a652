import { describe, expect, it } from 'vitest';
import { contentWords, textWords, wordCoverage } from './content-words.js';

describe('contentWords', () => {
  it('splits on non-alphanumerics, lower-cases and drops function words', () => {
    expect(textWords('Rebook CUST-48213!')).toEqual(['rebook', 'cust', '48213']);
    expect(contentWords('The sunday before 25 May 2023')).toEqual(['sunday', '25', 'may', '2023']);
  });

  it('keeps function words when there is nothing else', () => {
    expect(contentWords('Not so')).toEqual(['not', 'so']);
    expect(contentWords('no')).toEqual(['no']);
  });

  it('measures coverage', () => {
    expect(wordCoverage(['a', 'b'], new Set(['a']))).toBe(0.5);
    expect(wordCoverage([], new Set())).toBe(1);
  });
});
