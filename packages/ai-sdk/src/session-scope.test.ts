import { createInMemorySessionStore } from '@cairn/core';
import { generateText, isStepCount, jsonSchema, streamText, tool, ToolLoopAgent, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { cairnTools } from './cairn-tools.js';
import { callResult, streamOf, textResult } from './test-support/mock-results.js';

const SECRET = 'card 4111-1111-1111-1111';

describe('calls that name no session are scoped to themselves (issue 12, item 1)', () => {
  it('generateText: a second, unrelated call never sees the first call’s secret', async () => {
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const wrapped = wrapLanguageModel({ model, middleware: cairnMiddleware() });
    await generateText({
      model: wrapped,
      messages: [
        { role: 'user', content: `My ${SECRET}, keep it safe.` },
        { role: 'assistant', content: 'Noted.' },
        { role: 'user', content: 'Hello' },
      ],
    });
    // Another user's request that happens to end like the first one.
    await generateText({ model: wrapped, prompt: 'Hello' });
    expect(JSON.stringify(model.doGenerateCalls[1]!.prompt)).not.toContain('4111');
    expect(model.doGenerateCalls[1]!.prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]);
  });

  it('streamText with onHistoryMismatch append: the second call sees only its own prompt', async () => {
    const model = new MockLanguageModelV4({ doStream: async () => streamOf(textResult('ok')) });
    const wrapped = wrapLanguageModel({ model, middleware: cairnMiddleware({ onHistoryMismatch: 'append' }) });
    await streamText({ model: wrapped, prompt: `My ${SECRET}.` }).text;
    await streamText({ model: wrapped, prompt: 'What is my card number?' }).text;
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).not.toContain('4111');
  });

  it('nothing outlives the call: no session in the store, none held open, no engine to ask for', async () => {
    const store = createInMemorySessionStore();
    const middleware = cairnMiddleware({ store, checkpointEvery: 1 });
    const wrapped = wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: textResult('ok') }), middleware });
    for (let index = 0; index < 50; index++) await generateText({ model: wrapped, prompt: `request ${index} from user ${index}` });
    expect((await store.list('default')).sessionIds).toEqual([]);
    expect(middleware.stats().openSessions).toBe(0);
    expect(middleware.hasSession()).toBe(false);
    await expect(middleware.engine()).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });

  it('ToolLoopAgent: a dead end registered without a session stays in the brief of the loop’s later steps, and is not kept', async () => {
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        step++;
        if (step === 1) return callResult([{ id: 'r1', name: 'registerDeadEnd', input: { approach: 'Mocking the native driver', reason: 'the mock never loads in CI' } }]);
        if (step === 2) return callResult([{ id: 'l1', name: 'lookup', input: { city: 'Oslo' } }]);
        return textResult('Done.');
      },
    });
    const lookup = tool({
      description: 'Looks a city up',
      inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
      execute: async ({ city }) => `${city}: found`,
    });
    const middleware = cairnMiddleware({ budget: 4_000 });
    const agent = new ToolLoopAgent({ model: wrapLanguageModel({ model, middleware }), tools: { lookup, ...cairnTools({ middleware }) }, stopWhen: isStepCount(5) });
    const result = await agent.generate({ prompt: 'Look up Oslo.' });
    expect(result.text).toBe('Done.');
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ recorded: true, scope: 'call' });
    // The brief (a user message after the history) names it in every later step.
    for (const call of model.doGenerateCalls.slice(1, 3)) {
      const brief = call.prompt.filter((message) => message.role === 'user' && JSON.stringify(message).includes('Known dead ends'));
      expect(JSON.stringify(brief)).toContain('Mocking the native driver');
    }
    // An unrelated request on the same model sees none of it.
    await generateText({ model: wrapLanguageModel({ model, middleware }), prompt: 'Hi' });
    expect(JSON.stringify(model.doGenerateCalls[3]!.prompt)).not.toContain('Mocking the native driver');
    expect(middleware.stats().openSessions).toBe(0);
  });
});
