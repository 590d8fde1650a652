import { describe, expect, test } from 'vitest';
import { Vocabulary } from './vocabulary.js';

describe('Vocabulary', () => {
  test('gives dense ids in first-seen order', () => {
    const vocabulary = new Vocabulary();
    expect(vocabulary.idOf('cache')).toBe(0);
    expect(vocabulary.idOf('miss')).toBe(1);
    expect(vocabulary.idOf('cache')).toBe(0);
    expect(vocabulary.size).toBe(2);
    expect(vocabulary.termOf(1)).toBe('miss');
  });

  test('lookup does not intern', () => {
    const vocabulary = new Vocabulary();
    expect(vocabulary.lookup('absent')).toBeUndefined();
    expect(vocabulary.size).toBe(0);
    vocabulary.idOf('present');
    expect(vocabulary.lookup('present')).toBe(0);
  });

  test('termOf is undefined for unknown ids', () => {
    const vocabulary = new Vocabulary();
    vocabulary.idOf('one');
    expect(vocabulary.termOf(1)).toBeUndefined();
    expect(vocabulary.termOf(-1)).toBeUndefined();
  });

  test('treats terms that look like object keys as plain strings', () => {
    const vocabulary = new Vocabulary();
    expect(vocabulary.idOf('__proto__')).toBe(0);
    expect(vocabulary.idOf('constructor')).toBe(1);
    expect(vocabulary.lookup('toString')).toBeUndefined();
  });
});
