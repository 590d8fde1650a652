/**
 * Interleaved A/B of new-question turns (not a test): a base checkout's engine and this one's,
 * fed the same synthetic session, 2×`turns` steady turns as in `npm run bench`, then `turns`
 * turns with a new question each, the two engines alternating which goes first, timed in CPU
 * milliseconds (`process.cpuUsage`) so that a busy machine slows both alike. Also checks that
 * both build the same views, and times ingest (alternating too) beside the tokenizer alone.
 *
 *   git worktree add /tmp/cairn-base <commit> && ln -s $PWD/node_modules /tmp/cairn-base/node_modules
 *   npx tsx --conditions=@cairn/source packages/core/bench/ab-new-question.ts /tmp/cairn-base 10000 30
 *   npx tsx --conditions=@cairn/source packages/core/bench/ab-new-question.ts /tmp/cairn-base 10000 30 background
 *
 * `background` turns the Background_Context block on (`pages.consolidation.background`) in both.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import * as head from '../src/index.js';
import { percentile } from './bench-report.js';
import { benchSession } from './bench-session.js';

type Core = typeof head;
type Engine = ReturnType<Core['createContextEngine']>;

const [baseDir, sizeArgument = '10000', turnsArgument = '30', modeArgument = ''] = process.argv.slice(2);
if (!baseDir) {
  console.error('usage: npx tsx --conditions=@cairn/source packages/core/bench/ab-new-question.ts <base checkout> [size] [turns] [background]');
  process.exit(2);
}
const background = modeArgument === 'background';
const base = (await import(pathToFileURL(resolve(baseDir, 'packages/core/src/index.ts')).href)) as Core;
const builds = { base, head } as const;
type Name = keyof typeof builds;
const size = Number(sizeArgument);
const turns = Number(turnsArgument);
const messages = benchSession(size + turns * 2 + 1, size);
const logged = messages.slice(0, size);
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const options = (core: Core) => ({
  tokenCounter: core.createBpeTokenCounter(),
  onBudgetExceeded: 'compress-mandatory' as const,
  ...(background ? { pages: { consolidation: { background: true } } } : {}),
});
const order = (turn: number): Name[] => (turn % 2 === 0 ? ['base', 'head'] : ['head', 'base']);

const tokenizer = head.createBpeTokenCounter();
let started = cpu();
let tokens = 0;
for (const message of logged) tokens += head.countMessageTokens(message, tokenizer);
const tokenizerMs = cpu() - started;
const budget = Math.floor(tokens * 0.1);

const engines = {} as Record<Name, Engine>;
const ingest: Record<Name, number[]> = { base: [], head: [] };
for (let round = 0; round < 2; round++) {
  for (const name of order(round)) {
    const engine = builds[name].createContextEngine(options(builds[name]));
    started = cpu();
    engine.ingest(logged);
    ingest[name].push(cpu() - started);
    engines[name] = engine;
  }
}
const firstQuery = head.contentText(logged[1]!.content);
for (const name of ['base', 'head'] as const) engines[name].assemble({ budget, query: firstQuery });
for (let turn = 0; turn < 2 * turns; turn++) {
  for (const name of order(turn)) {
    engines[name].ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
    engines[name].assemble({ budget, query: firstQuery });
  }
}
const times: Record<Name, number[]> = { base: [], head: [] };
let differing = 0;
for (let turn = 0; turn < turns; turn++) {
  const query = head.contentText(messages[size + turn]!.content) || `turn ${turn} ORD-${10000 + turn}`;
  const views = {} as Record<Name, string>;
  for (const name of order(turn)) {
    started = cpu();
    const result = engines[name].assemble({ budget, query });
    times[name].push(cpu() - started);
    views[name] = JSON.stringify(result.messages);
  }
  if (views.base !== views.head) differing++;
}
const row = (values: number[]) => `${percentile(values, 0.5).toFixed(1)} / ${percentile(values, 0.95).toFixed(1)}`;
console.log(`new-question A/B: base ${resolve(baseDir)} vs this checkout — benchSession(${size}), budget 10%, background block ${background ? 'on' : 'off'}, ${turns} new questions, CPU ms, alternating`);
console.log(`tokenizer alone: ${tokenizerMs.toFixed(0)} ms`);
console.log('build\tingest (min of 2)\tingest/tokenizer\tnew-question p50 / p95');
for (const name of ['base', 'head'] as const) {
  const ingestMs = Math.min(...ingest[name]);
  console.log([name, ingestMs.toFixed(0), (ingestMs / tokenizerMs).toFixed(2), row(times[name])].join('\t'));
}
console.log(`per turn base: ${times.base.map((t) => t.toFixed(0)).join(" ")}`);
console.log(`per turn head: ${times.head.map((t) => t.toFixed(0)).join(" ")}`);
console.log(`views compared: ${turns}, differing: ${differing}`);
