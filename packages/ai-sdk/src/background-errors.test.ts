import { createInMemorySessionStore, type SessionStore } from '@cairn/core';
import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { textResult } from './test-support/mock-results.js';

/** An in-memory store whose first `failures` state saves (checkpoints) fail. */
function storeFailingCheckpoints(failures = Number.POSITIVE_INFINITY): SessionStore {
  const store = createInMemorySessionStore();
  let saves = 0;
  return {
    load: (key) => store.load(key),
    append: (key, messages, options) => store.append(key, messages, options),
    saveState: async (key, state, options) => {
      if (saves++ < failures) throw new Error('disk full');
      return store.saveState(key, state, options);
    },
    list: (tenant, options) => store.list(tenant, options),
    delete: (key) => store.delete(key),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a failed background write is never lost silently (issue 12, item 8)', () => {
  it('without onBackgroundError, the next call raises it (once); the call that started it succeeded', async () => {
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const middleware = cairnMiddleware({ sessionId: 'chat', store: storeFailingCheckpoints(), checkpointEvery: 1 });
    const wrapped = wrapLanguageModel({ model, middleware });
    expect((await generateText({ model: wrapped, prompt: 'first' })).text).toBe('ok');
    await settle();
    await expect(generateText({ model: wrapped, messages: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'second' }] })).rejects.toThrow('disk full');
    expect(model.doGenerateCalls).toHaveLength(1);
    // Raised once: the call after goes on.
    await generateText({ model: wrapped, messages: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'second' }] });
    expect(model.doGenerateCalls).toHaveLength(2);
    // With onBackgroundError, failures go there and no call fails.
    const errors: unknown[] = [];
    const handled = cairnMiddleware({ sessionId: 'chat', store: storeFailingCheckpoints(), checkpointEvery: 1, onBackgroundError: (error) => errors.push(error) });
    const other = wrapLanguageModel({ model, middleware: handled });
    await generateText({ model: other, prompt: 'first' });
    await settle();
    await generateText({ model: other, messages: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'second' }] });
    expect(errors.map((error) => (error as Error).message)).toContain('disk full');
  });

  it('close() raises one not raised yet, even when its own save succeeds', async () => {
    const middleware = cairnMiddleware({ sessionId: 'chat', store: storeFailingCheckpoints(1), checkpointEvery: 1 });
    await generateText({ model: wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: textResult('ok') }), middleware }), prompt: 'first' });
    await settle();
    await expect(middleware.close()).rejects.toThrow('disk full');
  });
});
