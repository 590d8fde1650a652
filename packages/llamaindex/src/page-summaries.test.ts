import { CairnError, CONSOLIDATED_SUMMARY_INSTRUCTIONS, createCharTokenCounter, type Summarizer } from '@cairn/core';
import { SimpleChatEngine } from 'llamaindex';
import { describe, expect, it, vi } from 'vitest';
import { createCairnMemory } from './cairn-memory.js';
import { llmSummarizer } from './llm-summarizer.js';
import { RecordingLLM } from './test-support/recording-llm.js';

const TOPICS = [
  ['garden', 'tomatoes', 'basil', 'compost', 'watering', 'seedlings', 'slugs'],
  ['database', 'postgres', 'schema', 'indexes', 'rollback', 'replicas', 'vacuum'],
  ['Lisbon', 'flights', 'hotel', 'trams', 'pastries', 'museums', 'ocean'],
];

/** The turns of a conversation about three topics in turn (it consolidates into pages with small options). */
function turns(): string[] {
  const texts: string[] = [];
  for (const words of TOPICS) for (let index = 0; index < 4; index++) texts.push(`About the ${words[0]}: more on ${words[index % words.length]} and ${words[(index + 1) % words.length]} today.`);
  return texts;
}

/** Lets the background summariser run finish (the mock answers at once). */
async function settle(): Promise<void> {
  for (let tick = 0; tick < 50; tick++) await new Promise((resolve) => setTimeout(resolve, 0));
}

async function run(summarizer: RecordingLLM | Summarizer, sessionId: string, warnings: unknown[][] = []) {
  const llm = new RecordingLLM((call) => ({ text: `Reply ${call}: noted.` }));
  const memory = createCairnMemory({ sessionId, budget: 600, tokenCounter: createCharTokenCounter(), summarizer, pages: { consolidation: { window: 2, minPages: 3 } }, logger: { warn: (...details) => warnings.push(details) } });
  const chat = new SimpleChatEngine({ llm, memory });
  for (const [index, text] of turns().entries()) expect(String((await chat.chat({ message: text })).message.content)).toBe(`Reply ${index}: noted.`);
  return Object.assign(memory, { chat });
}

describe('a LlamaIndex LLM writes consolidated pages’ summaries', () => {
  it('through SimpleChatEngine: consolidated pages get the LLM’s summary, asked with core’s instructions', async () => {
    const summarizer = new RecordingLLM((_call, messages) => ({ text: messages[0]!.content === CONSOLIDATED_SUMMARY_INSTRUCTIONS ? 'PAGE-SUMMARY: topics agreed.' : 'unit summary' }));
    const memory = await run(summarizer, 'pages-1');
    await settle();
    const pages = (await memory.engine()).listPages('Consolidated');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page.summary).toBe('PAGE-SUMMARY: topics agreed.');
    const pageCalls = summarizer.calls.filter((messages) => messages[0]!.content === CONSOLIDATED_SUMMARY_INSTRUCTIONS);
    expect(pageCalls.length).toBe(pages.length);
    expect(String(pageCalls[0]![1]!.content)).toContain('About the garden');
  });

  it('an LLM that never answers holds no chat up', async () => {
    const summarizer = new RecordingLLM();
    summarizer.chat = (() => new Promise(() => undefined)) as unknown as typeof summarizer.chat;
    const memory = await run(summarizer, 'pages-2');
    const pages = (await memory.engine()).listPages('Consolidated');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.some((page) => page.summary === 'ok')).toBe(false);
  });

  it('a request that never answers is abandoned after timeoutMs, so the session’s next run gets its summaries', async () => {
    const llm = new RecordingLLM(() => ({ text: 'PAGE-SUMMARY: later run.' }));
    const chat = llm.chat.bind(llm);
    let requests = 0;
    llm.chat = ((params: never) => (++requests === 1 ? new Promise(() => undefined) : chat(params))) as unknown as typeof llm.chat;
    const warnings: unknown[][] = [];
    const memory = await run(llmSummarizer(llm, { timeoutMs: 30 }), 'pages-3', warnings);
    await vi.waitFor(() => expect(warnings.flat().some((detail) => CairnError.isInstance(detail) && detail.code === 'MODEL_TIMEOUT')).toBe(true), { timeout: 5_000 });
    // Before the time limit, that run stayed pending for good and no later chat started another.
    await memory.chat.chat({ message: 'One more thing about the ocean.' });
    await vi.waitFor(async () => expect((await memory.engine()).listPages('Consolidated').some((page) => page.summary === 'PAGE-SUMMARY: later run.')).toBe(true), { timeout: 5_000 });
  });
});
