import { CairnError } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { llmReflector } from './llm-reflector.js';
import { llmSummarizer } from './llm-summarizer.js';
import { RecordingLLM } from './test-support/recording-llm.js';

describe('llmReflector / llmSummarizer time limits', () => {
  it('a reflection that never answers fails with MODEL_TIMEOUT', async () => {
    const llm = new RecordingLLM();
    llm.chat = (() => new Promise(() => undefined)) as unknown as typeof llm.chat;
    const error = await llmReflector(llm, { timeoutMs: 20 })({ messages: [{ id: 'a', role: 'user', content: 'Prices in EUR.' }], playbook: [] }).catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error) && error.code).toBe('MODEL_TIMEOUT');
  });

  it('timeoutMs must be ≥ 1 ms or Infinity', () => {
    const llm = new RecordingLLM();
    expect(() => llmSummarizer(llm, { timeoutMs: 0.5 })).toThrow(/llmSummarizer: timeoutMs/);
    expect(() => llmReflector(llm, { timeoutMs: Number.NaN })).toThrow(/llmReflector: timeoutMs/);
    expect(() => llmSummarizer(llm, { timeoutMs: Infinity })).not.toThrow();
  });
});
