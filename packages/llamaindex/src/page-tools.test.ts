import { agent } from '@llamaindex/workflow';
import type { ChatMessage } from 'llamaindex';
import { describe, expect, it } from 'vitest';
import { createCairnMemory } from './cairn-memory.js';
import { pageTools } from './page-tools.js';
import { RecordingLLM, type ScriptedReply } from './test-support/recording-llm.js';

const FACT = 'The vault code is 7391-ALPHA and it was changed on Tuesday.';

const textOf = (messages: ChatMessage[]) => JSON.stringify(messages);
const runRanges = (messages: ChatMessage[]) => [...textOf(messages).matchAll(/from=(\S+) to=(\S+) count=/g)].map((match) => `${match[1]}..${match[2]}`);
const vaultPage = (messages: ChatMessage[]) => /page=([0-9a-f]{8}) \(Summary\) \[[^\]]*vault[^\]]*\]/.exec(textOf(messages))?.[1] ?? 'missing';

/** Fills the memory with a long chat in which one early message holds the fact. */
async function fill(memory: ReturnType<typeof createCairnMemory>): Promise<void> {
  for (let index = 0; index < 60; index++) {
    const filler = `Turn ${index} talks about weather, trains and the price of bread in the old town market. `.repeat(4);
    const content = index === 3 ? `Vault note, keep it safe. ${filler} ${FACT}` : filler;
    await memory.add({ role: index % 2 === 0 || index === 3 ? 'user' : 'assistant', content });
  }
}

describe('pageTools in a LlamaIndex agent() workflow', () => {
  it('a model that consults a page sees its full content at its next call', async () => {
    // Placeholder runs the model lists with from..to: the Background_Context block (on by default) would fold them.
    const memory = createCairnMemory({ sessionId: 'vault', budget: 2_000, pages: { consolidation: { background: false } } });
    await fill(memory);
    const script = (call: number, messages: ChatMessage[]): ScriptedReply => {
      if (call === 0) return { toolCalls: [{ id: 'z1', name: 'consult', input: { ids: runRanges(messages), reason: 'find the vault code' } }] };
      if (call === 1) return { toolCalls: [{ id: 'z2', name: 'consult', input: { ids: [vaultPage(messages)], reason: 'the code is behind this page' } }] };
      return { text: textOf(messages).includes('7391-ALPHA') ? 'The code is 7391-ALPHA.' : 'I cannot see it.' };
    };
    const llm = new RecordingLLM(script);
    const vaultAgent = agent({ llm, memory, tools: pageTools(memory) });
    const result = await vaultAgent.run('Remind me of the number from early on.');
    expect(textOf(llm.calls[0]!)).not.toContain('7391-ALPHA');
    expect(vaultPage(llm.calls[1]!)).toMatch(/^[0-9a-f]{8}$/);
    expect(textOf(llm.calls[1]!)).not.toContain('7391-ALPHA');
    expect(String(result.data.result)).toBe('The code is 7391-ALPHA.');
    expect(textOf(llm.calls[2]!)).toContain('Consult: 1 page changed.');
    expect(textOf(llm.calls[2]!)).toContain('the code is behind this page');
  });

  it('unknown ids and malformed input come back as tool text, never a throw', async () => {
    const memory = createCairnMemory({ sessionId: 'mine', budget: 2_000 });
    await fill(memory);
    const llm = new RecordingLLM((call) => {
      if (call === 0) return { toolCalls: [{ id: 'z1', name: 'consult', input: { ids: ['deadbeef', 'nope'], reason: 'x' } }] };
      if (call === 1) return { toolCalls: [{ id: 'z2', name: 'shelve', input: { ids: 'deadbeef' } }] };
      return { text: 'done' };
    });
    const result = await agent({ llm, memory, tools: pageTools(memory) }).run('Look around.');
    expect(String(result.data.result)).toBe('done');
    expect(textOf(llm.calls[1]!)).toContain('Consult failed: no page changed.');
    expect(textOf(llm.calls[2]!)).toContain('Error: shelve needs { ids: string[], reason?: string }');
  });

  it('refuses something that cannot zoom', () => {
    expect(() => pageTools({} as never)).toThrow(/CairnMemory/);
  });
});
