import { CairnError, CONSOLIDATED_SUMMARY_INSTRUCTIONS, createCharTokenCounter } from '@cairn/core';
import { generateText, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { languageModelSummarizer } from './language-model-summarizer.js';
import { textResult } from './test-support/mock-results.js';

const TOPICS = [
  ['garden', 'tomatoes', 'basil', 'compost', 'watering', 'seedlings', 'slugs'],
  ['database', 'postgres', 'schema', 'indexes', 'rollback', 'replicas', 'vacuum'],
  ['Lisbon', 'flights', 'hotel', 'trams', 'pastries', 'museums', 'ocean'],
];

/** A conversation about three topics in turn (it consolidates into pages with small options). */
function conversation(): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (const words of TOPICS) {
    for (let index = 0; index < 8; index++) {
      const text = `About the ${words[0]}: more on ${words[index % words.length]} and ${words[(index + 1) % words.length]} today.`;
      messages.push(index % 2 === 0 ? { role: 'user', content: text } : { role: 'assistant', content: text });
    }
  }
  messages.push({ role: 'user', content: 'What did we say about the garden?' });
  return messages;
}

/** The system prompt of a mock model call. */
function systemOf(prompt: readonly { role: string; content: unknown }[]): string {
  return prompt.filter((message) => message.role === 'system').map((message) => String(message.content)).join('\n');
}

/** Lets the background summariser run finish (the mock answers at once). */
async function settle(): Promise<void> {
  for (let tick = 0; tick < 50; tick++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the summarizer model writes consolidated pages’ summaries', () => {
  it('through generateText: consolidated pages get the model’s summary, asked with core’s instructions', async () => {
    const summarizer = new MockLanguageModelV4({
      doGenerate: async ({ prompt }) => textResult(systemOf(prompt) === CONSOLIDATED_SUMMARY_INSTRUCTIONS ? 'PAGE-SUMMARY: garden, database and Lisbon agreed.' : 'unit summary'),
    });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const middleware = cairnMiddleware({ sessionId: 'pages', budget: 600, guard: 'off', tokenCounter: createCharTokenCounter(), summarizer, pages: { consolidation: { window: 2, minPages: 3 } } });
    const result = await generateText({ model: wrapLanguageModel({ model, middleware }), messages: conversation() });
    expect(result.text).toBe('ok');
    await settle();
    const engine = await middleware.engine('pages');
    const pages = engine.listPages('Consolidated');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page.summary).toBe('PAGE-SUMMARY: garden, database and Lisbon agreed.');
    const pageCalls = summarizer.doGenerateCalls.filter((call) => systemOf(call.prompt) === CONSOLIDATED_SUMMARY_INSTRUCTIONS);
    expect(pageCalls.length).toBe(pages.length);
    // The transcript of the page's messages, with the larger output limit core asks for.
    expect(JSON.stringify(pageCalls[0]!.prompt)).toContain('About the garden');
    expect(pageCalls[0]!.maxOutputTokens).toBeGreaterThanOrEqual(1_024);
  });

  it('a summarizer model that never answers holds no call up; pages keep their extractive summary', async () => {
    const summarizer = new MockLanguageModelV4({ doGenerate: () => new Promise(() => undefined) });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const middleware = cairnMiddleware({ sessionId: 'stuck', budget: 600, guard: 'off', tokenCounter: createCharTokenCounter(), summarizer, pages: { consolidation: { window: 2, minPages: 3 } } });
    for (let call = 0; call < 3; call++) expect((await generateText({ model: wrapLanguageModel({ model, middleware }), messages: conversation() })).text).toBe('ok');
    const pages = (await middleware.engine('stuck')).listPages('Consolidated');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.every((page) => page.summary.startsWith('anchors: ') || !page.summary.includes('PAGE-SUMMARY'))).toBe(true);
  });

  it('a summariser request that never answers is abandoned after timeoutMs, so the session’s next run gets its summaries', async () => {
    let requests = 0;
    const summarizerModel = new MockLanguageModelV4({
      doGenerate: async () => {
        requests++;
        return requests === 1 ? new Promise(() => undefined) : textResult('PAGE-SUMMARY: later run.');
      },
    });
    const errors: unknown[] = [];
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const summarizer = languageModelSummarizer(summarizerModel, { timeoutMs: 30 });
    const middleware = cairnMiddleware({ sessionId: 'stuck-once', budget: 600, guard: 'off', tokenCounter: createCharTokenCounter(), summarizer, pages: { consolidation: { window: 2, minPages: 3 } }, onBackgroundError: (error) => errors.push(error) });
    await generateText({ model: wrapLanguageModel({ model, middleware }), messages: conversation() });
    await vi.waitFor(() => expect(errors.some((error) => CairnError.isInstance(error) && error.code === 'MODEL_TIMEOUT')).toBe(true), { timeout: 5_000 });
    // Before the time limit, this run stayed pending for good and no later call started another.
    await generateText({ model: wrapLanguageModel({ model, middleware }), messages: conversation() });
    await vi.waitFor(async () => expect((await middleware.engine('stuck-once')).listPages('Consolidated').some((page) => page.summary === 'PAGE-SUMMARY: later run.')).toBe(true), { timeout: 5_000 });
    expect(summarizerModel.doGenerateCalls[0]!.abortSignal?.aborted).toBe(true);
  });
});
