import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { pageTools } from './page-tools.js';
import { callTools, promptText } from './test-support/prompt-checks.js';

const FACT = 'The vault code is 7391-ALPHA and it was changed on Tuesday.';

/** A long chat in which one early message holds the fact, far outside a small budget. */
function history(): BaseMessage[] {
  const messages: BaseMessage[] = [];
  for (let index = 0; index < 60; index++) {
    const filler = `Turn ${index} talks about weather, trains and the price of bread in the old town market. `.repeat(4);
    if (index === 3) messages.push(new HumanMessage(`Vault note, keep it safe. ${filler} ${FACT}`));
    else messages.push(index % 2 === 0 ? new HumanMessage(filler) : new AIMessage(filler));
  }
  messages.push(new HumanMessage('Remind me of the number from early on.'));
  return messages;
}

const runRanges = (messages: BaseMessage[]) => [...promptText(messages).matchAll(/from=(\S+) to=(\S+) count=/g)].map((match) => `${match[1]}..${match[2]}`);
const vaultPage = (messages: BaseMessage[]) => /page=([0-9a-f]{8}) \(Summary\) \[[^\]]*vault[^\]]*\]/.exec(promptText(messages))?.[1] ?? 'missing';

describe('pageTools through createAgent', () => {
  it('a model that consults a page sees its full content at its next call', async () => {
    // Placeholder runs the model lists with from..to: the Background_Context block (on by default) would fold them.
    const middleware = cairnMiddleware({ budget: 2_000, pages: { consolidation: { background: false } } });
    const model = fakeModel()
      .respond((messages) => callTools([{ name: 'consult', args: { ids: runRanges(messages), reason: 'find the vault code' }, id: 'z1' }]))
      .respond((messages) => callTools([{ name: 'consult', args: { ids: [vaultPage(messages)], reason: 'the code is behind this page' }, id: 'z2' }]))
      .respond((messages) => new AIMessage(promptText(messages).includes('7391-ALPHA') ? 'The code is 7391-ALPHA.' : 'I cannot see it.'));
    const agent = createAgent({ model, tools: pageTools({ middleware }), middleware: [middleware], checkpointer: new MemorySaver() });
    const state = await agent.invoke({ messages: history() }, { configurable: { thread_id: 'vault' } });
    expect(promptText(model.calls[0]!.messages)).not.toContain('7391-ALPHA');
    expect(promptText(model.calls[1]!.messages)).not.toContain('7391-ALPHA');
    expect(vaultPage(model.calls[1]!.messages)).toMatch(/^[0-9a-f]{8}$/);
    expect(String(state.messages.at(-1)!.content)).toBe('The code is 7391-ALPHA.');
    const results = state.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message)).map((message) => String(message.content));
    expect(results[1]).toMatch(/^Consult: 1 page changed\./);
    expect(promptText(model.calls[2]!.messages)).toContain('the code is behind this page');
  });

  it('unknown ids and a run without a thread come back as tool text, never a throw', async () => {
    const middleware = cairnMiddleware({ budget: 2_000 });
    const model = fakeModel()
      .respond(callTools([{ name: 'consult', args: { ids: ['deadbeef', 'nope'], reason: 'x' }, id: 'z1' }]))
      .respond(callTools([{ name: 'shelve', args: { ids: ['deadbeef'], reason: 'y' }, id: 'z2' }]))
      .respond(new AIMessage('done'))
      .respond(callTools([{ name: 'consult', args: { ids: ['deadbeef'], reason: 'x' }, id: 'z3' }]))
      .respond(new AIMessage('done'));
    const agent = createAgent({ model, tools: pageTools({ middleware }), middleware: [middleware], checkpointer: new MemorySaver() });
    const state = await agent.invoke({ messages: history() }, { configurable: { thread_id: 'mine' } });
    const results = state.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message)).map((message) => String(message.content));
    expect(results[0]).toMatch(/^Consult failed: no page changed\./);
    expect(results[1]).toMatch(/^Shelve failed/);
    const bare = createAgent({ model, tools: pageTools({ middleware }), middleware: [middleware] });
    const unscoped = await bare.invoke({ messages: [new HumanMessage('hi')] });
    const text = unscoped.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message)).map((message) => String(message.content));
    expect(text[0]).toMatch(/^Error: consult needs a cairn session/);
  });

  it('refuses a middleware it did not make', () => {
    expect(() => pageTools({ middleware: {} })).toThrow(/cairnMiddleware/);
  });
});
