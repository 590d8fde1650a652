/**
 * Micro-benchmark of @cairn/core (not a test): ingest throughput and assemble time per turn at
 * 1k, 10k and 50k logged messages, beside the floors measured in the same run — the tokenizer
 * counting the same texts, and a plain scan of the cached token counts.
 *
 *   npm run bench -w @cairn/core            (sizes: 1000,10000,50000)
 *   npm run bench -w @cairn/core -- 1000    (one size)
 */
import { contentText, createBpeTokenCounter, createContextEngine, countMessageTokens } from '../src/index.js';
import { benchSession } from './bench-session.js';

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

function ms(value: number): string {
  return value < 1 ? value.toFixed(3) : value.toFixed(1);
}

const sizes = (process.argv[2] ?? '1000,10000,50000').split(',').map(Number);
const TURNS = 30;
console.log(`cairn core micro-benchmark — node ${process.version}, ${TURNS} turns per size, budget = 10% of history`);
console.log('size\tingest msg/s\ttokenizer msg/s\tingest/tokenizer\tscan ms\tfirst assemble ms\tsteady p50 ms\tsteady p95 ms\tshift p50 ms\tshift p95 ms');
for (const size of sizes) {
  const messages = benchSession(size + TURNS * 2, size);
  const base = messages.slice(0, size);
  const counter = createBpeTokenCounter();
  // Floor 1: the tokenizer alone, on the same messages (same framing as the engine counts).
  let started = performance.now();
  let tokenSum = 0;
  for (const message of base) tokenSum += countMessageTokens(message, counter);
  const tokenizerMs = performance.now() - started;

  const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
  started = performance.now();
  engine.ingest(base);
  const ingestMs = performance.now() - started;

  // Floor 2: a plain scan of cached token counts over the log.
  const cached = base.map((message) => countMessageTokens(message, counter));
  started = performance.now();
  let scanned = 0;
  for (let repeat = 0; repeat < 100; repeat++) for (const tokens of cached) scanned += tokens;
  const scanMs = (performance.now() - started) / 100;

  const budget = Math.floor(tokenSum * 0.1);
  started = performance.now();
  engine.assemble({ budget, query: contentText(base[1]!.content) });
  const firstMs = performance.now() - started;

  // Steady turns: same query, one small message appended (direction moves less than the delta).
  const steady: number[] = [];
  const query = contentText(base[1]!.content);
  for (let turn = 0; turn < TURNS; turn++) {
    engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
    started = performance.now();
    engine.assemble({ budget, query });
    steady.push(performance.now() - started);
  }
  // Shifting turns: a new query every turn (full rescore and replan).
  const shifting: number[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const message = messages[size + turn]!;
    started = performance.now();
    engine.assemble({ budget, query: contentText(message.content) || `turn ${turn} ORD-${10000 + turn}` });
    shifting.push(performance.now() - started);
  }
  void scanned;
  console.log(
    [
      size,
      Math.round(size / (ingestMs / 1000)),
      Math.round(size / (tokenizerMs / 1000)),
      (ingestMs / tokenizerMs).toFixed(2),
      ms(scanMs),
      ms(firstMs),
      ms(percentile(steady, 0.5)),
      ms(percentile(steady, 0.95)),
      ms(percentile(shifting, 0.5)),
      ms(percentile(shifting, 0.95)),
    ].join('\t'),
  );
}
