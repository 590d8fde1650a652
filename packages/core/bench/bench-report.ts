import type { SizeResult } from './measure-size.js';

/** The value at `share` of the sorted values (nearest rank). */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/** Milliseconds for the table: three decimals below 1 ms, one above; `n/a` when not measured. */
export function ms(value: number): string {
  return !Number.isFinite(value) ? 'n/a' : value < 1 ? value.toFixed(3) : value.toFixed(1);
}

/** The costs whose growth with the log's size is printed. */
const COSTS: readonly { name: string; of: (result: SizeResult) => number }[] = [
  { name: 'ingest (whole log)', of: (result) => result.ingestMs },
  { name: 'tokenizer floor', of: (result) => result.tokenizerMs },
  { name: 'scan floor', of: (result) => result.scanMs },
  { name: 'first assemble', of: (result) => result.firstMs },
  { name: 'steady p50', of: (result) => percentile(result.steady, 0.5) },
  { name: 'new-query p50', of: (result) => percentile(result.shifting, 0.5) },
  { name: 'restored first assemble', of: (result) => result.restoredFirstMs },
  { name: 'new-query p50 with idle warm-up', of: (result) => percentile(result.warmShifting, 0.5) },
  { name: 'heap after turns', of: (result) => result.heapTurnsBytes * result.size },
];

/**
 * The growth exponent of each cost: the slope of log(cost) over log(size) between consecutive
 * sizes (1 = linear in the log's size, 0 = constant), and over the whole range.
 */
export function growthLines(results: readonly SizeResult[]): string[] {
  if (results.length < 2) return ['growth exponents: need two sizes or more'];
  const pairs = results.slice(1).map((result, offset) => [results[offset]!, result] as const);
  const header = ['cost', ...pairs.map(([from, to]) => `${from.size}→${to.size}`), `${results[0]!.size}→${results[results.length - 1]!.size}`];
  const slope = (from: SizeResult, to: SizeResult, of: (result: SizeResult) => number) => {
    const a = of(from);
    const b = of(to);
    return a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b) ? (Math.log(b / a) / Math.log(to.size / from.size)).toFixed(2) : 'n/a';
  };
  const lines = [header.join('\t')];
  for (const cost of COSTS) lines.push([cost.name, ...pairs.map(([from, to]) => slope(from, to, cost.of)), slope(results[0]!, results[results.length - 1]!, cost.of)].join('\t'));
  return lines;
}

interface Target {
  label: string;
  size: number;
  value: (result: SizeResult) => number;
  limit: (result: SizeResult) => number;
  unit: string;
}

const TARGETS: readonly Target[] = [
  ...[
    [1_000, 2],
    [10_000, 8],
    [50_000, 40],
  ].flatMap(([size, limit]) => [
    { label: `new-query p50 @${size!}`, size: size!, value: (result: SizeResult) => percentile(result.shifting, 0.5), limit: () => limit!, unit: 'ms' },
    { label: `new-query p95 ≤ 2× p50 @${size!}`, size: size!, value: (result: SizeResult) => percentile(result.shifting, 0.95), limit: (result: SizeResult) => 2 * percentile(result.shifting, 0.5), unit: 'ms' },
  ]),
  { label: 'steady p95 @50000', size: 50_000, value: (result) => percentile(result.steady, 0.95), limit: () => 10, unit: 'ms' },
  // Informational: the same bound read on the steady turns past the JIT's warm-up (the target is the line above).
  { label: 'steady p95 @50000 past the warm-up (not the issue\'s reading)', size: 50_000, value: (result) => percentile(result.steadyAfter, 0.95), limit: () => 10, unit: 'ms' },
  { label: 'first assemble after a restore @50000', size: 50_000, value: (result) => result.restoredFirstMs, limit: () => 300, unit: 'ms' },
  { label: 'heap per message beyond its text @50000', size: 50_000, value: (result) => result.heapTurnsBytes, limit: () => 2048, unit: 'B' },
  ...[1_000, 10_000, 50_000].map((size) => ({ label: `ingest ≤ 2× tokenizer @${size}`, size, value: (result: SizeResult) => result.ingestMs / result.tokenizerMs, limit: () => 2, unit: '×' })),
  // The same targets with the host's idle warm-up (engine.warm()) between turns and after the restore.
  ...[
    [1_000, 2],
    [10_000, 8],
    [50_000, 40],
  ].flatMap(([size, limit]) => [
    { label: `new-query p50 @${size!} with idle warm-up`, size: size!, value: (result: SizeResult) => percentile(result.warmShifting, 0.5), limit: () => limit!, unit: 'ms' },
    { label: `new-query p95 ≤ 2× p50 @${size!} with idle warm-up`, size: size!, value: (result: SizeResult) => percentile(result.warmShifting, 0.95), limit: (result: SizeResult) => 2 * percentile(result.warmShifting, 0.5), unit: 'ms' },
  ]),
  { label: 'first assemble after a restore @50000 with idle warm-up', size: 50_000, value: (result) => result.restoredWarmFirstMs, limit: () => 300, unit: 'ms' },
  { label: 'heap per message beyond its text @50000 once warmed up', size: 50_000, value: (result) => result.heapWarmBytes, limit: () => 2048, unit: 'B' },
];

/** Each target of issue 17 with the value measured in this run: met, not met, or not measured. */
export function targetLines(results: readonly SizeResult[]): string[] {
  return TARGETS.map((target) => {
    const result = results.find((candidate) => candidate.size === target.size);
    if (!result) return `not measured  ${target.label} (size not in this run)`;
    const value = target.value(result);
    const limit = target.limit(result);
    if (!Number.isFinite(value)) return `not measured  ${target.label} (run node with --expose-gc)`;
    const shown = target.unit === '×' ? value.toFixed(2) : target.unit === 'B' ? Math.round(value).toString() : ms(value);
    const bound = target.unit === '×' ? limit.toFixed(2) : target.unit === 'B' ? Math.round(limit).toString() : ms(limit);
    return `${value <= limit ? 'met         ' : 'NOT met     '}  ${target.label}: ${shown} ${target.unit} (target ≤ ${bound} ${target.unit})`;
  });
}

/**
 * One row of the steady turns past the warm-up: p50 / p95 of all, how many rescored every unit
 * (the direction moved past `directionDelta`) and their p50, and p50 / p95 of the others.
 */
export function steadyAfterLine(result: SizeResult): string {
  const full = result.steadyAfter.filter((_, turn) => result.steadyAfterFullRescores[turn]);
  const other = result.steadyAfter.filter((_, turn) => !result.steadyAfterFullRescores[turn]);
  const of = (values: readonly number[], share: number) => (values.length > 0 ? ms(percentile(values, share)) : 'n/a');
  return [result.size, result.steadyAfter.length, of(result.steadyAfter, 0.5), of(result.steadyAfter, 0.95), full.length, of(full, 0.5), of(other, 0.5), of(other, 0.95)].join('\t');
}
