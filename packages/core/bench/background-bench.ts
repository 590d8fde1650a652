/**
 * What the Background_Context block (`pages.consolidation.background`, issue 14) costs in time and
 * prompt-cache reuse, beside the default engine, in one run: on the micro-benchmark's synthetic
 * session (benchSession, seed = size) at a 10% budget, the same turns for each configuration —
 * `turns` steady turns (one small message appended, same query) and `turns` turns with a new query
 * each, the configurations alternating turn by turn — with assemble p50 / p95 in CPU milliseconds
 * (process.cpuUsage: a shared machine slows both alike), prefix stability (the share of the
 * previous view's messages kept as an unchanged prefix, adjacent turns; messages compared by id
 * and content) and the tokens of each steady view after that prefix (what a prompt cache bills
 * at the full rate).
 *
 *   npx tsx packages/core/bench/background-bench.ts 1000,10000
 *   npx tsx packages/core/bench/background-bench.ts 1000,10000 /tmp/cairn-base
 *
 * With a second argument, a base checkout's engine (its `packages/core/src/index.ts`, loaded as
 * `ab-engines.ts` does: `git worktree add /tmp/cairn-base <commit>` and a symlink to this
 * checkout's node_modules) runs as a third configuration, `base`, with its own defaults, in the
 * same turns and the same alternation.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import * as head from '../src/index.js';
import { contentText, countMessageTokens, createBpeTokenCounter, type ContextEngineOptions, type ViewMessage } from '../src/index.js';
import { ms, percentile } from './bench-report.js';
import { benchSession } from './bench-session.js';

type Core = typeof head;
const sizes = (process.argv[2] ?? '1000,10000').split(',').map(Number);
const baseDir = process.argv[3];
const base = baseDir ? ((await import(pathToFileURL(resolve(baseDir, 'packages/core/src/index.ts')).href)) as Core) : undefined;
const TURNS = 30;
const CONFIGS: { name: string; core: Core; pages: ContextEngineOptions['pages'] }[] = [
  // The block (and plain facts) are on by default.
  { name: 'default', core: head, pages: undefined },
  { name: 'nobg', core: head, pages: { consolidation: { background: false } } },
  ...(base ? [{ name: 'base', core: base, pages: undefined }] : []),
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

/** Tokens of the new view after the prefix it shares with the previous one: what a prompt cache bills at the full rate. */
function uncachedTokens(previous: readonly ViewMessage[], next: readonly ViewMessage[]): number {
  const kept = keptMessages(previous, next);
  let tokens = 0;
  next.forEach((message, index) => {
    if (index >= kept) tokens += countMessageTokens(message, counter);
  });
  return tokens;
}

const counter = createBpeTokenCounter();
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
if (baseDir) console.log(`base = the engine of ${resolve(baseDir)} with its defaults`);
console.log(`Background_Context block cost — node ${process.version}, data: benchSession (synthetic agent session, seed = size), budget = 10% of history, ${TURNS} steady + ${TURNS} new-query turns per configuration, interleaved, times in CPU ms`);
console.log('size\tconfiguration\tsteady p50 ms\tsteady p95 ms\tnew-query p50 ms\tnew-query p95 ms\tprefix stability (steady, messages)\tprefix stability (new query, messages)\tprefix stability (steady, tokens)\tprefix stability (new query, tokens)\tuncached tokens/turn (steady)\tblock tokens/view');
/** CPU milliseconds of this process (user + system): a shared machine slows both configurations alike. */
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

interface Track {
  name: string;
  engine: ReturnType<Core['createContextEngine']>;
  previous: ViewMessage[];
  steady: number[];
  steadyPrefix: number[];
  steadyTokens: number[];
  steadyUncached: number[];
  shifting: number[];
  shiftingPrefix: number[];
  shiftingTokens: number[];
  blockTokens: number[];
}

for (const size of sizes) {
  const messages = benchSession(size + TURNS * 2 + 1, size);
  const base = messages.slice(0, size);
  let tokenSum = 0;
  for (const message of base) tokenSum += countMessageTokens(message, counter);
  const budget = Math.floor(tokenSum * 0.1);
  const query = contentText(base[1]!.content);
  const tracks: Track[] = CONFIGS.map((config) => {
    const engine = config.core.createContextEngine({ tokenCounter: config.core === head ? counter : config.core.createBpeTokenCounter(), onBudgetExceeded: 'compress-mandatory', ...(config.pages ? { pages: config.pages } : {}) });
    engine.ingest(base);
    const previous = engine.assemble({ budget, query }).messages;
    return { name: config.name, engine, previous, steady: [], steadyPrefix: [], steadyTokens: [], steadyUncached: [], shifting: [], shiftingPrefix: [], shiftingTokens: [], blockTokens: [] };
  });
  const record = (track: Track, view: readonly ViewMessage[]) => {
    // Every Background_Context block of the view (a turn that frees more history adds one after the others).
    let tokens = 0;
    for (const message of view) if (message.id === 'cairn:background' || message.id.startsWith('cairn:background:')) tokens += countMessageTokens(message, counter);
    track.blockTokens.push(tokens);
  };
  // Turn by turn, the configurations alternate which goes first.
  const inOrder = (turn: number) => (turn % 2 === 0 ? tracks : [...tracks].reverse());
  for (let turn = 0; turn < TURNS; turn++) {
    for (const track of inOrder(turn)) {
      track.engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
      const started = cpu();
      const view = track.engine.assemble({ budget, query }).messages;
      track.steady.push(cpu() - started);
      track.steadyPrefix.push(prefixShare(track.previous, view));
      track.steadyTokens.push(prefixTokenShare(track.previous, view));
      track.steadyUncached.push(uncachedTokens(track.previous, view));
      record(track, view);
      track.previous = view;
    }
  }
  for (let turn = 0; turn < TURNS; turn++) {
    const next = contentText(messages[size + turn]!.content) || `turn ${turn} ORD-${10000 + turn}`;
    for (const track of inOrder(turn)) {
      const started = cpu();
      const view = track.engine.assemble({ budget, query: next }).messages;
      track.shifting.push(cpu() - started);
      track.shiftingPrefix.push(prefixShare(track.previous, view));
      track.shiftingTokens.push(prefixTokenShare(track.previous, view));
      record(track, view);
      track.previous = view;
    }
  }
  for (const track of tracks) {
    console.log(
      [size, track.name, ms(percentile(track.steady, 0.5)), ms(percentile(track.steady, 0.95)), ms(percentile(track.shifting, 0.5)), ms(percentile(track.shifting, 0.95)), mean(track.steadyPrefix).toFixed(3), mean(track.shiftingPrefix).toFixed(3), mean(track.steadyTokens).toFixed(3), mean(track.shiftingTokens).toFixed(3), mean(track.steadyUncached).toFixed(0), mean(track.blockTokens).toFixed(0)].join('\t'),
    );
  }
}
