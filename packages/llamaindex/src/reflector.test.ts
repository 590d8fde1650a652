import { SimpleChatEngine, type ChatMessage } from 'llamaindex';
import { describe, expect, it, vi } from 'vitest';
import { createCairnMemory } from './cairn-memory.js';
import { RecordingLLM } from './test-support/recording-llm.js';

const LESSON = 'The user books only aisle seats, never window seats.';
const TURNS = 6;
const text = (messages: ChatMessage[]) => messages.map((message) => String(message.content)).join('\n');

/** Chats TURNS times through SimpleChatEngine, waiting after each turn for the background reflector. */
async function chat(memory: ReturnType<typeof createCairnMemory>, settle: () => Promise<void>): Promise<RecordingLLM> {
  const llm = new RecordingLLM((call) => ({ text: `Booked flight ${call}.` }));
  const engine = new SimpleChatEngine({ llm, memory });
  for (let turn = 0; turn < TURNS; turn++) {
    await engine.chat({ message: `Book flight ${turn} for me, aisle seat please.` });
    await settle();
  }
  return llm;
}

describe('a LlamaIndex LLM as the playbook reflector', () => {
  it('curates bullets that later prompts show, in batches of reflectEvery messages, through SimpleChatEngine', async () => {
    const reflector = new RecordingLLM((call) => ({ text: call === 0 ? `[{"op":"add","section":"constraints","content":"${LESSON}"}]` : '[]' }));
    const chatSpy = vi.spyOn(reflector, 'chat');
    const llm = await chat(createCairnMemory({ sessionId: 'reflect-1', budget: 2_000, reflector, reflectEvery: 4 }), () =>
      vi.waitFor(() => expect(chatSpy.mock.results.every((result) => result.type !== 'incomplete')).toBe(true)),
    );
    expect(reflector.calls.length).toBeGreaterThanOrEqual(1);
    expect(reflector.calls.length).toBeLessThan(TURNS); // one call per batch of 4 messages, not per turn
    expect(reflector.calls[0]![0]).toMatchObject({ role: 'system' });
    expect(String(reflector.calls[0]![1]!.content)).toContain('Book flight 0 for me');
    expect(text(llm.calls[0]!)).not.toContain(LESSON);
    expect(text(llm.calls.at(-1)!)).toContain(LESSON);
  });

  it('a reply with no operations is reported to the logger; chats go on', async () => {
    const warnings: string[] = [];
    const logger = { warn: (message: string) => void warnings.push(message), error: () => undefined, log: () => undefined };
    const reflector = new RecordingLLM(() => ({ text: 'Nothing to add, all good!' }));
    const llm = await chat(createCairnMemory({ sessionId: 'reflect-2', budget: 2_000, reflector, reflectEvery: 2, logger }), async () => undefined);
    await vi.waitFor(() => expect(warnings.some((message) => message.includes('reflector failed'))).toBe(true));
    expect(llm.calls).toHaveLength(TURNS);
  });

  it('refuses a reflector that is neither an LLM nor a function, and a bad reflectEvery', () => {
    expect(() => createCairnMemory({ sessionId: 's', reflector: { complete: () => 'x' } as never })).toThrow(/reflector/);
    expect(() => createCairnMemory({ sessionId: 's', reflectEvery: 1.5 })).toThrow(/reflectEvery/);
  });
});
