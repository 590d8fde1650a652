/**
 * Interleaved A/B of two builds of @cairn/core in one process (not a test): a base checkout's
 * engine and this one's, fed the same synthetic session, turn by turn in alternating order, timed
 * in CPU milliseconds (`process.cpuUsage`), so that a shared, noisy machine slows both alike.
 * Also checks that both build the same views (a speed change must not change what the model sees).
 *
 *   git worktree add /tmp/cairn-base <commit>
 *   npm run bench:ab -w @cairn/core -- /tmp/cairn-base 10000 30
 *   npm run bench:ab -w @cairn/core -- /tmp/cairn-base 10000 30 warm
 *
 * With `warm`, this checkout's engine runs its idle warm-up (`engine.warm()` until nothing is
 * left) before each new-query turn and before the restored engine's first view, untimed (it is
 * idle time between user turns) and printed apart; the base engine never warms up.
 *
 * The base checkout needs no install of its own when it sits next to this one's node_modules
 * (a symlink `ln -s $PWD/node_modules /tmp/cairn-base/node_modules` from the repository root).
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import * as head from '../src/index.js';
import { percentile } from './bench-report.js';
import { benchSession } from './bench-session.js';

type Core = typeof head;
type Phase = 'steady' | 'newQuery' | 'restored';

const [baseDir, sizeArgument = '10000', turnsArgument = '30', modeArgument = ''] = process.argv.slice(2);
const warmHead = modeArgument === 'warm';
const idle: number[] = [];
/** This checkout's idle warm-up (CPU ms recorded apart); the base has none. */
function warmUp(name: Name, engine: ReturnType<Core['createContextEngine']>): void {
  if (name !== 'head' || !warmHead) return;
  const started = cpu();
  while ((engine as ReturnType<typeof head.createContextEngine>).warm({ maxUnits: 1024 }).remaining > 0);
  idle.push(cpu() - started);
}
if (!baseDir) {
  console.error('usage: npm run bench:ab -w @cairn/core -- <base checkout> [size] [turns]');
  process.exit(2);
}
const base = (await import(pathToFileURL(resolve(baseDir, 'packages/core/src/index.ts')).href)) as Core;
const size = Number(sizeArgument);
const turns = Number(turnsArgument);
const messages = benchSession(size + turns + 1, size);
const logged = messages.slice(0, size);
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const builds = { base, head } as const;
type Name = keyof typeof builds;
const options = (core: Core) => ({ tokenCounter: core.createBpeTokenCounter(), onBudgetExceeded: 'compress-mandatory' as const });
let tokens = 0;
for (const message of logged) tokens += head.countMessageTokens(message, head.createBpeTokenCounter());
const budget = Math.floor(tokens * 0.1);

const engines = {} as Record<Name, ReturnType<Core['createContextEngine']>>;
const ingest: Record<Name, number[]> = { base: [], head: [] };
const times: Record<Name, Record<Phase, number[]>> = { base: { steady: [], newQuery: [], restored: [] }, head: { steady: [], newQuery: [], restored: [] } };
let differing = 0;
let compared = 0;
const order = (turn: number): Name[] => (turn % 2 === 0 ? ['base', 'head'] : ['head', 'base']);

for (let round = 0; round < 2; round++) {
  for (const name of order(round)) {
    const engine = builds[name].createContextEngine(options(builds[name]));
    const started = cpu();
    engine.ingest(logged);
    ingest[name].push(cpu() - started);
    engines[name] = engine;
  }
}
/** One step on both engines, alternating which goes first; their views are compared. */
function both(phase: Phase, turn: number, step: (engine: ReturnType<Core['createContextEngine']>, core: Core, name: Name) => { messages: unknown }): void {
  const views = {} as Record<Name, string>;
  for (const name of order(turn)) {
    if (phase === 'newQuery') warmUp(name, engines[name]);
    const started = cpu();
    const result = step(engines[name], builds[name], name);
    times[name][phase].push(cpu() - started);
    views[name] = JSON.stringify(result.messages);
  }
  compared++;
  if (views.base !== views.head) differing++;
}
const firstQuery = head.contentText(logged[1]!.content);
both('steady', 0, (engine) => engine.assemble({ budget, query: firstQuery }));
times.base.steady.length = 0;
times.head.steady.length = 0;
for (let turn = 0; turn < turns; turn++) {
  both('steady', turn, (engine) => {
    engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
    return engine.assemble({ budget, query: firstQuery });
  });
}
for (let turn = 0; turn < turns; turn++) {
  const query = head.contentText(messages[size + turn]!.content) || `turn ${turn} ORD-${10000 + turn}`;
  both('newQuery', turn, (engine) => engine.assemble({ budget, query }));
}
for (let turn = 0; turn < 2; turn++) {
  const restored = {} as Record<Name, ReturnType<Core['createContextEngine']>>;
  for (const name of ['base', 'head'] as const) {
    restored[name] = builds[name].restoreContextEngine(engines[name].snapshot(), options(builds[name]));
    warmUp(name, restored[name]);
  }
  both('restored', turn, (_engine, _core, name) => restored[name].assemble({ budget, query: 'refund invoice ORD-12345' }));
}

const row = (values: number[]) => `${percentile(values, 0.5).toFixed(1)} / ${percentile(values, 0.95).toFixed(1)}`;
console.log(`A/B in one process: base ${resolve(baseDir)} vs this checkout — benchSession(${size}), budget 10% of history, ${turns} turns each, CPU ms, the two engines alternating turn by turn`);
if (warmHead) console.log(`head warms up before each new-query turn and each restored first view (idle time, untimed above): ${percentile(idle, 0.5).toFixed(1)} CPU ms p50, ${Math.max(...idle).toFixed(0)} max (the first, after the steady turns)`);
console.log('build\tingest p50\tsteady p50 / p95\tnew-query p50 / p95\trestored first assemble p50');
for (const name of ['base', 'head'] as const) {
  console.log([name, percentile(ingest[name], 0.5).toFixed(0), row(times[name].steady), row(times[name].newQuery), percentile(times[name].restored, 0.5).toFixed(0)].join('\t'));
}
console.log(`views compared: ${compared}, differing: ${differing}`);
