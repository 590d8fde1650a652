import { findViewViolations } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { BUDGET_SHARES, fixtureSession, isOrderedSubsequence, totalTokens, viewOf } from './__fixtures__/strategy-fixture.js';
import { createPruneStrategy } from './prune-strategy.js';

describe('createPruneStrategy (AI SDK pruneMessages, then LangChain trimMessages)', () => {
  it.each(BUDGET_SHARES)('keeps an ordered subsequence without tool exchanges at %s of the history', async (share) => {
    const { messages } = fixtureSession();
    const budget = Math.floor(totalTokens(messages) * share);
    const view = await viewOf(createPruneStrategy(), messages, { budget });
    expect(isOrderedSubsequence(view, messages)).toBe(true);
    // The session ends on a plain message, so 'before-last-message' removes every tool call and result.
    expect(view.some((message) => message.role === 'tool' || message.toolCalls !== undefined)).toBe(false);
    expect(totalTokens(view)).toBeLessThanOrEqual(budget);
    expect(findViewViolations(view)).toEqual([]);
  });

  it('keeps the tool exchange of the last message', async () => {
    const { messages } = fixtureSession();
    const end = messages.findLastIndex((message) => message.role === 'tool') + 1;
    const history = messages.slice(0, end);
    const view = await viewOf(createPruneStrategy(), history, { budget: totalTokens(history) });
    expect(view.at(-1)).toEqual(history.at(-1));
    expect(findViewViolations(view)).toEqual([]);
  });
});
