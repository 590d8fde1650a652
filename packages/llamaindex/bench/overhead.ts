// Adapter overhead per model call at 1,000 messages: CairnMemory.add (conversion in + ingest of
// the one new message) + getLLM (assemble + conversion out), against core's assemble alone.
// Wall-clock and process CPU time are both printed (CPU time is less disturbed by other work on a
// busy machine).
// Run: npm run bench -w packages/llamaindex
import { createContextEngine, type CairnMessage } from '@cairn/core';
import type { ChatMessage } from 'llamaindex';
import { createCairnMemory } from '../src/cairn-memory.js';
import { fromCairnMessage } from '../src/from-cairn-message.js';
import { messageId } from '../src/message-id.js';
import { toCairnMessage } from '../src/to-cairn-message.js';

const BUDGET = 8_000;
const HISTORY = 1_000;
const CALLS = 60;

/** Message `index` of a tool-using session, four per turn: ask, call, result, answer. */
function message(index: number): ChatMessage {
  const turn = Math.floor(index / 4);
  const id = `call-${turn}`;
  switch (index % 4) {
    case 0:
      return { role: 'user', content: `Step ${turn}: check service ${turn % 17} and fix what fails.` };
    case 1:
      return { role: 'assistant', content: '', options: { toolCall: [{ id, name: turn % 3 === 0 ? 'run_tests' : 'read_file', input: { path: `src/module-${turn % 41}.ts` } }] } };
    case 2: {
      const result = `${turn % 9 === 0 ? 'Error: test failed: expected 200, got 500' : 'ok'}\n${`line ${turn} of output for module ${turn % 41}; `.repeat(12)}`;
      return { role: 'user', content: result, options: { toolResult: { id, result, isError: turn % 9 === 0 } } };
    }
    default:
      return { role: 'assistant', content: `Turn ${turn} done: module ${turn % 41} looks fine now.` };
  }
}

/** This process's CPU time in milliseconds (user + system). */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

const conversion: number[] = [];
const adapterCpu: number[] = [];
const coreCpu: number[] = [];

async function adapter(): Promise<number[]> {
  const memory = createCairnMemory({ sessionId: 'bench', budget: BUDGET });
  for (let index = 0; index < HISTORY; index++) await memory.add(message(index));
  await memory.getLLM();
  const times: number[] = [];
  for (let call = 0; call < CALLS; call++) {
    const start = performance.now();
    const startCpu = cpuMs();
    await memory.add(message(HISTORY + call * 4)); // one new user message per call
    await memory.getLLM();
    adapterCpu.push(cpuMs() - startCpu);
    times.push(performance.now() - start);
    // Conversion alone, for the record: the new message in, the view out.
    const convertStart = performance.now();
    toCairnMessage(message(HISTORY + call * 4), 'probe');
    memory.lastView!.messages.map(fromCairnMessage);
    conversion.push(performance.now() - convertStart);
    // The model's answer (call, result, reply) arrives between calls, outside the timing.
    for (let offset = 1; offset < 4; offset++) await memory.add(message(HISTORY + call * 4 + offset));
  }
  return times;
}

function coreOnly(): number[] {
  const engine = createContextEngine({ budget: BUDGET });
  const convert = (index: number): CairnMessage => toCairnMessage(message(index), messageId(message(index), index));
  engine.ingest(Array.from({ length: HISTORY }, (_, index) => convert(index)));
  engine.assemble();
  const times: number[] = [];
  for (let call = 0; call < CALLS; call++) {
    engine.ingest(convert(HISTORY + call * 4));
    const start = performance.now();
    const startCpu = cpuMs();
    engine.assemble();
    coreCpu.push(cpuMs() - startCpu);
    times.push(performance.now() - start);
    engine.ingest([1, 2, 3].map((offset) => convert(HISTORY + call * 4 + offset)));
  }
  return times;
}

const adapterTimes = await adapter();
const coreTimes = coreOnly();
const pair = (times: number[]) => `p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms`;
const format = (times: number[], cpu: number[] = []) => (cpu.length > 0 ? `${pair(times)}  (CPU ${pair(cpu)})` : pair(times));
console.log(`history ${HISTORY} messages, budget ${BUDGET} tokens, ${CALLS} calls (one new message each)`);
console.log(`adapter (add + getLLM: convert in, ingest, assemble, convert out): ${format(adapterTimes, adapterCpu)}`);
console.log(`  of which conversion (new message in, view out):            ${format(conversion)}`);
console.log(`core assemble alone:                                        ${format(coreTimes, coreCpu)}`);
