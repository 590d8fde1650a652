import { findViewViolations } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { BUDGET_SHARES, fixtureSession, totalTokens, viewOf } from './__fixtures__/strategy-fixture.js';
import { createClearToolUsesStrategy } from './clear-tool-uses-strategy.js';

describe('createClearToolUsesStrategy (LangChain ClearToolUsesEdit)', () => {
  it.each(BUDGET_SHARES)('keeps every message by id and clears all but the newest 3 tool results at %s of the history', async (share) => {
    const { messages } = fixtureSession();
    const budget = Math.floor(totalTokens(messages) * share);
    const view = await viewOf(createClearToolUsesStrategy(), messages, { budget });
    expect(view.map((message) => message.id)).toEqual(messages.map((message) => message.id));
    const results = view.filter((message) => message.role === 'tool');
    const cleared = results.filter((message) => message.content === '[cleared]');
    expect(cleared.length).toBe(results.length - 3);
    expect(results.slice(-3).every((message) => message.content !== '[cleared]')).toBe(true);
    // Nothing but tool results changes, so the view may stay over budget; reported as measured.
    const nonToolEqual = view.filter((message) => message.role !== 'tool');
    expect(nonToolEqual).toEqual(messages.filter((message) => message.role !== 'tool'));
    expect(findViewViolations(view)).toEqual([]);
  });

  it('leaves the history alone below the trigger, and honours keep', async () => {
    const { messages } = fixtureSession();
    const total = totalTokens(messages);
    expect(await viewOf(createClearToolUsesStrategy(), messages, { budget: total + 1 })).toEqual(messages);
    const view = await viewOf(createClearToolUsesStrategy({ keep: { messages: 10 } }), messages, { budget: Math.floor(total / 2) });
    expect(view.filter((message) => message.role === 'tool' && message.content !== '[cleared]')).toHaveLength(10);
  });
});
