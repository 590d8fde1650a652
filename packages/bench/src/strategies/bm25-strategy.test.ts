import { describe, expect, it } from 'vitest';
import { BUDGET_SHARES, fixtureSession, isOrderedSubsequence, totalTokens, viewOf } from './__fixtures__/strategy-fixture.js';
import { createBm25Strategy } from './bm25-strategy.js';

describe('createBm25Strategy', () => {
  it.each(BUDGET_SHARES)('returns an ordered subsequence within budget at %s of the history', async (share) => {
    const session = fixtureSession();
    const budget = Math.floor(totalTokens(session.messages) * share);
    const probe = session.probes[0]!;
    const history = session.messages.slice(0, probe.atMessageIndex);
    const view = await viewOf(createBm25Strategy(), history, { budget, query: probe.question });
    expect(isOrderedSubsequence(view, history)).toBe(true);
    expect(totalTokens(view)).toBeLessThanOrEqual(budget);
    expect(totalTokens(view)).toBeGreaterThan(budget * 0.9);
  });

  it('ranks the message that answers the query first, and takes the newest messages without a query', async () => {
    const history = [
      { id: 'a', role: 'user' as const, content: 'We only deploy to eu-central-1.' },
      { id: 'b', role: 'assistant' as const, content: 'Noted, thanks for telling me.' },
      { id: 'c', role: 'user' as const, content: 'Lunch was good today, thanks.' },
    ];
    expect((await viewOf(createBm25Strategy(), history, { budget: 15, query: 'which region do we deploy to?' })).map((message) => message.id)).toEqual(['a']);
    expect((await viewOf(createBm25Strategy(), history, { budget: 24 })).map((message) => message.id)).toEqual(['b', 'c']);
  });
});
