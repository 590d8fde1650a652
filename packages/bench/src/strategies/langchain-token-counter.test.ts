import { countMessageTokens, createCharTokenCounter } from '@cairn/core';
import { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { fixtureSession } from './__fixtures__/strategy-fixture.js';
import { toLangChainMessages } from './convert-langchain.js';
import { createLangChainTokenCounter } from './langchain-token-counter.js';

describe('createLangChainTokenCounter', () => {
  it('sums countMessageTokens over the messages, counting each text once', () => {
    const { messages } = fixtureSession();
    const seen: string[] = [];
    const counter = { id: 'spy', count: (text: string) => (seen.push(text), Math.ceil(text.length / 4)) };
    const tokenCounter = createLangChainTokenCounter(counter);
    const converted = toLangChainMessages(messages.slice(0, 50));
    const expected = messages.slice(0, 50).reduce((total, message) => total + countMessageTokens(message, createCharTokenCounter()), 0);
    expect(tokenCounter(converted)).toBe(expected);
    const calls = seen.length;
    expect(tokenCounter(converted.slice(0, 20)) + tokenCounter(converted.slice(20))).toBe(expected);
    expect(seen.length).toBe(calls);
  });

  it('recounts a message whose content changed under the same id, and counts messages without an id', () => {
    const tokenCounter = createLangChainTokenCounter(createCharTokenCounter());
    const original = new ToolMessage({ id: 't1', content: 'x'.repeat(400), tool_call_id: 'c1' });
    const cleared = new ToolMessage({ id: 't1', content: '[cleared]', tool_call_id: 'c1' });
    const anonymous = new ToolMessage({ content: '[cleared]', tool_call_id: 'c1' });
    expect(tokenCounter([original])).toBe(104);
    expect(tokenCounter([cleared])).toBe(7);
    expect(tokenCounter([anonymous])).toBe(7);
  });
});
