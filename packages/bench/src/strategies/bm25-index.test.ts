import { describe, expect, it } from 'vitest';
import { bm25Terms, createBm25Index } from './bm25-index.js';

describe('createBm25Index', () => {
  it('splits text into lower-case letter and digit terms', () => {
    expect(bm25Terms('Refund CUST-48213, now!')).toEqual(['refund', 'cust', '48213', 'now']);
  });

  it('scores matching documents above the rest, rare terms above common ones, shorter documents higher', () => {
    const index = createBm25Index();
    index.add('deploy to eu-central-1');
    index.add('deploy the service again');
    index.add('lunch');
    index.add('deploy to eu-central-1 and then run a long list of other unrelated words here');
    const scores = index.scores('deploy central');
    expect(index.size).toBe(4);
    expect(scores[2]).toBe(0);
    expect(scores[0]!).toBeGreaterThan(scores[1]!);
    expect(scores[0]!).toBeGreaterThan(scores[3]!);
    expect(createBm25Index().scores('anything')).toHaveLength(0);
  });
});
