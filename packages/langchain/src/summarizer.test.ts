import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent, tool } from 'langchain';
import { z } from 'zod';
import { callTools } from './test-support/prompt-checks.js';
import { describe, expect, it, vi } from 'vitest';
import { cairnMiddleware, type CairnMiddlewareOptions } from './cairn-middleware.js';
import { chatModelSummarizer } from './chat-model-summarizer.js';
import { promptText } from './test-support/prompt-checks.js';

const TURNS = 16;

const listFiles = tool(async ({ turn }: { turn: number }) => `Listing for turn ${turn}:\n` + Array.from({ length: 20 }, (_, line) => `src/module_${turn}_${line}.ts  ${line * 37} bytes  ok`).join('\n'), {
  name: 'list_files',
  description: 'Lists files.',
  schema: z.object({ turn: z.number() }),
});

/** A listing tool whose results carry fixed ids (so every run plans the same views). */
const idListFiles = tool(
  async ({ turn }: { turn: number }, config) =>
    new ToolMessage({ id: `tool-${turn}`, tool_call_id: (config as { toolCall?: { id?: string } }).toolCall?.id ?? `call-${turn}`, content: `Listing for turn ${turn}:\n` + Array.from({ length: 20 }, (_, line) => `src/module_${turn}_${line}.ts  ${line * 37} bytes  ok`).join('\n') }),
  { name: 'list_files', description: 'Lists files.', schema: z.object({ turn: z.number() }) },
);

/** createAgent with a cairn session; every message has a fixed id, so every run plans the same views. */
async function runChain(summarizer: CairnMiddlewareOptions['summarizer'], onBackgroundError?: CairnMiddlewareOptions['onBackgroundError']) {
  const model = fakeModel();
  for (let turn = 0; turn < TURNS; turn++) {
    model.respond(new AIMessage({ id: `call-msg-${turn}`, content: '', tool_calls: [{ name: 'list_files', args: { turn }, id: `call-${turn}`, type: 'tool_call' }] }));
    model.respond(new AIMessage({ id: `answer-${turn}`, content: `Turn ${turn}: the listing shows 20 files.` }));
  }
  const middleware = cairnMiddleware({ budget: 2_500, thresholds: { keep: 0.9, compress: 0.01 }, summarizer, ...(onBackgroundError ? { onBackgroundError } : {}) });
  const agent = createAgent({ model, tools: [idListFiles], middleware: [middleware], checkpointer: new MemorySaver() });
  for (let turn = 0; turn < TURNS; turn++) {
    await agent.invoke({ messages: [new HumanMessage({ id: `step-${turn}`, content: `Step ${turn}: list the files of module ${turn}.` })] }, { configurable: { thread_id: 'summaries' } });
    // The summariser runs in the background (it never delays a call): let it finish before the next turn.
    await settled();
  }
  return model.calls.map((call) => call.messages as BaseMessage[]);
}

/** Through createAgent: the option is taken and a slow summariser never holds a call up. */
async function runAgent(summarizer: Parameters<typeof cairnMiddleware>[0] extends infer O ? (O extends { summarizer?: infer S } ? S : never) : never) {
  const model = fakeModel();
  for (let turn = 0; turn < 6; turn++) {
    model.respond(callTools([{ name: 'list_files', args: { turn }, id: `call-${turn}` }]));
    model.respond(new AIMessage(`Turn ${turn}: the listing shows 20 files.`));
  }
  const agent = createAgent({ model, tools: [listFiles], middleware: [cairnMiddleware({ budget: 1_000, summarizer })], checkpointer: new MemorySaver() });
  for (let turn = 0; turn < 6; turn++) await agent.invoke({ messages: [new HumanMessage(`Step ${turn}: list the files of module ${turn}.`)] }, { configurable: { thread_id: 'summaries' } });
  return model.calls.length;
}

/** Counts the summariser calls in flight (a model's invoke, or a summariser function). */
let inFlight = 0;
function tracked<T extends (...args: never[]) => Promise<unknown>>(job: T): T {
  return ((...args: Parameters<T>) => {
    inFlight++;
    return job(...args).finally(() => inFlight--);
  }) as T;
}

/** Waits until no summariser call has been in flight for a few polls in a row. */
async function settled(): Promise<void> {
  let quiet = 0;
  await vi.waitFor(
    () => {
      quiet = inFlight === 0 ? quiet + 1 : 0;
      if (quiet < 3) throw new Error('summariser still running');
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('a LangChain chat model as the summariser', () => {
  it('writes the summaries later views show for compressed messages, through createAgent', async () => {
    const summarizerModel = new FakeListChatModel({ responses: ['SUMMARY-FROM-MODEL: module parser configured.'] });
    summarizerModel.invoke = tracked(summarizerModel.invoke.bind(summarizerModel));
    const prompts = await runChain(summarizerModel);
    expect(prompts).toHaveLength(TURNS * 2);
    // Nothing was summarised before the first view; later views show the model's summaries.
    expect(promptText(prompts[0]!)).not.toContain('SUMMARY-FROM-MODEL');
    const summarised = prompts.filter((prompt) => promptText(prompt).includes('[cairn:summary'));
    expect(summarised.length).toBeGreaterThan(0);
    for (const prompt of summarised) expect(promptText(prompt)).toContain('SUMMARY-FROM-MODEL: module parser configured.');
  });

  it('chatModelSummarizer sends the instructions and the transcript, and trims the reply', async () => {
    const model = new FakeListChatModel({ responses: ['  Reads config.json; failed with ENOENT.  '] });
    let seen: BaseMessage[] = [];
    const spy = { invoke: async (input: BaseMessage[]) => ((seen = input), model.invoke(input)) };
    const summarize = chatModelSummarizer(spy as never, { instructions: 'Summarise.' });
    const text = await summarize({
      unitId: 'u1',
      messages: [
        { id: 'a', role: 'assistant', content: 'Reading the config.', toolCalls: [{ id: 'c1', name: 'read_file', arguments: { path: 'config.json' } }] },
        { id: 't', role: 'tool', name: 'read_file', toolCallId: 'c1', content: 'ENOENT: no such file', isError: true },
      ],
    });
    expect(text).toBe('Reads config.json; failed with ENOENT.');
    expect(seen[0]!.content).toBe('Summarise.');
    expect(String(seen[1]!.content)).toContain('read_file({"path":"config.json"})');
    expect(String(seen[1]!.content)).toContain('tool read_file: ENOENT: no such file');
  });

  it('a failing summariser never fails a call; its errors go to onBackgroundError with the session', async () => {
    const errors: { error: unknown; sessionId: string }[] = [];
    const failing = tracked(async () => {
      throw new Error('summariser down');
    });
    const prompts = await runChain(failing, (error, { sessionId }) => errors.push({ error, sessionId }));
    expect(prompts).toHaveLength(TURNS * 2);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ sessionId: 'summaries' });
    expect(String((errors[0]!.error as Error).message)).toContain('summariser down');
  });

  it('createAgent takes a chat model as the summariser, and one that never answers holds no call up', async () => {
    const never = new FakeListChatModel({ responses: ['unused'] });
    never.invoke = () => new Promise(() => undefined);
    expect(await runAgent(never)).toBe(12);
  });

  it('refuses a summariser that is neither a model nor a function', () => {
    expect(() => cairnMiddleware({ summarizer: { generate: () => 'x' } as never })).toThrow(/summarizer/);
  });
});
