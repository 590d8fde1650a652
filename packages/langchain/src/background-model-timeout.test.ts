import { CairnError } from '@cairn/core';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { chatModelReflector } from './chat-model-reflector.js';
import { chatModelSummarizer } from './chat-model-summarizer.js';

describe('chatModelReflector / chatModelSummarizer time limits', () => {
  it('a reflection that never answers fails with MODEL_TIMEOUT and its request is aborted', async () => {
    const model = new FakeListChatModel({ responses: ['[]'] });
    let signal: AbortSignal | undefined;
    model.invoke = ((_input: unknown, options?: { signal?: AbortSignal }) => {
      signal = options?.signal;
      return new Promise(() => undefined);
    }) as typeof model.invoke;
    const error = await chatModelReflector(model, { timeoutMs: 20 })({ messages: [{ id: 'a', role: 'user', content: 'Prices in EUR.' }], playbook: [] }).catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error) && error.code).toBe('MODEL_TIMEOUT');
    expect(signal?.aborted).toBe(true);
  });

  it('timeoutMs must be ≥ 1 ms or Infinity', () => {
    const model = new FakeListChatModel({ responses: ['ok'] });
    expect(() => chatModelSummarizer(model, { timeoutMs: -1 })).toThrow(/chatModelSummarizer: timeoutMs/);
    expect(() => chatModelReflector(model, { timeoutMs: 0 })).toThrow(/chatModelReflector: timeoutMs/);
    expect(() => chatModelSummarizer(model, { timeoutMs: Infinity })).not.toThrow();
  });
});
