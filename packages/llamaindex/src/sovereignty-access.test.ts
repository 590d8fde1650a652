import { resumeFromCrystal } from '@cairn/core';
import { SimpleChatEngine } from 'llamaindex';
import { describe, expect, it } from 'vitest';
import { CairnChatStore } from './cairn-chat-store.js';
import { createCairnMemory } from './cairn-memory.js';
import { RecordingLLM } from './test-support/recording-llm.js';

describe('context sovereignty through the LlamaIndex adapters (their engines)', () => {
  it('CairnMemory.engine() after SimpleChatEngine turns: tag, crystallize, resume, project', async () => {
    const memory = createCairnMemory({ sessionId: 'sov-1', budget: 2_000 });
    const chat = new SimpleChatEngine({ llm: new RecordingLLM(), memory });
    await chat.chat({ message: 'Book ORD-4821, never the red-eye.' });
    await chat.chat({ message: 'And a hotel.' });
    const engine = await memory.engine();
    const first = engine.getMessages()[0]!;
    engine.tag([first.id], 'preserved', 'constraint');
    const crystal = engine.crystallize();
    expect(resumeFromCrystal(crystal).getMessages().find((message) => message.id === first.id)?.content).toEqual(first.content);
    expect(engine.project({ targetPressure: 0.5, budget: 2_000 }).items.length).toBeGreaterThan(0);
    expect(engine.window().size).toBe(2);
  });

  it('CairnChatStore.engine(key) is the key’s session engine', async () => {
    const store = new CairnChatStore({ budget: 2_000 });
    store.addMessage('chat-1', { role: 'user', content: 'Refund ORD-7 for 129.50' });
    store.addMessage('chat-1', { role: 'assistant', content: 'Approved.' });
    const engine = await store.engine('chat-1');
    expect(engine.getMessages().map((message) => message.content)).toEqual(['Refund ORD-7 for 129.50', 'Approved.']);
    expect(engine.crystallize().summaries.length).toBeGreaterThanOrEqual(1);
  });
});
