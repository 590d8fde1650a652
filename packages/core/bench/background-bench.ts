/**
 * What the Background_Context block (`pages.consolidation.background`, issue 14) costs in time and
 * prompt-cache reuse, beside the default engine, in one run: on the micro-benchmark's synthetic
 * session (benchSession, seed = size) at a 10% budget, the same turns for each configuration —
 * `turns` steady turns (one small message appended, same query) and `turns` turns with a new query
 * each — with assemble p50 / p95 and prefix stability (the share of the previous view's messages
 * kept as an unchanged prefix, adjacent turns; messages compared by id and content).
 *
 *   npx tsx packages/core/bench/background-bench.ts 1000,10000
 */
import { contentText, countMessageTokens, createBpeTokenCounter, createContextEngine, type ContextEngineOptions, type ViewMessage } from '../src/index.js';
import { ms, percentile } from './bench-report.js';
import { benchSession } from './bench-session.js';

const sizes = (process.argv[2] ?? '1000,10000').split(',').map(Number);
const TURNS = 30;
const CONFIGS: { name: string; pages: ContextEngineOptions['pages'] }[] = [
  { name: 'default', pages: undefined },
  { name: 'bg+facts', pages: { consolidation: { background: true, plainFacts: true } } },
];

function keptMessages(previous: readonly ViewMessage[], next: readonly ViewMessage[]): number {
  let kept = 0;
  while (kept < previous.length && kept < next.length && previous[kept]!.id === next[kept]!.id && contentText(previous[kept]!.content) === contentText(next[kept]!.content)) kept++;
  return kept;
}

/** Share of the previous view's messages kept as an unchanged prefix. */
function prefixShare(previous: readonly ViewMessage[], next: readonly ViewMessage[]): number {
  return previous.length === 0 ? 1 : keptMessages(previous, next) / previous.length;
}

/** The same by tokens: what a prompt cache reuses (a view of fewer, larger messages is not penalised for its count). */
function prefixTokenShare(previous: readonly ViewMessage[], next: readonly ViewMessage[]): number {
  const kept = keptMessages(previous, next);
  let total = 0;
  let same = 0;
  previous.forEach((message, index) => {
    const tokens = countMessageTokens(message, counter);
    total += tokens;
    if (index < kept) same += tokens;
  });
  return total === 0 ? 1 : same / total;
}

const counter = createBpeTokenCounter();
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
console.log(`Background_Context block cost — node ${process.version}, data: benchSession (synthetic agent session, seed = size), budget = 10% of history, ${TURNS} steady + ${TURNS} new-query turns per configuration`);
console.log('size\tconfiguration\tsteady p50 ms\tsteady p95 ms\tnew-query p50 ms\tnew-query p95 ms\tprefix stability (steady, messages)\tprefix stability (new query, messages)\tprefix stability (steady, tokens)\tprefix stability (new query, tokens)\tblock tokens/view');
for (const size of sizes) {
  const messages = benchSession(size + TURNS * 2 + 1, size);
  const base = messages.slice(0, size);
  let tokenSum = 0;
  for (const message of base) tokenSum += countMessageTokens(message, counter);
  const budget = Math.floor(tokenSum * 0.1);
  const query = contentText(base[1]!.content);
  for (const config of CONFIGS) {
    const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...(config.pages ? { pages: config.pages } : {}) });
    engine.ingest(base);
    let previous = engine.assemble({ budget, query }).messages;
    const steady: number[] = [];
    const steadyPrefix: number[] = [];
    const steadyTokens: number[] = [];
    const blockTokens: number[] = [];
    const record = (view: readonly ViewMessage[]) => {
      const block = view.find((message) => message.id === 'cairn:background');
      blockTokens.push(block ? countMessageTokens(block, counter) : 0);
    };
    for (let turn = 0; turn < TURNS; turn++) {
      engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
      const started = performance.now();
      const view = engine.assemble({ budget, query }).messages;
      steady.push(performance.now() - started);
      steadyPrefix.push(prefixShare(previous, view));
      steadyTokens.push(prefixTokenShare(previous, view));
      record(view);
      previous = view;
    }
    const shifting: number[] = [];
    const shiftingPrefix: number[] = [];
    const shiftingTokens: number[] = [];
    for (let turn = 0; turn < TURNS; turn++) {
      const next = contentText(messages[size + turn]!.content) || `turn ${turn} ORD-${10000 + turn}`;
      const started = performance.now();
      const view = engine.assemble({ budget, query: next }).messages;
      shifting.push(performance.now() - started);
      shiftingPrefix.push(prefixShare(previous, view));
      shiftingTokens.push(prefixTokenShare(previous, view));
      record(view);
      previous = view;
    }
    console.log(
      [size, config.name, ms(percentile(steady, 0.5)), ms(percentile(steady, 0.95)), ms(percentile(shifting, 0.5)), ms(percentile(shifting, 0.95)), mean(steadyPrefix).toFixed(3), mean(shiftingPrefix).toFixed(3), mean(steadyTokens).toFixed(3), mean(shiftingTokens).toFixed(3), mean(blockTokens).toFixed(0)].join('\t'),
    );
  }
}
