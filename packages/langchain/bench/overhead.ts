/**
 * Overhead of the LangChain adapter per model call (not a test): a 1,000-message tool-using
 * session in LangChain's message format, then 60 steady calls (one new message each) through
 * the middleware's own `wrapModelCall` hook — conversion in + ingest of what is new + assemble
 * + conversion out — beside the core engine alone (ingest one message + assemble) on the same
 * messages. Also the cold case: the whole history arriving as fresh objects (a checkpointer
 * reload in a new process). Wall-clock and process CPU time are both printed (CPU time is less
 * disturbed by other work on a busy machine).
 *
 *   npm run bench -w @cairn/langchain
 */
import { createBpeTokenCounter, createContextEngine, type CairnMessage, type ContextEngine } from '@cairn/core';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { cairnMiddleware } from '../src/index.js';
import { toCairnMessage } from '../src/to-cairn-message.js';

const SIZE = 1_000;
const CALLS = 60;
const WARMUP = 5;
const BUDGET = 8_000;

/** This process's CPU time in milliseconds (user + system). */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/** Message `index` of a tool-using session: user asks, assistant calls a tool, the tool answers, assistant answers. */
function sessionMessage(index: number): BaseMessage {
  const turn = Math.floor(index / 4);
  const id = `m${index}`;
  switch (index % 4) {
    case 0:
      return new HumanMessage({ id, content: `Step ${turn}: check why test_${turn % 37} fails in module ${turn % 11}.` });
    case 1:
      return new AIMessage({ id, content: '', tool_calls: [{ id: `call-${turn}`, name: turn % 3 === 0 ? 'run_command' : 'read_file', args: turn % 3 === 0 ? { command: `pytest tests/test_${turn % 37}.py` } : { path: `src/module_${turn % 11}.py` }, type: 'tool_call' }] });
    case 2: {
      const failed = turn % 5 === 0;
      const body = Array.from({ length: 12 }, (_, line) => `${line + 1}: def handler_${turn}_${line}(request): return process(request, retries=${line})`).join('\n');
      return new ToolMessage({ id, tool_call_id: `call-${turn}`, content: failed ? `Traceback (most recent call last):\n  File "src/module_${turn % 11}.py", line 12\nKeyError: 'user_${turn % 7}'` : body, ...(failed ? { status: 'error' as const } : {}) });
    }
    default:
      return new AIMessage({ id, content: `Step ${turn}: ${turn % 5 === 0 ? 'the lookup fails on a missing key' : 'the module looks fine'}; moving on.` });
  }
}

const all = Array.from({ length: SIZE + CALLS + WARMUP }, (_, index) => sessionMessage(index));
const system = new SystemMessage('You are a careful coding agent. Fix failing tests without breaking others.');

async function adapterTimes(): Promise<{ steady: number[]; steadyCpu: number[]; assemble: number[]; assembleCpu: number[]; cold: number }> {
  // The engine's assemble is timed on its own, so the adapter's share is measured in the same calls.
  const engine = createContextEngine({ tokenCounter: createBpeTokenCounter(), budget: BUDGET });
  const assembleTimes: number[] = [];
  const assembleCpuTimes: number[] = [];
  const timed = new Proxy(engine, {
    get(target, key) {
      if (key === 'assemble') {
        return (options: Parameters<ContextEngine['assemble']>[0]) => {
          const started = performance.now();
          const startedCpu = cpuMs();
          const result = target.assemble(options);
          assembleCpuTimes.push(cpuMs() - startedCpu);
          assembleTimes.push(performance.now() - started);
          return result;
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const middleware = cairnMiddleware({ budget: BUDGET, guard: 'off', engine: timed });
  const wrap = middleware.wrapModelCall!;
  let seen: BaseMessage[] = [];
  const handler = async (request: { messages: BaseMessage[] }) => {
    seen = request.messages;
    return new AIMessage('ok');
  };
  const call = (messages: BaseMessage[]) => wrap({ messages, systemMessage: system, systemPrompt: system.text, runtime: {}, state: { messages }, tools: [], model: undefined } as never, handler as never);
  let started = performance.now();
  await call(all.slice(0, SIZE));
  const cold = performance.now() - started;
  const steady: number[] = [];
  const steadyCpu: number[] = [];
  const assemble: number[] = [];
  const assembleCpu: number[] = [];
  for (let step = 1; step <= CALLS + WARMUP; step++) {
    const messages = all.slice(0, SIZE + step);
    started = performance.now();
    const startedCpu = cpuMs();
    await call(messages);
    if (step > WARMUP) {
      steadyCpu.push(cpuMs() - startedCpu);
      steady.push(performance.now() - started);
      assemble.push(assembleTimes.at(-1)!);
      assembleCpu.push(assembleCpuTimes.at(-1)!);
    }
  }
  if (seen.length === 0) throw new Error('the middleware sent no messages');
  return { steady, steadyCpu, assemble, assembleCpu, cold };
}

function coreTimes(): { wall: number[]; cpu: number[] } {
  const cairn: CairnMessage[] = all.map((message, position) => toCairnMessage(message, { position }));
  const engine = createContextEngine({ tokenCounter: createBpeTokenCounter(), budget: BUDGET });
  engine.ingest(cairn.slice(0, SIZE));
  engine.assemble({ budget: BUDGET - 20 });
  const times: number[] = [];
  const cpu: number[] = [];
  for (let step = 1; step <= CALLS + WARMUP; step++) {
    const started = performance.now();
    const startedCpu = cpuMs();
    engine.ingest(cairn[SIZE + step - 1]!);
    engine.assemble({ budget: BUDGET - 20 });
    if (step > WARMUP) {
      cpu.push(cpuMs() - startedCpu);
      times.push(performance.now() - started);
    }
  }
  return { wall: times, cpu };
}

const core = coreTimes();
const adapter = await adapterTimes();
const own = adapter.steady.map((total, index) => total - adapter.assemble[index]!);
const ownCpu = adapter.steadyCpu.map((total, index) => total - adapter.assembleCpu[index]!);
const pair = (values: number[]) => `p50 ${percentile(values, 0.5).toFixed(2)} ms, p95 ${percentile(values, 0.95).toFixed(2)} ms`;
const format = (wall: number[], cpu: number[] = []) => (cpu.length > 0 ? `${pair(wall)}  (CPU ${pair(cpu)})` : pair(wall));
console.log(`@cairn/langchain overhead — node ${process.version}, ${SIZE} messages, budget ${BUDGET}, ${CALLS} steady calls (one new message each)`);
console.log(`core alone (ingest 1 + assemble):                          ${format(core.wall, core.cpu)}`);
console.log(`adapter per call (convert in + ingest + assemble + convert out): ${format(adapter.steady, adapter.steadyCpu)}`);
console.log(`  of which the engine's assemble:                          ${format(adapter.assemble, adapter.assembleCpu)}`);
console.log(`  of which the adapter's own work (all but assemble):      ${format(own, ownCpu)}`);
console.log(`cold call (1,000 fresh message objects, first sight):      ${adapter.cold.toFixed(1)} ms`);
