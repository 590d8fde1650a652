import { describe, expect, it } from 'vitest';
import { anchorRetention } from './anchor-retention.js';

describe('anchorRetention', () => {
  it('is the share of anchors present verbatim', () => {
    expect(anchorRetention(['CUST-48213', '$1,200'], 'customer CUST-48213')).toBe(0.5);
    expect(anchorRetention([], 'x')).toBeUndefined();
  });
});
