import { SimpleChatEngine, type ChatMessage } from 'llamaindex';
import { describe, expect, it, vi } from 'vitest';
import { createCairnMemory } from './cairn-memory.js';
import { llmSummarizer } from './llm-summarizer.js';
import { RecordingLLM } from './test-support/recording-llm.js';

const longText = (turn: number) => `Turn ${turn}: the deploy of service ${turn % 7} failed on step ${turn % 5} with a timeout while migrating table t${turn}. `.repeat(6);
const text = (messages: ChatMessage[]) => messages.map((message) => String(message.content)).join('\n');
/** Summariser calls in flight, and a wait until none has been for a few polls in a row. */
let inFlight = 0;
function tracked<T extends (...args: never[]) => Promise<unknown>>(job: T): T {
  return ((...args: Parameters<T>) => {
    inFlight++;
    return job(...args).finally(() => inFlight--);
  }) as T;
}
async function tick(): Promise<void> {
  let quiet = 0;
  await vi.waitFor(
    () => {
      quiet = inFlight === 0 ? quiet + 1 : 0;
      if (quiet < 3) throw new Error('summariser still running');
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('a LlamaIndex LLM as the summariser', () => {
  it('writes the summaries later views show for compressed messages, through SimpleChatEngine', async () => {
    const summarizer = new RecordingLLM(() => ({ text: '  SUMMARY-FROM-LLM: deploy timed out.  ' }));
    summarizer.chat = tracked(summarizer.chat.bind(summarizer)) as typeof summarizer.chat;
    const llm = new RecordingLLM((call) => ({ text: `answer ${call}: ${longText(call)}` }));
    const memory = createCairnMemory({ sessionId: 'summaries-1', budget: 1_500, thresholds: { keep: 0.99, compress: 0 }, summarizer });
    const engine = new SimpleChatEngine({ llm, memory });
    for (let turn = 0; turn < 12; turn++) {
      await engine.chat({ message: longText(turn) });
      await tick(); // the summariser runs in the background (it never delays a call): let it finish
    }
    expect(text(llm.calls[0]!)).not.toContain('SUMMARY-FROM-LLM');
    expect(text(llm.calls.at(-1)!)).toContain('[cairn:summary');
    expect(text(llm.calls.at(-1)!)).toContain('SUMMARY-FROM-LLM: deploy timed out.');
    // The summariser got the instructions and a transcript of the unit.
    expect(summarizer.calls[0]![0]).toMatchObject({ role: 'system' });
    expect(String(summarizer.calls[0]![1]!.content)).toMatch(/^(user: Turn|assistant: answer) \d+/);
  });

  it('llmSummarizer joins text parts and trims', async () => {
    const llm = new RecordingLLM(() => ({ text: ' Reads config.json. ' }));
    const summarize = llmSummarizer(llm, { instructions: 'Summarise.' });
    expect(await summarize({ unitId: 'u', messages: [{ id: 'a', role: 'user', content: 'Read config.json' }] })).toBe('Reads config.json.');
    expect(llm.calls[0]).toEqual([
      { role: 'system', content: 'Summarise.' },
      { role: 'user', content: 'user: Read config.json' },
    ]);
  });

  it('a failing summariser never fails a chat; the failure goes to the logger', async () => {
    const warnings: string[] = [];
    const logger = { warn: (message: string) => void warnings.push(message), error: () => undefined, log: () => undefined };
    const failing = tracked(async () => {
      throw new Error('summariser down');
    });
    const llm = new RecordingLLM((call) => ({ text: `answer ${call}: ${longText(call)}` }));
    const memory = createCairnMemory({ sessionId: 'summaries-2', budget: 1_500, thresholds: { keep: 0.99, compress: 0 }, summarizer: failing, logger });
    const engine = new SimpleChatEngine({ llm, memory });
    for (let turn = 0; turn < 8; turn++) {
      await engine.chat({ message: longText(turn) });
      await tick();
    }
    expect(llm.calls).toHaveLength(8);
    expect(warnings.some((message) => message.includes('summariser failed'))).toBe(true);
  });

  it('refuses a summariser that is neither an LLM nor a function', () => {
    expect(() => createCairnMemory({ sessionId: 's', summarizer: { complete: () => 'x' } as never })).toThrow(/summarizer/);
  });
});
