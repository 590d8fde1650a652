/**
 * Micro-benchmark of @cairn/core (not a test): ingest throughput, assemble time per turn, the
 * first assemble after a restore and the engine's heap per message, at 1k to 200k logged
 * messages, beside the floors measured in the same run — the tokenizer counting the same texts,
 * and a plain scan of the cached token counts. Then the growth exponent of each cost and which
 * of issue 17's targets are met.
 *
 *   npm run bench -w @cairn/core                 (sizes: 1000,10000,50000,100000,200000)
 *   npm run bench -w @cairn/core -- 1000,10000   (some sizes)
 */
import { growthLines, ms, percentile, steadyAfterLine, targetLines } from './bench-report.js';
import { measureSize, type SizeResult } from './measure-size.js';

const sizes = (process.argv[2] ?? '1000,10000,50000,100000,200000').split(',').map(Number);
/** Turns per size: 30 up to 50k messages, fewer beyond (each turn there costs seconds). */
const turnsFor = (size: number) => (size <= 50_000 ? 30 : 10);
const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
console.log(`cairn core micro-benchmark — node ${process.version}, data: benchSession (synthetic agent session, seed = size), budget = 10% of history`);
console.log(`turns per size: ${sizes.map((size) => `${size}: ${turnsFor(size)}`).join(', ')} (fewer repetitions at large sizes: their percentiles are rougher)`);
if (!hasGc) console.log('heap columns: n/a — run node with --expose-gc (npm run bench does)');
console.log(
  'size\tturns\tingest msg/s\ttokenizer msg/s\tingest/tokenizer\tscan ms\tfirst assemble ms\tsteady p50 ms\tsteady p95 ms\tnew-query p50 ms\tnew-query p95 ms\trestore ms\trestored first assemble ms\theap B/msg ingest\theap B/msg turns\ttext chars/msg',
);
const results: SizeResult[] = [];
for (const size of sizes) {
  const result = measureSize(size, turnsFor(size));
  results.push(result);
  console.log(
    [
      size,
      result.turns,
      Math.round(size / (result.ingestMs / 1000)),
      Math.round(size / (result.tokenizerMs / 1000)),
      (result.ingestMs / result.tokenizerMs).toFixed(2),
      ms(result.scanMs),
      ms(result.firstMs),
      ms(percentile(result.steady, 0.5)),
      ms(percentile(result.steady, 0.95)),
      ms(percentile(result.shifting, 0.5)),
      ms(percentile(result.shifting, 0.95)),
      ms(result.restoreMs),
      ms(result.restoredFirstMs),
      Number.isFinite(result.heapIngestBytes) ? Math.round(result.heapIngestBytes) : 'n/a',
      Number.isFinite(result.heapTurnsBytes) ? Math.round(result.heapTurnsBytes) : 'n/a',
      Math.round(result.textChars),
    ].join('\t'),
  );
}
console.log('\nwith the host\'s idle warm-up (engine.warm() until nothing is left, between user turns and after a restore; other questions than the cold turns\'):');
console.log('size\tidle warm-up ms (after the cold turns)\tnew-query p50 ms\tnew-query p95 ms\theap B/msg warm\trestored idle warm-up ms\trestored first assemble ms');
for (const result of results) {
  console.log(
    [
      result.size,
      ms(result.warmUpMs),
      ms(percentile(result.warmShifting, 0.5)),
      ms(percentile(result.warmShifting, 0.95)),
      Number.isFinite(result.heapWarmBytes) ? Math.round(result.heapWarmBytes) : 'n/a',
      ms(result.restoredWarmUpMs),
      ms(result.restoredWarmFirstMs),
    ].join('\t'),
  );
}
console.log('\nsteady turns past the warm-up (turns after the first ones above: the JIT has compiled the steady path; the table\'s steady columns and the target read the first turns, warm-up included):');
console.log('size\tturns\tsteady p50 ms\tsteady p95 ms\tfull-rescore turns\tfull-rescore p50 ms\tother turns p50 ms\tother turns p95 ms');
for (const result of results) console.log(steadyAfterLine(result));
console.log('\ngrowth exponent (log-log slope of each cost over the log size; 1 = linear):');
for (const line of growthLines(results)) console.log(line);
console.log('\ntargets (issue 17), measured in this run:');
for (const line of targetLines(results)) console.log(line);
