import { describe, expect, it } from 'vitest';
import { fixtureSession, totalTokens, viewOf } from './__fixtures__/strategy-fixture.js';
import { createFullStrategy } from './full-strategy.js';

describe('createFullStrategy', () => {
  it('shows every message, always, whatever the budget', async () => {
    const { messages } = fixtureSession();
    const view = await viewOf(createFullStrategy(), messages, { budget: Math.floor(totalTokens(messages) * 0.05) });
    expect(view).toEqual(messages);
  });

  it('shows only what was ingested so far, in ingest order', async () => {
    const { messages } = fixtureSession();
    const session = createFullStrategy().createSession({ budget: 100, counter: { id: 'one', count: () => 1 } });
    session.ingest(messages.slice(0, 10));
    expect(await session.view({})).toEqual(messages.slice(0, 10));
    session.ingest(messages.slice(10, 12));
    expect(await session.view({})).toEqual(messages.slice(0, 12));
  });
});
