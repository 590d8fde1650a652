/**
 * Interleaved A/B of a restart (not a test): a base checkout's engine and this one's are each fed
 * the same synthetic session and a few turns (as `npm run bench -w @cairn/core` does), snapshotted
 * (JSON round-tripped), then restored `reps` times in alternating order; each restore, its first
 * view (a new question) and the view after it are timed in CPU milliseconds (`process.cpuUsage`),
 * so a shared, noisy machine slows both alike. Also checks that both builds' first views are the
 * same (a speed change must not change what the model sees).
 *
 *   git worktree add /tmp/cairn-base <commit>
 *   npx tsx packages/core/bench/ab-restore.ts /tmp/cairn-base [size = 50000] [reps = 3]
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import * as head from '../src/index.js';
import { benchSession } from './bench-session.js';

type Core = typeof head;
type Name = 'base' | 'head';

const [baseDir, sizeArgument = '50000', repsArgument = '3'] = process.argv.slice(2);
if (!baseDir) {
  console.error('usage: tsx packages/core/bench/ab-restore.ts <base checkout> [size] [reps]');
  process.exit(2);
}
const base = (await import(pathToFileURL(resolve(baseDir, 'packages/core/src/index.ts')).href)) as Core;
const builds: Record<Name, Core> = { base, head };
const size = Number(sizeArgument);
const reps = Number(repsArgument);
const TURNS = 3;
const messages = benchSession(size + TURNS + 1, size);
const logged = messages.slice(0, size);
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
let tokens = 0;
for (const message of logged) tokens += head.countMessageTokens(message, head.createBpeTokenCounter());
const budget = Math.floor(tokens * 0.1);
const options = (core: Core) => ({ tokenCounter: core.createBpeTokenCounter(), onBudgetExceeded: 'compress-mandatory' as const });
const newQuery = (turn: number) => head.contentText(messages[size + turn]!.content) || `turn ${turn} ORD-${10000 + turn}`;

const snapshots = {} as Record<Name, unknown>;
for (const name of ['base', 'head'] as const) {
  const core = builds[name];
  const engine = core.createContextEngine(options(core));
  engine.ingest(logged);
  const query = head.contentText(logged[1]!.content);
  engine.assemble({ budget, query });
  for (let turn = 0; turn < TURNS; turn++) {
    engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
    engine.assemble({ budget, query });
  }
  for (let turn = 0; turn < TURNS; turn++) engine.assemble({ budget, query: newQuery(turn) });
  snapshots[name] = JSON.parse(JSON.stringify(engine.snapshot()));
}

const restore: Record<Name, number[]> = { base: [], head: [] };
const first: Record<Name, number[]> = { base: [], head: [] };
const second: Record<Name, number[]> = { base: [], head: [] };
const views: Record<Name, string[]> = { base: [], head: [] };
for (let rep = 0; rep < reps; rep++) {
  for (const name of (rep % 2 === 0 ? ['base', 'head'] : ['head', 'base']) as Name[]) {
    const core = builds[name];
    let started = cpu();
    const restored = core.restoreContextEngine(snapshots[name] as Parameters<Core['restoreContextEngine']>[0], options(core));
    restore[name].push(cpu() - started);
    started = cpu();
    views[name].push(JSON.stringify(restored.assemble({ budget, query: newQuery(TURNS) }).messages));
    first[name].push(cpu() - started);
    started = cpu();
    restored.assemble({ budget, query: 'refund invoice ORD-12345' });
    second[name].push(cpu() - started);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const all = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
console.log(`restart A/B in one process: base ${resolve(baseDir)} vs this checkout — benchSession(${size}), budget 10% of history, ${reps} restores each, alternating, CPU ms (median [each])`);
console.log('build\trestore\tfirst assemble after restore\tnext assemble (new question)');
for (const name of ['base', 'head'] as const) console.log(`${name}\t${median(restore[name]).toFixed(0)} [${all(restore[name])}]\t${median(first[name]).toFixed(0)} [${all(first[name])}]\t${median(second[name]).toFixed(0)} [${all(second[name])}]`);
console.log(`first views identical (base vs head): ${views.base.every((view, index) => view === views.head[index])}`);
