import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { CairnError, countMessageTokens, createBpeTokenCounter, createContextEngine, createInMemorySessionStore, findViewViolations, type CairnMessage } from '@cairn/core';
import { generateText, isStepCount, jsonSchema, streamText, tool, ToolLoopAgent, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { cairnTools } from './cairn-tools.js';
import { fingerprint } from '@cairn/core';
import { promptMessageToCairn } from './prompt-message-to-cairn.js';
import { callResult, streamOf, textResult } from './test-support/mock-results.js';

const asCairn = (prompt: LanguageModelV4Prompt) => prompt.flatMap((message, index) => promptMessageToCairn(message, index, fingerprint(message)));

const lookup = tool({
  description: 'Looks a city up',
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  execute: async ({ city }) => ({ city, population: city.length * 100_000, notes: 'lorem ipsum '.repeat(50) }),
});

describe('entry points', () => {
  it('streamText: a multi-step loop sees cairn views (budget kept, structure valid)', async () => {
    let step = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => streamOf(++step <= 8 ? callResult([{ id: `s${step}`, name: 'lookup', input: { city: `City${step}` } }], `Looking up city ${step}.`) : textResult('All looked up.')),
    });
    const middleware = cairnMiddleware({ budget: 800, sessionId: 'cities' });
    const result = streamText({ model: wrapLanguageModel({ model, middleware }), prompt: 'Look up eight cities.', tools: { lookup }, stopWhen: isStepCount(12) });
    expect(await result.text).toBe('All looked up.');
    expect(model.doStreamCalls).toHaveLength(9);
    for (const call of model.doStreamCalls) expect(findViewViolations(asCairn(call.prompt))).toEqual([]);
    // The history outgrew the budget, so later prompts are curated, not the raw history.
    const counter = createBpeTokenCounter();
    const tokens = (messages: readonly CairnMessage[]) => messages.reduce((total, message) => total + countMessageTokens(message, counter), 0);
    const engine = await middleware.engine();
    expect(tokens(engine.getMessages())).toBeGreaterThan(800);
    for (const call of model.doStreamCalls) expect(tokens(asCairn(call.prompt))).toBeLessThanOrEqual(800);
    expect(JSON.stringify(model.doStreamCalls[8]!.prompt)).toContain('Look up eight cities.');
  });

  it('ToolLoopAgent: every step of generate() goes through cairn, including the opt-in registerDeadEnd tool', async () => {
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        step++;
        if (step === 1) return callResult([{ id: 'r1', name: 'registerDeadEnd', input: { approach: 'Mocking the native driver', reason: 'the mock never loads in CI' } }]);
        if (step === 2) return callResult([{ id: 'l1', name: 'lookup', input: { city: 'Oslo' } }]);
        return textResult('Oslo is done.');
      },
    });
    const middleware = cairnMiddleware({ budget: 4_000, sessionId: 'agent' });
    const agent = new ToolLoopAgent({ model: wrapLanguageModel({ model, middleware }), instructions: 'You are careful.', tools: { lookup, ...cairnTools({ middleware }) }, stopWhen: isStepCount(5) });
    const result = await agent.generate({ prompt: 'Look up Oslo.' });
    expect(result.text).toBe('Oslo is done.');
    expect(model.doGenerateCalls).toHaveLength(3);
    const engine = await middleware.engine();
    expect(engine.listDeadEnds().map((deadEnd) => deadEnd.trace.approach)).toContain('Mocking the native driver');
    // The registered dead end is in the brief of the next views.
    expect(JSON.stringify(model.doGenerateCalls[2]!.prompt)).toContain('Mocking the native driver');
    expect(model.doGenerateCalls[2]!.prompt[0]).toEqual({ role: 'system', content: 'You are careful.' });
  });

  it('sessions: one middleware keeps sessions apart by providerOptions.cairn.sessionId', async () => {
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const middleware = cairnMiddleware();
    const wrapped = wrapLanguageModel({ model, middleware });
    await generateText({ model: wrapped, prompt: 'I am Alice.', providerOptions: { cairn: { sessionId: 'alice' } } });
    await generateText({ model: wrapped, prompt: 'I am Bob.', providerOptions: { cairn: { sessionId: 'bob' } } });
    expect((await middleware.engine('alice')).getMessages().map((message) => message.content)).toEqual(['I am Alice.']);
    expect((await middleware.engine('bob')).getMessages().map((message) => message.content)).toEqual(['I am Bob.']);
  });

  it('a session continues across two middleware instances sharing a store', async () => {
    const store = createInMemorySessionStore();
    const history: ModelMessage[] = [
      { role: 'user', content: 'Book the 9am flight, never the red-eye.' },
      { role: 'assistant', content: 'Booked the 9am flight.' },
    ];
    const first = cairnMiddleware({ store, sessionId: 'trip', checkpointEvery: 1 });
    await generateText({ model: wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: textResult('ok') }), middleware: first }), messages: history });
    await first.close();
    const second = cairnMiddleware({ store, sessionId: 'trip' });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    await generateText({ model: wrapLanguageModel({ model, middleware: second }), messages: [...history, { role: 'user', content: 'And the hotel?' }] });
    const engine = await second.engine();
    // The re-sent history was recognised: only the new message was appended.
    expect(engine.getMessages().map((message) => message.content)).toEqual(['Book the 9am flight, never the red-eye.', 'Booked the 9am flight.', 'And the hotel?']);
    expect((await store.load({ tenant: 'default', sessionId: 'trip' }))?.messages).toHaveLength(3);
  });

  it('a caller that trims old messages from the front continues the session', async () => {
    const middleware = cairnMiddleware({ sessionId: 'trim' });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const wrapped = wrapLanguageModel({ model, middleware });
    const history: ModelMessage[] = [];
    for (let turn = 0; turn < 6; turn++) {
      history.push({ role: 'user', content: `question ${turn}` });
      await generateText({ model: wrapped, messages: history.slice(-3) });
      history.push({ role: 'assistant', content: `answer ${turn}` });
    }
    const engine = await middleware.engine();
    expect(engine.getMessages()).toHaveLength(11);
    // The model sees the whole history (all of it fits), not only the trimmed window.
    expect(JSON.stringify(model.doGenerateCalls[5]!.prompt)).toContain('question 0');
  });

  it('an edited history continues in a branch; the original session is kept', async () => {
    const store = createInMemorySessionStore();
    const middleware = cairnMiddleware({ store, sessionId: 'default' });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const wrapped = wrapLanguageModel({ model, middleware });
    await generateText({ model: wrapped, messages: [{ role: 'user', content: 'Use Postgres.' }, { role: 'assistant', content: 'OK, Postgres.' }, { role: 'user', content: 'Schema?' }] });
    await generateText({ model: wrapped, messages: [{ role: 'user', content: 'Use SQLite.' }] });
    expect(JSON.stringify(model.doGenerateCalls[1]!.prompt)).not.toContain('Postgres');
    expect((await middleware.engine('default:b1')).getMessages().map((message) => message.content)).toEqual(['Use SQLite.']);
    expect((await middleware.engine()).getMessages().map((message) => message.content)).toEqual(['Use SQLite.']);
    const original = await store.load({ tenant: 'default', sessionId: 'default' });
    expect(original?.messages.map((message) => message.content)).toContain('Use Postgres.');
    // onHistoryMismatch 'throw' rejects instead.
    const strict = wrapLanguageModel({ model, middleware: cairnMiddleware({ onHistoryMismatch: 'throw', sessionId: 'strict' }) });
    await generateText({ model: strict, messages: [{ role: 'user', content: 'one' }] });
    await expect(generateText({ model: strict, messages: [{ role: 'user', content: 'two' }] })).rejects.toSatisfy((error: unknown) => CairnError.isInstance(error) && error.code === 'INVALID_MESSAGE');
  });

  it('a caller-supplied engine is used as it is', async () => {
    const engine = createContextEngine({ budget: 2_000 });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    await generateText({ model: wrapLanguageModel({ model, middleware: cairnMiddleware({ engine }) }), prompt: 'hello' });
    expect(engine.getMessages().map((message) => message.content)).toEqual(['hello']);
  });
});
