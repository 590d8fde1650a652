import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { generateText, wrapLanguageModel } from 'ai';
import { MockEmbeddingModelV4, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { embeddingModelEmbedder } from './embedding-model-embedder.js';
import { languageModelSummarizer } from './language-model-summarizer.js';
import { textResult } from './test-support/mock-results.js';

function longPrompt(turns: number): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = [];
  for (let turn = 0; turn < turns; turn++) {
    prompt.push({ role: 'user', content: [{ type: 'text', text: `Question ${turn} about module ${turn}: ${'details of the module '.repeat(15)}` }] });
    prompt.push({ role: 'assistant', content: [{ type: 'text', text: `Answer ${turn}: ${'the module exports a function '.repeat(15)}` }] });
  }
  prompt.push({ role: 'user', content: [{ type: 'text', text: 'Now summarise module 3.' }] });
  return prompt;
}

describe('models cairn uses besides the wrapped one', () => {
  it('languageModelSummarizer asks the model for a summary of a unit’s messages', async () => {
    const model = new MockLanguageModelV4({ doGenerate: textResult('  Reads config.json; failed with ENOENT.  ') });
    const summarize = languageModelSummarizer(model, { instructions: 'Summarise.' });
    const text = await summarize({
      unitId: 'u1',
      messages: [
        { id: 'a', role: 'assistant', content: 'Reading the config.', toolCalls: [{ id: 'c1', name: 'read_file', arguments: { path: 'config.json' } }] },
        { id: 't', role: 'tool', name: 'read_file', toolCallId: 'c1', content: 'ENOENT: no such file', isError: true },
      ],
    });
    expect(text).toBe('Reads config.json; failed with ENOENT.');
    const prompt = JSON.stringify(model.doGenerateCalls[0]!.prompt);
    expect(prompt).toContain('Summarise.');
    expect(prompt).toContain('read_file({\\"path\\":\\"config.json\\"})');
    expect(prompt).toContain('ENOENT: no such file');
  });

  it('a pending summariser never delays a call', async () => {
    const summarizer = new MockLanguageModelV4({ doGenerate: () => new Promise(() => undefined) });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const middleware = cairnMiddleware({ budget: 900, summarizer, guard: 'off', thresholds: { keep: 1, compress: 0 } });
    const wrapped = wrapLanguageModel({ model, middleware });
    const messages = longPrompt(20).map((message) => ({ role: message.role, content: (message.content as { text: string }[])[0]!.text }) as never);
    const result = await generateText({ model: wrapped, messages });
    expect(result.text).toBe('ok');
  });

  it('an embedding model becomes core’s embedder and is asked for the new messages before a view', async () => {
    const embeddingModel = new MockEmbeddingModelV4({
      doEmbed: async ({ values }) => ({ embeddings: values.map((value) => [value.length % 7, value.includes('module 3') ? 1 : 0, 1]), warnings: [] }),
    });
    expect(embeddingModelEmbedder(embeddingModel).id).toBe(`${embeddingModel.provider}:${embeddingModel.modelId}`);
    const middleware = cairnMiddleware({ budget: 900, embeddingModel, guard: 'off' });
    const model = new MockLanguageModelV4();
    await middleware.transformParams!({ type: 'generate', params: { prompt: longPrompt(20) }, model });
    expect(embeddingModel.doEmbedCalls.length).toBeGreaterThan(0);
    expect(embeddingModel.doEmbedCalls.flatMap((call) => call.values).join('\n')).toContain('Question 7');
  });
});
