import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { CairnError } from '@cairn/core';
import { languageModelReflector } from './language-model-reflector.js';
import { languageModelSummarizer } from './language-model-summarizer.js';

const never = (): Promise<never> => new Promise(() => undefined);
const codeOf = (error: unknown): string | undefined => (CairnError.isInstance(error) ? error.code : undefined);

describe('background models that never answer are abandoned after timeoutMs', () => {
  it('languageModelSummarizer and languageModelReflector cancel the request and fail with MODEL_TIMEOUT', async () => {
    const model = new MockLanguageModelV4({ doGenerate: never });
    const summary = languageModelSummarizer(model, { timeoutMs: 20 })({ unitId: 'u1', messages: [{ id: 'a', role: 'user', content: 'Hello.' }] });
    expect(codeOf(await summary.catch((error: unknown) => error))).toBe('MODEL_TIMEOUT');
    const deltas = languageModelReflector(model, { timeoutMs: 20 })({ messages: [{ id: 'a', role: 'user', content: 'Prices in EUR.' }], playbook: [] });
    expect(codeOf(await deltas.catch((error: unknown) => error))).toBe('MODEL_TIMEOUT');
    expect(model.doGenerateCalls).toHaveLength(2);
    for (const call of model.doGenerateCalls) expect(call.abortSignal?.aborted).toBe(true);
  });

  it('timeoutMs must be ≥ 1 ms or Infinity', () => {
    const model = new MockLanguageModelV4();
    expect(() => languageModelSummarizer(model, { timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => languageModelReflector(model, { timeoutMs: Number.NaN })).toThrow(/timeoutMs/);
    expect(() => languageModelSummarizer(model, { timeoutMs: Infinity })).not.toThrow();
  });
});
