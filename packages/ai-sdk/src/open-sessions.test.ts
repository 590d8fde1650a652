import { createInMemorySessionStore, type SessionStore } from '@cairn/core';
import { generateText, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { textResult } from './test-support/mock-results.js';

describe('open sessions are bounded; the store keeps them (issue 12, item 3)', () => {
  it('past maxOpenSessions the least recently used session is closed, and reopened from the store without loss', async () => {
    const store = createInMemorySessionStore();
    const middleware = cairnMiddleware({ store, maxOpenSessions: 3 });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const wrapped = wrapLanguageModel({ model, middleware });
    const histories = new Map<string, ModelMessage[]>();
    for (let round = 0; round < 2; round++) {
      for (let user = 0; user < 10; user++) {
        const sessionId = `user-${user}`;
        const history = histories.get(sessionId) ?? [];
        history.push({ role: 'user', content: `round ${round}: user ${user} asks about order ORD-${user}` });
        await generateText({ model: wrapped, messages: history, providerOptions: { cairn: { sessionId } } });
        history.push({ role: 'assistant', content: `answer ${round} for user ${user}` });
        histories.set(sessionId, history);
        expect(middleware.stats().openSessions).toBeLessThanOrEqual(3);
      }
    }
    // Every session is in the store, each with exactly the messages it was sent (re-sent history recognised after a reopen).
    expect((await store.list('default')).sessionIds).toHaveLength(10);
    for (let user = 0; user < 10; user++) {
      const loaded = await store.load({ tenant: 'default', sessionId: `user-${user}` });
      expect(loaded?.messages.map((message) => message.content)).toEqual([`round 0: user ${user} asks about order ORD-${user}`, `answer 0 for user ${user}`, `round 1: user ${user} asks about order ORD-${user}`]);
    }
    // A reopened session's view still has its own first turn, and nobody else's.
    const last = JSON.stringify(model.doGenerateCalls[10]!.prompt);
    expect(last).toContain('user 0 asks');
    expect(last).not.toContain('user 9 asks');
    await middleware.close();
    expect(middleware.stats().openSessions).toBe(0);
  });

  it('branches of edited histories count against the same bound', async () => {
    const middleware = cairnMiddleware({ sessionId: 'chat', maxOpenSessions: 2 });
    const wrapped = wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: textResult('ok') }), middleware });
    // Each call rewrites the history, so each opens a branch chat:b1, chat:b2, …
    for (let edit = 0; edit < 8; edit++) await generateText({ model: wrapped, prompt: `version ${edit} of the question` });
    expect(middleware.stats().openSessions).toBeLessThanOrEqual(2);
    expect((await middleware.engine()).getMessages().map((message) => message.content)).toEqual(['version 7 of the question']);
  });

  it('a session edited on every call tries a bounded number of its branches per call, not all of them', async () => {
    const inner = createInMemorySessionStore();
    let loads = 0;
    const store: SessionStore = { ...inner, load: (key) => (loads++, inner.load(key)) };
    const middleware = cairnMiddleware({ store, sessionId: 'chat', maxOpenSessions: 2 });
    const wrapped = wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: textResult('ok') }), middleware });
    const perCall: number[] = [];
    for (let edit = 0; edit < 40; edit++) {
      const before = loads;
      await generateText({ model: wrapped, prompt: `version ${edit} of the question` });
      perCall.push(loads - before);
    }
    expect(Math.max(...perCall.slice(-10))).toBeLessThanOrEqual(10);
    expect(middleware.stats().openSessions).toBeLessThanOrEqual(2);
    expect((await middleware.engine()).getMessages().map((message) => message.content)).toEqual(['version 39 of the question']);
  });
});
