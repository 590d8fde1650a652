import { createBpeTokenCounter, findViewViolations } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { BUDGET_SHARES, fixtureSession, isOrderedSubsequence, positionsIn, totalTokens, viewOf } from './__fixtures__/strategy-fixture.js';
import { createRecencyStrategy } from './recency-strategy.js';

describe('createRecencyStrategy (LangChain trimMessages)', () => {
  it.each(BUDGET_SHARES)('keeps the system prompt and a newest suffix starting at a user message, within budget, at %s of the history', async (share) => {
    const { messages } = fixtureSession();
    const budget = Math.floor(totalTokens(messages) * share);
    const view = await viewOf(createRecencyStrategy(), messages, { budget });
    expect(isOrderedSubsequence(view, messages)).toBe(true);
    // trimMessages never exceeds maxTokens with whole messages (allowPartial: false).
    expect(totalTokens(view)).toBeLessThanOrEqual(budget);
    expect(view[0]?.id).toBe(messages[0]!.id);
    expect(view[1]?.role).toBe('user');
    const positions = positionsIn(view.slice(1), messages);
    expect(positions).toEqual(positions.map((_, index) => messages.length - positions.length + index));
    expect(findViewViolations(view)).toEqual([]);
  });

  it('counts with the BPE counter too, and a larger budget keeps a longer suffix', async () => {
    const { messages } = fixtureSession();
    const counter = createBpeTokenCounter();
    const total = totalTokens(messages, counter);
    const small = await viewOf(createRecencyStrategy(), messages, { budget: Math.floor(total * 0.05), counter });
    const large = await viewOf(createRecencyStrategy(), messages, { budget: Math.floor(total * 0.2), counter });
    expect(totalTokens(small, counter)).toBeLessThanOrEqual(Math.floor(total * 0.05));
    expect(large.length).toBeGreaterThan(small.length);
  });

  it('returns an empty view when no user message fits (LangChain returns [undefined] there)', async () => {
    const { messages } = fixtureSession();
    expect(await viewOf(createRecencyStrategy(), messages, { budget: 50 })).toEqual([]);
  });
});
