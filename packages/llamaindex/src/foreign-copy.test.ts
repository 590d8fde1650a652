import { SimpleChatEngine } from 'llamaindex';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CairnChatStore } from './cairn-chat-store.js';
import { createCairnMemory } from './cairn-memory.js';
import { resetForeignCopyWarning } from './foreign-copy.js';
import { loadForeignLlamaIndexCore } from './test-support/foreign-llamaindex-core.js';
import { RecordingLLM } from './test-support/recording-llm.js';

const retriever = { retrieve: async () => [] } as never;
let foreign: Awaited<ReturnType<typeof loadForeignLlamaIndexCore>>;

/** An LLM built on the other copy's `BaseLLM`, as a provider package of that copy builds one. */
function foreignLLM() {
  class ProviderLLM extends foreign.BaseLLM {
    metadata = { model: 'provider', temperature: 0, topP: 1, contextWindow: 4096, tokenizer: undefined, structuredOutput: false };
    async chat(): Promise<never> {
      return { message: { role: 'assistant', content: 'ok' }, raw: {} } as never;
    }
  }
  return new ProviderLLM();
}

/** The one warning's text, checked for the fix it must give. */
function expectOneWarningWithTheFix(warn: ReturnType<typeof vi.fn>, what: RegExp) {
  expect(warn).toHaveBeenCalledOnce();
  const message = String(warn.mock.calls[0]![0]);
  expect(message).toMatch(/two copies of @llamaindex\/core/);
  expect(message).toMatch(what);
  expect(message).toContain('npm ls @llamaindex/core');
  expect(message).toContain('@llamaindex/openai 0.4.22');
}

describe('issue 12, item 7: a second copy of @llamaindex/core is detected and warned about once', () => {
  beforeAll(async () => {
    foreign = await loadForeignLlamaIndexCore();
  });
  afterAll(() => foreign?.dispose());
  beforeEach(() => resetForeignCopyWarning());

  it('a ContextChatEngine from the other copy, given the memory, warns once with the fix (it would drop the memory silently)', async () => {
    const warn = vi.fn();
    const memory = createCairnMemory({ budget: 4000, logger: { warn } });
    const engine = new foreign.ContextChatEngine({ retriever, chatModel: new RecordingLLM(), chatHistory: memory });
    expectOneWarningWithTheFix(warn, /a chat engine or agent that was given this CairnMemory/);
    await engine.chat({ message: 'remember the blue key' });
    // What the warning is about: the foreign engine wrapped the memory in a new, empty Memory.
    expect(await memory.getAll()).toEqual([]);
    // Once: another foreign engine, or per-call chatHistory, does not warn again.
    await new foreign.ContextChatEngine({ retriever, chatModel: new RecordingLLM() }).chat({ message: 'x', chatHistory: memory });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('an LLM of the other copy passed as llm warns at construction', () => {
    const warn = vi.fn();
    createCairnMemory({ llm: foreignLLM(), logger: { warn } });
    expectOneWarningWithTheFix(warn, /the createCairnMemory option `llm` \(a BaseLLM\)/);
  });

  it('an LLM of the other copy handed to getLLM by an installed chat engine warns', async () => {
    const warn = vi.fn();
    const memory = createCairnMemory({ budget: 4000, logger: { warn } });
    await new SimpleChatEngine({ llm: foreignLLM(), memory }).chat({ message: 'hi' });
    expectOneWarningWithTheFix(warn, /the LLM a chat engine or agent passed to getLLM/);
  });

  it('a chat store of the other copy passed as chatStore warns at construction', () => {
    const warn = vi.fn();
    new CairnChatStore({ chatStore: new foreign.SimpleChatStore(), logger: { warn } });
    expectOneWarningWithTheFix(warn, /the CairnChatStore option `chatStore` \(a BaseChatStore\)/);
  });

  it('an object that only quacks like a foreign class warns too; the installed classes do not', async () => {
    const warn = vi.fn();
    // A class named like LlamaIndex's BaseLLM that is not the installed one.
    class BaseLLM {}
    class LookAlike extends BaseLLM {
      metadata = { model: 'x', temperature: 0, topP: 1, contextWindow: 4096, tokenizer: undefined, structuredOutput: false };
    }
    const quiet = createCairnMemory({ budget: 4000, llm: new RecordingLLM(), logger: { warn } });
    await new SimpleChatEngine({ llm: new RecordingLLM(), memory: quiet }).chat({ message: 'hi' });
    expect(warn).not.toHaveBeenCalled();
    createCairnMemory({ llm: new LookAlike() as never, logger: { warn } });
    expect(warn).toHaveBeenCalledOnce();
  });
});
