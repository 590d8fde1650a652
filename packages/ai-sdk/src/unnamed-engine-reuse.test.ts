import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import fc from 'fast-check';
import { generateText, isStepCount, jsonSchema, streamText, tool, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { cairnTools } from './cairn-tools.js';
import { DEFAULT_MAX_UNNAMED_ENGINES, DEFAULT_MAX_UNNAMED_MESSAGES } from './cairn-middleware-options.js';
import { callScopedEntry } from './call-scoped-entry.js';
import { fingerprint } from '@cairn/core';
import { ingestFrom } from './sync-session.js';
import { callResult, streamOf, textResult } from './test-support/mock-results.js';
import { UnnamedEngineCache } from './unnamed-engine-cache.js';

const SYSTEM = 'You are a support agent.';

/** Every `[word-123]` marker in a value (each message of these tests carries its own). */
function markers(value: unknown): Set<string> {
  return new Set(JSON.stringify(value).match(/\[[a-z]+-\d+\]/g) ?? []);
}

/** Asserts that what the model got holds no marker its caller did not send. */
function expectOnlyOwnContent(sent: unknown, seen: unknown): void {
  const own = markers(sent);
  for (const marker of markers(seen)) expect(own, `the model saw ${marker}, which its prompt did not hold`).toContain(marker);
}

/** An entry of a call without a session that holds `texts` as user messages. */
async function entryOf(texts: string[]) {
  const entry = callScopedEntry({});
  const history: LanguageModelV4Prompt = texts.map((text) => ({ role: 'user', content: [{ type: 'text', text }] }));
  await ingestFrom(
    entry,
    history,
    history.map((message) => fingerprint(message)),
    0,
  );
  return entry;
}

const fpsOf = (texts: string[]): string[] => texts.map((text) => fingerprint({ role: 'user', content: [{ type: 'text', text }] }));

describe('engines of calls without a session: reused only for an exact extension', () => {
  it('documents its bounds', () => {
    expect(DEFAULT_MAX_UNNAMED_ENGINES).toBe(16);
    expect(DEFAULT_MAX_UNNAMED_MESSAGES).toBe(10_000);
  });

  it('a tool loop without a session reuses one engine, which holds exactly the last step’s history', async () => {
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        step++;
        return step <= 3 ? callResult([{ id: `c${step}`, name: 'lookup', input: { city: `City${step}` } }]) : textResult('Done.');
      },
    });
    const lookup = tool({
      description: 'Looks a city up',
      inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
      execute: async ({ city }) => `${city}: found`,
    });
    const middleware = cairnMiddleware();
    const result = await generateText({ model: wrapLanguageModel({ model, middleware }), system: SYSTEM, prompt: 'Look up three cities.', tools: { lookup }, stopWhen: isStepCount(6) });
    expect(result.text).toBe('Done.');
    expect(model.doGenerateCalls).toHaveLength(4);
    // The last step's history: the user message, then three (call, result) pairs. Without reuse
    // every step would have left an engine of its own.
    expect(middleware.stats()).toEqual({ openSessions: 0, unnamedEngines: 1, unnamedMessages: 7 });
    await middleware.close();
    expect(middleware.stats()).toEqual({ openSessions: 0, unnamedEngines: 0, unnamedMessages: 0 });
  });

  it('a tool loop that registers a dead end and hits a failing tool still reuses its engine, and an unrelated call sees none of it', async () => {
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        step++;
        if (step === 1) return callResult([{ id: 'r1', name: 'registerDeadEnd', input: { approach: '[dead-1] mocking the driver', reason: 'never loads' } }]);
        if (step <= 3) return callResult([{ id: `f${step}`, name: 'build', input: { target: 'all' } }]);
        return textResult('Done.');
      },
    });
    const build = tool({
      description: 'Builds',
      inputSchema: jsonSchema<{ target: string }>({ type: 'object', properties: { target: { type: 'string' } }, required: ['target'] }),
      execute: async () => 'Error: [fail-1] build failed: cannot find module',
    });
    const middleware = cairnMiddleware({ budget: 4_000 });
    const wrapped = wrapLanguageModel({ model, middleware });
    await generateText({ model: wrapped, prompt: '[task-1] Build it.', tools: { build, ...cairnTools({ middleware }) }, stopWhen: isStepCount(6) });
    expect(model.doGenerateCalls).toHaveLength(4);
    expect(JSON.stringify(model.doGenerateCalls[3]!.prompt)).toContain('[dead-1]');
    expect(middleware.stats()).toMatchObject({ unnamedEngines: 1, unnamedMessages: 7 });
    await generateText({ model: wrapped, prompt: '[task-2] Something else.' });
    expect(markers(model.doGenerateCalls[4]!.prompt)).toEqual(new Set(['[task-2]']));
  });

  it('an engine comes back only once its call is done with it: after the guard, at the end of a stream, never from a cancelled one', async () => {
    const model = new MockLanguageModelV4({ doStream: async () => streamOf(textResult('ok')) });
    const middleware = cairnMiddleware();
    const prompt: LanguageModelV4Prompt = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }];
    const stream = async () => {
      const params = await middleware.transformParams!({ type: 'stream', params: { prompt }, model });
      return (await middleware.wrapStream!({ doStream: () => model.doStream(params), doGenerate: () => model.doGenerate(params), params, model })).stream;
    };
    const read = await stream();
    expect(middleware.stats().unnamedEngines).toBe(0);
    const reader = read.getReader();
    while (!(await reader.read()).done);
    expect(middleware.stats().unnamedEngines).toBe(1);
    // This one reuses it (the same history), and is cancelled: the engine is dropped.
    const cancelled = await stream();
    expect(middleware.stats().unnamedEngines).toBe(0);
    await cancelled.cancel();
    expect(middleware.stats().unnamedEngines).toBe(0);
    // transformParams alone (no wrapGenerate / wrapStream): nothing comes back.
    await middleware.transformParams!({ type: 'generate', params: { prompt }, model });
    expect(middleware.stats().unnamedEngines).toBe(0);
  });

  it('maxUnnamedEngines 0 keeps nothing', async () => {
    const middleware = cairnMiddleware({ maxUnnamedEngines: 0 });
    const wrapped = wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: textResult('ok') }), middleware });
    for (let index = 0; index < 5; index++) await generateText({ model: wrapped, prompt: `request ${index}` });
    expect(middleware.stats()).toEqual({ openSessions: 0, unnamedEngines: 0, unnamedMessages: 0 });
  });

  it('rejects bad bounds', () => {
    expect(() => cairnMiddleware({ maxUnnamedEngines: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => cairnMiddleware({ maxUnnamedMessages: 1.5 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });

  it('the model’s reply, edited away by the caller, never comes back', async () => {
    const model = new MockLanguageModelV4({ doGenerate: textResult('[reply-1] the original answer') });
    const middleware = cairnMiddleware();
    const wrapped = wrapLanguageModel({ model, middleware });
    await generateText({ model: wrapped, messages: [{ role: 'user', content: '[ask-1] first question' }] });
    const edited: ModelMessage[] = [
      { role: 'user', content: '[ask-1] first question' },
      { role: 'assistant', content: '[edit-1] an edited answer' },
      { role: 'user', content: '[ask-2] second question' },
    ];
    await generateText({ model: wrapped, messages: edited });
    expect(markers(model.doGenerateCalls[1]!.prompt)).toEqual(new Set(['[ask-1]', '[edit-1]', '[ask-2]']));
    expect(middleware.stats()).toMatchObject({ unnamedEngines: 1, unnamedMessages: 3 });
    // Back to the original answer: the kept engine holds the edit, so it is not reused.
    const original: ModelMessage[] = [
      { role: 'user', content: '[ask-1] first question' },
      { role: 'assistant', content: '[reply-1] the original answer' },
      { role: 'user', content: '[ask-3] third question' },
    ];
    await generateText({ model: wrapped, messages: original });
    expect(markers(model.doGenerateCalls[2]!.prompt)).toEqual(new Set(['[ask-1]', '[reply-1]', '[ask-3]']));
  });

  it('two users whose prompts share a first message never see each other’s later messages, in every interleaving', async () => {
    const turns = (user: 'a' | 'b'): ModelMessage[][] => {
      const secret = user === 'a' ? 'secret' : 'private';
      const history: ModelMessage[] = [{ role: 'user', content: 'hi' }];
      const prompts: ModelMessage[][] = [[...history]];
      for (let turn = 1; turn <= 3; turn++) {
        if (turn > 1) history.push({ role: 'assistant', content: `ok (${user})` });
        history.push({ role: 'user', content: `[${secret}-${turn}] ${user === 'a' ? 'my card is 4111' : 'my code is 0000'} #${turn}` });
        prompts.push([...history]);
      }
      return prompts;
    };
    const a = turns('a');
    const b = turns('b');
    // Every interleaving of A's and B's calls (each user's own in order).
    const orders: ('a' | 'b')[][] = [];
    const build = (order: ('a' | 'b')[], left: number, right: number): void => {
      if (left === 0 && right === 0) orders.push(order);
      if (left > 0) build([...order, 'a'], left - 1, right);
      if (right > 0) build([...order, 'b'], left, right - 1);
    };
    build([], a.length, b.length);
    expect(orders).toHaveLength(70);
    for (const [index, order] of orders.entries()) {
      const model = new MockLanguageModelV4({ doGenerate: textResult('ok'), doStream: async () => streamOf(textResult('ok')) });
      const wrapped = wrapLanguageModel({ model, middleware: cairnMiddleware({ maxUnnamedEngines: 1 + (index % 3) }) });
      const next = { a: 0, b: 0 };
      const sent: ModelMessage[][] = [];
      // Half of them concurrently (each user's calls still in order), streams for every other order.
      const concurrent = index % 2 === 1;
      const pending: PromiseLike<unknown>[] = [];
      for (const user of order) {
        const messages = (user === 'a' ? a : b)[next[user]++]!;
        sent.push(messages);
        const call = index % 4 < 2 ? generateText({ model: wrapped, system: SYSTEM, messages }) : streamText({ model: wrapped, system: SYSTEM, messages }).text;
        if (concurrent) pending.push(call);
        else await call;
      }
      await Promise.all(pending);
      const seen = index % 4 < 2 ? model.doGenerateCalls : model.doStreamCalls;
      expect(seen).toHaveLength(sent.length);
      for (const [at, call] of seen.entries()) {
        const text = JSON.stringify(call.prompt);
        if (text.includes('4111')) expect(text).not.toMatch(/0000|private/);
        if (text.includes('0000')) expect(text).not.toMatch(/4111|secret/);
        // In order, each call's model prompt holds nothing its own prompt did not.
        if (!concurrent) expectOnlyOwnContent(sent[at], call.prompt);
      }
    }
  });
});

describe('UnnamedEngineCache', () => {
  it('hands out the engine holding the longest exact prefix, once', async () => {
    const cache = new UnnamedEngineCache(4, 100);
    const short = await entryOf(['a']);
    const long = await entryOf(['a', 'b']);
    const other = await entryOf(['a', 'c']);
    for (const entry of [short, long, other]) {
      cache.seal(entry);
      cache.put(entry);
    }
    expect(cache.engines).toBe(3);
    expect(cache.take(fpsOf(['a', 'b', 'd']))).toBe(long);
    expect(cache.take(fpsOf(['a', 'b', 'd']))).toBe(short);
    expect(cache.take(fpsOf(['a', 'b', 'd']))).toBeUndefined();
    // Not a prefix: the order counts, and an engine holding more than the prompt is never used.
    expect(cache.take(fpsOf(['c', 'a']))).toBeUndefined();
    expect(cache.take(fpsOf([]))).toBeUndefined();
    expect(cache.engines).toBe(1);
  });

  it('never keeps or hands out an engine that received anything the middleware did not ingest from a prompt', async () => {
    const cache = new UnnamedEngineCache(4, 100);
    // A dead end registered from outside, after the call's ingest: dropped when put back.
    const registered = await entryOf(['a']);
    cache.seal(registered);
    registered.handle.engine.registerDeadEnd({ trace: { approach: '[outside-1] something else' }, reason: 'told so' });
    cache.put(registered);
    expect(cache.engines).toBe(0);
    // A message ingested by someone else.
    const ingested = await entryOf(['a']);
    cache.seal(ingested);
    ingested.handle.engine.ingest([{ id: 'x', role: 'user', content: '[outside-2] someone else' }]);
    cache.put(ingested);
    expect(cache.engines).toBe(0);
    // Changed while pooled: not handed out.
    const pooled = await entryOf(['a']);
    cache.seal(pooled);
    cache.put(pooled);
    expect(cache.engines).toBe(1);
    pooled.handle.engine.registerDeadEnd({ trace: { approach: '[outside-3] later' }, reason: 'told so' });
    expect(cache.take(fpsOf(['a', 'b']))).toBeUndefined();
    expect(cache.engines).toBe(0);
    // Never sealed (its call did not finish its ingest): not kept.
    const unsealed = await entryOf(['a']);
    cache.put(unsealed);
    expect(cache.engines).toBe(0);
  });

  it('is bounded by engines and by messages, least recently put first', async () => {
    const cache = new UnnamedEngineCache(2, 5);
    const put = async (texts: string[]) => {
      const entry = await entryOf(texts);
      cache.seal(entry);
      cache.put(entry);
      return entry;
    };
    const first = await put(['1']);
    await put(['2']);
    await put(['3']);
    expect(cache.engines).toBe(2);
    expect(cache.take(fpsOf(['1']))).toBeUndefined();
    expect(first.known).toHaveLength(1);
    await put(['4', '4b', '4c', '4d']);
    // 1 ('3') + 4 = 5 messages: both kept; one more message drops the least recent.
    expect([cache.engines, cache.messages]).toEqual([2, 5]);
    await put(['5']);
    expect([cache.engines, cache.messages]).toEqual([2, 5]);
    expect(cache.take(fpsOf(['3']))).toBeUndefined();
    // An engine over the message bound on its own is never kept.
    await put(['6', '6', '6', '6', '6', '6']);
    expect([cache.engines, cache.messages]).toEqual([2, 5]);
  });
});

/** Short conversations that share their first messages, for the property below. */
const ATOMS: ModelMessage[][] = [
  [{ role: 'user', content: '[msg-0] hello' }],
  [{ role: 'assistant', content: '[msg-1] hello, how can I help?' }],
  [{ role: 'user', content: '[msg-2] my order ORD-1 is late' }],
  [{ role: 'user', content: '[msg-3] my password is hunter2' }],
  [{ role: 'assistant', content: '[msg-4] let me check' }],
  [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'd1', toolName: 'registerDeadEnd', input: { approach: '[msg-5] restarting the router', reason: 'it never helps' } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'd1', toolName: 'registerDeadEnd', output: { type: 'json', value: { recorded: true, scope: 'call' } } }] },
  ],
  [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'l1', toolName: 'lookup', input: { order: 'ORD-1' } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'l1', toolName: 'lookup', output: { type: 'text', value: '[msg-6] shipped yesterday' } }] },
  ],
  [{ role: 'user', content: '[msg-7] thanks' }],
];

describe('property: a call without a session sees only its own prompt, reused engine or not', () => {
  it('every model prompt equals the one a fresh engine gives, and holds no other content', async () => {
    // A prompt: distinct atoms in some order (so tool call ids stay unique), starting at atom 0
    // often, so that prompts extend, diverge from and repeat each other.
    const prompt = fc.uniqueArray(fc.integer({ min: 0, max: ATOMS.length - 1 }), { minLength: 1, maxLength: 6 }).map((atoms) => [0, ...atoms.filter((atom) => atom !== 0)]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ atoms: prompt, cut: fc.nat({ max: 6 }), stream: fc.boolean() }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 3 }), async (calls, maxUnnamedEngines) => {
        const run = async (options: { maxUnnamedEngines: number }) => {
          const model = new MockLanguageModelV4({ doGenerate: textResult('[answer-1] ok'), doStream: async () => streamOf(textResult('[answer-1] ok')) });
          const middleware = cairnMiddleware({ ...options, maxUnnamedMessages: 12 });
          const wrapped = wrapLanguageModel({ model, middleware });
          const seen: LanguageModelV4Prompt[] = [];
          for (const { atoms, cut, stream } of calls) {
            const messages = atoms.slice(0, Math.max(1, atoms.length - cut)).flatMap((atom) => ATOMS[atom]!);
            if (stream) await streamText({ model: wrapped, system: SYSTEM, messages }).text;
            else await generateText({ model: wrapped, system: SYSTEM, messages });
            const call = stream ? model.doStreamCalls.at(-1)! : model.doGenerateCalls.at(-1)!;
            expectOnlyOwnContent(messages, call.prompt);
            seen.push(call.prompt);
          }
          expect(middleware.stats().unnamedEngines).toBeLessThanOrEqual(options.maxUnnamedEngines);
          expect(middleware.stats().unnamedMessages).toBeLessThanOrEqual(12);
          return seen;
        };
        expect(await run({ maxUnnamedEngines })).toEqual(await run({ maxUnnamedEngines: 0 }));
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
