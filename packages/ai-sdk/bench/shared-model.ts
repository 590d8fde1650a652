/**
 * One wrapped model shared by many unrelated one-message requests that name no session
 * (`providerOptions.cairn.sessionId` absent), through `generateText`: what the middleware
 * retains and how per-request time evolves. Prints the heap growth after a forced GC every 1,500
 * requests and the mean time per request of the first and last 500 requests. The model is a stub
 * that records nothing (the `ai/test` mock keeps every call's prompt, which would be measured
 * instead), and tokens are counted as characters / 4 (the BPE tokenizer's own merge cache fills
 * and clears itself, which would hide what the middleware keeps).
 *
 *   node --expose-gc --import tsx --conditions=@cairn/source packages/ai-sdk/bench/shared-model.ts [requests]
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { generateText, wrapLanguageModel } from 'ai';
import { cairnMiddleware } from '../src/index.js';

const REQUESTS = Number(process.argv[2] ?? 6_000);
const WINDOW = 500;

const gc = (globalThis as { gc?: () => void }).gc;
function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
}

async function main(): Promise<void> {
  if (!gc) console.warn('run with node --expose-gc for a heap figure after GC');
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider: 'stub',
    modelId: 'stub',
    supportedUrls: {},
    doGenerate: async () => ({ content: [{ type: 'text', text: 'ok' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] }),
    doStream: async () => {
      throw new Error('not used');
    },
  };
  const tokenCounter = { id: 'chars/4', count: (text: string) => Math.ceil(text.length / 4) };
  const wrapped = wrapLanguageModel({ model, middleware: cairnMiddleware({ budget: 4_000, tokenCounter }) });
  // Warm up (token counter tables, JIT) before the first heap figure.
  for (let index = 0; index < 500; index++) await generateText({ model: wrapped, prompt: `warm-up request ${index}` });
  const before = heapMb();
  const times: number[] = [];
  const heaps: string[] = [];
  const growth = (value: number) => `${value - before >= 0 ? '+' : ''}${(value - before).toFixed(1)} MB`;
  for (let index = 0; index < REQUESTS; index++) {
    if (index > 0 && index % 1_500 === 0) heaps.push(`${growth(heapMb())} at ${index}`);
    const start = performance.now();
    await generateText({ model: wrapped, prompt: `Request ${index} from user-${index}: what is the status of order ORD-${100_000 + index}?` });
    times.push(performance.now() - start);
  }
  const after = heapMb();
  // Keep the wrapped model (and its middleware) alive through the last heap figure.
  if (wrapped.modelId !== 'stub') throw new Error('unexpected model');
  const mean = (samples: number[]) => samples.reduce((total, value) => total + value, 0) / samples.length;
  console.log(`${REQUESTS} unrelated requests on one wrapped model, no session id`);
  heaps.push(`${growth(after)} at ${REQUESTS}`);
  console.log(`heap after GC: ${before.toFixed(1)} MB, then ${heaps.join(', ')}`);
  console.log(`per request: first ${WINDOW} ${mean(times.slice(0, WINDOW)).toFixed(2)} ms, last ${WINDOW} ${mean(times.slice(-WINDOW)).toFixed(2)} ms`);
}

await main();
