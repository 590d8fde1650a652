import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { isPrefix } from './is-prefix.js';

describe('isPrefix', () => {
  test.prop([fc.array(fc.nat(3)), fc.array(fc.nat(3))])('matches the naive definition', (prefix, sequence) => {
    const naive = prefix.length <= sequence.length && prefix.every((item, index) => sequence[index] === item);
    expect(isPrefix(prefix, sequence)).toBe(naive);
    expect(isPrefix(prefix, [...prefix, ...sequence])).toBe(true);
  });

  it('uses the given equality', () => {
    const [a, b] = [{ n: 1 }, { n: 1 }];
    expect(isPrefix([a], [b])).toBe(false);
    expect(isPrefix([a], [b], (left, right) => left.n === right.n)).toBe(true);
  });
});
