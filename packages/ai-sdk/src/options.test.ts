import { CairnError, createContextEngine, createInMemorySessionStore } from '@cairn/core';
import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import type { CairnMiddlewareOptions } from './cairn-middleware-options.js';
import { textResult } from './test-support/mock-results.js';

const invalid = (options: unknown, message?: RegExp) => {
  let thrown: unknown;
  try {
    cairnMiddleware(options as CairnMiddlewareOptions);
  } catch (error) {
    thrown = error;
  }
  expect(CairnError.isInstance(thrown) && thrown.code).toBe('INVALID_OPTIONS');
  if (message) expect((thrown as Error).message).toMatch(message);
};

describe('one budget shape, every option checked when the middleware is made (issue 12, item 8)', () => {
  it('budget: tokens as a number (1 is one token), a share only as { fraction }; anything else is INVALID_OPTIONS naming cairnMiddleware', async () => {
    invalid({ budget: '2000' }, /cairnMiddleware.*the string "2000"/);
    invalid({ budget: 0.5 }, /\{ fraction: 0\.5 \}/);
    invalid({ budget: 1500.5 }, /whole number/);
    invalid({ budget: { fraction: 0.5, tokens: 10 }, contextWindow: 1000 }, /exactly \{ fraction \}/);
    invalid({ budget: { fraction: 0.5 }, contextWindow: 1000.5 }, /contextWindow/);
    invalid({ contextWindow: -1 }, /contextWindow/);
    // budget 1 is one token, not the whole window (the same meaning in every adapter).
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const wrapped = wrapLanguageModel({ model, middleware: cairnMiddleware({ budget: 1, contextWindow: 128_000 }) });
    await expect(generateText({ model: wrapped, system: 'Be brief.', prompt: 'hi' })).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED', details: { budget: 1 } });
  });

  it('session, store and mode options are checked, not discovered at the first call', () => {
    invalid({ sessionId: 'chat 42' }, /sessionId/);
    invalid({ sessionId: '' }, /sessionId/);
    invalid({ tenant: '../etc' }, /tenant/);
    invalid({ onHistoryMismatch: 'merge' }, /'branch', 'append' or 'throw'/);
    invalid({ checkpointEvery: 0 }, /checkpointEvery/);
    invalid({ maxOpenSessions: 0 }, /maxOpenSessions/);
    invalid({ maxBlockedRetries: 1.5 }, /maxBlockedRetries/);
    invalid({ store: {} }, /store/);
    invalid({ engine: createContextEngine(), sessionId: 'chat' }, /engine/);
    invalid({ onBackgroundError: 'log' }, /onBackgroundError/);
    invalid({ summarizer: 42 }, /summarizer/);
    // Engine options are checked by core at once.
    invalid({ thresholds: { keep: 2, compress: 0.1 } });
    expect(() => cairnMiddleware({ sessionId: 'chat-42', tenant: 'acme', store: createInMemorySessionStore(), maxOpenSessions: 5 })).not.toThrow();
  });

  it('a per-call sessionId that is not a string is rejected, never moved to another session', async () => {
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const wrapped = wrapLanguageModel({ model, middleware: cairnMiddleware({ sessionId: 'shared' }) });
    await expect(generateText({ model: wrapped, prompt: 'hi', providerOptions: { cairn: { sessionId: 42 } } })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});
