/**
 * Adapter overhead per model call at 1k messages: conversion in + ingest of what is new +
 * assemble + conversion out (the middleware's transformParams), against core's assemble alone
 * on the same session. Steady state: one new message per call. Also the same calls without a
 * session, as a tool loop makes them (transformParams then wrapGenerate): with the default
 * `maxUnnamedEngines` (the previous step's engine is reused and only the new message ingested)
 * and with `maxUnnamedEngines: 0` (the whole prompt ingested into a fresh engine every call).
 * The named session is timed twice: with a history rebuilt with new strings every call (an app
 * that loads it from a database) and with one the app keeps and re-sends (generateText makes new
 * prompt objects each call, sharing the app's strings). Each row prints wall-clock and process
 * CPU-time percentiles (CPU time is less disturbed by other work on a busy machine).
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

/** One call's cost: wall-clock and this process's CPU time (less disturbed by a busy machine). */
interface Sample {
  wall: number;
  cpu: number;
}

function stats(samples: Sample[]): string {
  const at = (values: number[], share: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(2);
  };
  const wall = samples.map((sample) => sample.wall);
  const cpu = samples.map((sample) => sample.cpu);
  return `p50 ${at(wall, 0.5)} ms  p95 ${at(wall, 0.95)} ms  (CPU p50 ${at(cpu, 0.5)} ms  p95 ${at(cpu, 0.95)} ms)`;
}

/** Times `job` (wall-clock and process CPU time) into `samples`. */
async function timed(samples: Sample[], job: () => unknown): Promise<void> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await job();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  samples.push({ wall, cpu: (used.user + used.system) / 1000 });
}

/** A history that ends with a user message or a tool result (what a model call sees), every string new. */
function historyOf(length: number): LanguageModelV4Prompt {
  return Array.from({ length }, (_, index) => message(index));
}

/**
 * What the AI SDK hands the middleware when an app re-sends the same messages: `generateText`
 * converts them into new prompt objects on every call, but the strings in them are the app's own
 * (shared, not copied). Copies the containers, shares the strings.
 */
function resent(messages: readonly LanguageModelV4Message[]): LanguageModelV4Prompt {
  const copy = (value: unknown): unknown => (Array.isArray(value) ? value.map(copy) : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([key, each]) => [key, copy(each)])) : value);
  return messages.map((each) => copy(each) as LanguageModelV4Message);
}

async function main(): Promise<void> {
  const model = new MockLanguageModelV4();
  const middleware = cairnMiddleware({ budget: BUDGET, guard: 'warn', sessionId: 'bench' });
  const system: LanguageModelV4Message = { role: 'system', content: 'You are a coding agent. Fix the failing imports.' };
  // Warm up: the whole 1k history once.
  await middleware.transformParams!({ type: 'generate', params: { prompt: [system, ...historyOf(MESSAGES)] }, model });
  const adapter: Sample[] = [];
  for (let call = 1; call <= CALLS; call++) {
    const prompt = [system, ...historyOf(MESSAGES + call)];
    await timed(adapter, () => middleware.transformParams!({ type: 'generate', params: { prompt }, model }));
  }
  // The same, as an app that keeps its messages and re-sends them (the strings are shared).
  const keeping = cairnMiddleware({ budget: BUDGET, guard: 'warn', sessionId: 'bench' });
  const kept = historyOf(MESSAGES + CALLS);
  await keeping.transformParams!({ type: 'generate', params: { prompt: [system, ...resent(kept.slice(0, MESSAGES))] }, model });
  const keptSamples: Sample[] = [];
  for (let call = 1; call <= CALLS; call++) {
    const prompt = [system, ...resent(kept.slice(0, MESSAGES + call))];
    await timed(keptSamples, () => keeping.transformParams!({ type: 'generate', params: { prompt }, model }));
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
    const samples: Sample[] = [];
    for (let step = 1; step <= CALLS / 6; step++) {
      const prompt = [system, ...historyOf(MESSAGES + step)];
      await timed(samples, () => call(prompt));
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
  const core: Sample[] = [];
  for (let call = 1; call <= CALLS; call++) {
    engine.ingest(asCairn(MESSAGES + call - 1));
    await timed(core, () => engine.assemble({ budget: BUDGET }));
  }
  console.log(`@cairn/ai-sdk overhead at ${MESSAGES} messages, budget ${BUDGET}, ${CALLS} steady calls (one new message each):`);
  console.log(`  middleware transformParams (convert in + ingest new + assemble + convert out):`);
  console.log(`    history rebuilt every call (every string new, e.g. loaded from a database): ${stats(adapter)}`);
  console.log(`    history kept and re-sent by the app (generateText's new objects, shared strings): ${stats(keptSamples)}`);
  await unnamedCalls('the same without a session, engines reused (default maxUnnamedEngines):     ', {});
  await unnamedCalls('the same without a session, maxUnnamedEngines 0 (whole prompt each call):  ', { maxUnnamedEngines: 0 });
  console.log(`  core assemble alone:                                                           ${stats(core)}`);
  await middleware.close();
  await keeping.close();
}

await main();
