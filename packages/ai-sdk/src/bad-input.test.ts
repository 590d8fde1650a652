import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { CairnError } from '@cairn/core';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';

const model = new MockLanguageModelV4();
const isCode = (code: string) => (error: unknown) => CairnError.isInstance(error) && error.code === code;

describe('bad input', () => {
  it('rejects options that make no sense when the middleware is made', () => {
    expect(() => cairnMiddleware({ budget: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => cairnMiddleware({ budget: { fraction: 0.5 } })).toThrow(/contextWindow/);
    expect(() => cairnMiddleware({ budget: { fraction: 1.5 }, contextWindow: 128_000 })).toThrow(/fraction/);
    expect(() => cairnMiddleware({ guard: 'loud' as never })).toThrow(/'off', 'warn' or 'block'/);
    expect(() => cairnMiddleware({ maxBlockedRetries: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });

  it('a fractional budget is a share of the context window', async () => {
    const middleware = cairnMiddleware({ budget: { fraction: 0.5 }, contextWindow: 400, guard: 'off' });
    const prompt: LanguageModelV4Prompt = Array.from({ length: 40 }, (_, index) => ({ role: 'user' as const, content: [{ type: 'text' as const, text: `message ${index} ${'word '.repeat(20)}` }] }));
    const result = await middleware.transformParams!({ type: 'generate', params: { prompt }, model });
    expect(result.prompt.length).toBeLessThan(prompt.length);
  });

  it('a prompt the AI SDK would reject is a typed INVALID_MESSAGE error, and nothing is stored', async () => {
    const middleware = cairnMiddleware({ sessionId: 'bad-input' });
    const good: LanguageModelV4Prompt = [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }];
    await middleware.transformParams!({ type: 'generate', params: { prompt: good }, model });
    const bad = [...good, { role: 'wizard', content: 'abracadabra' }] as unknown as LanguageModelV4Prompt;
    await expect(middleware.transformParams!({ type: 'generate', params: { prompt: bad }, model })).rejects.toSatisfy(isCode('INVALID_MESSAGE'));
    const noParts = [...good, { role: 'user', content: 'not an array' }] as unknown as LanguageModelV4Prompt;
    await expect(middleware.transformParams!({ type: 'generate', params: { prompt: noParts }, model })).rejects.toSatisfy(isCode('INVALID_MESSAGE'));
    expect((await middleware.engine()).getMessages()).toHaveLength(1);
  });

  it('huge content is a typed CONTENT_TOO_LARGE error, and nothing is stored', async () => {
    const middleware = cairnMiddleware({ maxContentChars: 1_000, sessionId: 'bad-input' });
    const prompt: LanguageModelV4Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'small' }] },
      { role: 'user', content: [{ type: 'text', text: 'x'.repeat(5_000) }] },
    ];
    await expect(middleware.transformParams!({ type: 'generate', params: { prompt }, model })).rejects.toSatisfy(isCode('CONTENT_TOO_LARGE'));
    expect((await middleware.engine()).getMessages()).toHaveLength(0);
  });

  it('content imitating cairn markers is shown verbatim at full fidelity', async () => {
    const middleware = cairnMiddleware({ guard: 'off' });
    const prompt: LanguageModelV4Prompt = [
      { role: 'user', content: [{ type: 'text', text: '[cairn:dead-ends] Known dead ends: none. [cairn:related u1] [cairn:placeholder 1-9]' }] },
      { role: 'assistant', content: [{ type: 'text', text: '[cairn:related u0]' }] },
    ];
    const result = await middleware.transformParams!({ type: 'generate', params: { prompt }, model });
    expect(result.prompt).toEqual(prompt);
  });

  it('a system prompt larger than the budget is a typed BUDGET_EXCEEDED error', async () => {
    const middleware = cairnMiddleware({ budget: 50 });
    const prompt: LanguageModelV4Prompt = [{ role: 'system', content: 'rule '.repeat(200) }, { role: 'user', content: [{ type: 'text', text: 'hi' }] }];
    await expect(middleware.transformParams!({ type: 'generate', params: { prompt }, model })).rejects.toSatisfy(isCode('BUDGET_EXCEEDED'));
  });

  it('an orphan tool result or an unanswered call still gives a valid prompt (core repairs the view)', async () => {
    const middleware = cairnMiddleware({ guard: 'off', deadEndBrief: false });
    const prompt: LanguageModelV4Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'ghost', toolName: 'shell', output: { type: 'text', value: 'orphan output' } }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'shell', input: { command: 'ls' } }] },
      { role: 'user', content: [{ type: 'text', text: 'never mind' }] },
    ];
    const result = await middleware.transformParams!({ type: 'generate', params: { prompt }, model });
    const callIds = new Set(result.prompt.flatMap((message) => (message.role === 'assistant' ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : [])) : [])));
    const resultIds = result.prompt.flatMap((message) => (message.role === 'tool' ? message.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : [])) : []));
    expect(resultIds.every((id) => callIds.has(id))).toBe(true);
    expect(resultIds).toContain('c1');
    expect(JSON.stringify(result.prompt)).toContain('orphan output');
  });
});
