/**
 * Adapter overhead per model call at 1k messages: conversion in + ingest of what is new +
 * assemble + conversion out (the middleware's transformParams), against core's assemble alone
 * on the same session. Steady state: one new message per call. Also the same calls without a
 * session, as a tool loop makes them (transformParams then wrapGenerate): with the default
 * `maxUnnamedEngines` (the previous step's engine is reused and only the new message ingested)
 * and with `maxUnnamedEngines: 0` (the whole prompt ingested into a fresh engine every call).
 *
 *   npm run bench -w @cairn/ai-sdk
 */
import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { createContextEngine, type CairnMessage } from '@cairn/core';
import { MockLanguageModelV4 } from 'ai/test';
import { cairnMiddleware } from '../src/index.js';

const MESSAGES = 1_000;
const CALLS = 60;
const BUDGET = 16_000;

function message(index: number): LanguageModelV4Message {
  const turn = Math.floor(index / 3);
  switch (index % 3) {
    case 0:
      return { role: 'user', content: [{ type: 'text', text: `Step ${turn}: check module ${turn % 37} for the failing import, then run its tests.` }] };
    case 1:
      return {
        role: 'assistant',
        content: [
          { type: 'text', text: `Reading src/module-${turn % 37}.ts to find the import.` },
          { type: 'tool-call', toolCallId: `call-${turn}`, toolName: 'read_file', input: { path: `src/module-${turn % 37}.ts` } },
        ],
      };
    default:
      return {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: `call-${turn}`, toolName: 'read_file', output: { type: 'text', value: `export function handler${turn}(input: string) {\n  return parse(input).map((item) => item.id + ${turn});\n}\n`.repeat(3) } }],
      };
  }
}

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms  p95 ${at(0.95).toFixed(2)} ms`;
}

/** A history that ends with a user message or a tool result (what a model call sees). */
function historyOf(length: number): LanguageModelV4Prompt {
  return Array.from({ length }, (_, index) => message(index));
}

async function main(): Promise<void> {
  const model = new MockLanguageModelV4();
  const middleware = cairnMiddleware({ budget: BUDGET, guard: 'warn', sessionId: 'bench' });
  const system: LanguageModelV4Message = { role: 'system', content: 'You are a coding agent. Fix the failing imports.' };
  // Warm up: the whole 1k history once.
  await middleware.transformParams!({ type: 'generate', params: { prompt: [system, ...historyOf(MESSAGES)] }, model });
  const adapter: number[] = [];
  for (let call = 1; call <= CALLS; call++) {
    const prompt = [system, ...historyOf(MESSAGES + call)];
    const start = performance.now();
    await middleware.transformParams!({ type: 'generate', params: { prompt }, model });
    adapter.push(performance.now() - start);
  }

  // No session, as a tool loop makes them: each step's prompt is the previous one plus one
  // message. Each call is transformParams and then wrapGenerate (a stub answer), which is when the
  // middleware is done with the call's engine and may keep it for the next step
  // (`maxUnnamedEngines`; with 0, every call ingests its whole prompt into an engine of its own).
  const unnamedCalls = async (label: string, options: { maxUnnamedEngines?: number }): Promise<void> => {
    const scoped = cairnMiddleware({ budget: BUDGET, guard: 'warn', ...options });
    const answer = { content: [], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] };
    const call = async (prompt: LanguageModelV4Prompt): Promise<void> => {
      const params = await scoped.transformParams!({ type: 'generate', params: { prompt }, model });
      await scoped.wrapGenerate!({ doGenerate: async () => answer, doStream: async () => { throw new Error('not used'); }, params, model });
    };
    // Warm up: the whole 1k history once.
    await call([system, ...historyOf(MESSAGES)]);
    const samples: number[] = [];
    for (let step = 1; step <= CALLS / 6; step++) {
      const prompt = [system, ...historyOf(MESSAGES + step)];
      const start = performance.now();
      await call(prompt);
      samples.push(performance.now() - start);
    }
    console.log(`  ${label}${stats(samples)}`);
  };

  // Core alone: the same messages as cairn messages, one appended per turn.
  const engine = createContextEngine({ budget: BUDGET });
  const asCairn = (index: number): CairnMessage[] => {
    const source = message(index);
    const turn = Math.floor(index / 3);
    if (source.role === 'user') return [{ id: `m${index}`, role: 'user', content: (source.content[0] as { text: string }).text }];
    if (source.role === 'assistant') return [{ id: `m${index}`, role: 'assistant', content: `Reading src/module-${turn % 37}.ts to find the import.`, toolCalls: [{ id: `call-${turn}`, name: 'read_file', arguments: { path: `src/module-${turn % 37}.ts` } }] }];
    const part = source.content[0] as { output: { value: string } };
    return [{ id: `m${index}`, role: 'tool', name: 'read_file', toolCallId: `call-${turn}`, content: part.output.value }];
  };
  engine.ingest(Array.from({ length: MESSAGES }, (_, index) => asCairn(index)).flat());
  engine.assemble({ budget: BUDGET });
  const core: number[] = [];
  for (let call = 1; call <= CALLS; call++) {
    engine.ingest(asCairn(MESSAGES + call - 1));
    const start = performance.now();
    engine.assemble({ budget: BUDGET });
    core.push(performance.now() - start);
  }
  console.log(`@cairn/ai-sdk overhead at ${MESSAGES} messages, budget ${BUDGET}, ${CALLS} steady calls (one new message each):`);
  console.log(`  middleware transformParams (convert in + ingest new + assemble + convert out): ${stats(adapter)}`);
  await unnamedCalls('the same without a session, engines reused (default maxUnnamedEngines):     ', {});
  await unnamedCalls('the same without a session, maxUnnamedEngines 0 (whole prompt each call):  ', { maxUnnamedEngines: 0 });
  console.log(`  core assemble alone:                                                           ${stats(core)}`);
  await middleware.close();
}

await main();
