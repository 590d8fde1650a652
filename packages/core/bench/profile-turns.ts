/**
 * Where a turn's time goes (not a test): a V8 CPU profile of one kind of turn on the bench's
 * synthetic session, summed per function — the share of samples spent in the function itself
 * (self) and under it (inclusive). Only the profiled turns are sampled (ingest and warm-up are
 * not), so the shares are of those turns alone.
 *
 *   npm run bench:profile -w @cairn/core -- 50000 new 30
 *   npm run bench:profile -w @cairn/core -- 50000 new-warm 30
 *   npm run bench:profile -w @cairn/core -- 50000 steady 30
 *   npm run bench:profile -w @cairn/core -- 50000 restored 3
 *   npm run bench:profile -w @cairn/core -- 50000 restored-first 3
 *   npm run bench:profile -w @cairn/core -- 50000 restored-first-warm 3
 *   npm run bench:profile -w @cairn/core -- 50000 ingest 1
 *   npm run bench:profile -w @cairn/core -- 50000 new 30 30 background
 *
 * Phases: `new` (a new query every turn, after 30 steady turns), `new-warm` (the same after an idle
 * warm-up, `engine.warm()` until nothing is left, before the profiler starts), `steady` (same query, one small
 * message appended each turn), `restored` (restoring an engine from a snapshot and its first view),
 * `restored-first` (only the first view of an engine restored from a snapshot, the restores
 * themselves made before the profiler starts; `restored-first-warm`: each also warmed up),
 * `ingest` (the whole session ingested by a new engine, `turns` times; the engine above is unused).
 * A fifth argument `background` turns the Background_Context block on (`pages.consolidation.background`).
 * Shares from a busy machine are rougher than a quiet one's but keep their order.
 */
import { Session, type Profiler } from 'node:inspector';
import { contentText, countMessageTokens, createBpeTokenCounter, createContextEngine, restoreContextEngine } from '../src/index.js';
import { benchSession } from './bench-session.js';

const [sizeArgument = '50000', phase = 'new', turnsArgument = '30', topArgument = '30', modeArgument = ''] = process.argv.slice(2);
if (!['new', 'new-warm', 'steady', 'restored', 'restored-first', 'restored-first-warm', 'ingest'].includes(phase)) {
  console.error('usage: npm run bench:profile -w @cairn/core -- <size> <new|new-warm|steady|restored|restored-first|restored-first-warm|ingest> [turns] [rows]');
  process.exit(2);
}
const size = Number(sizeArgument);
const turns = Number(turnsArgument);
const messages = benchSession(size + turns + 4, size);
const logged = messages.slice(0, size);
const counter = createBpeTokenCounter();
const options = {
  tokenCounter: counter,
  onBudgetExceeded: 'compress-mandatory' as const,
  ...(modeArgument === 'background' ? { pages: { consolidation: { background: true } } } : {}),
};
let tokens = 0;
for (const message of logged) tokens += countMessageTokens(message, counter);
const budget = Math.floor(tokens * 0.1);
const firstQuery = contentText(logged[1]!.content);
const queryOf = (turn: number) => contentText(messages[size + turn]!.content) || `turn ${turn} ORD-${10000 + turn}`;

const engine = createContextEngine(options);
if (phase !== 'ingest') {
  engine.ingest(logged);
  engine.assemble({ budget, query: firstQuery });
}
if (phase === 'new' || phase === 'new-warm') {
  for (let turn = 0; turn < 30; turn++) {
    engine.ingest({ id: `warm-${turn}`, role: 'assistant', content: `noted ${turn}` });
    engine.assemble({ budget, query: firstQuery });
  }
}

if (phase.startsWith('restored')) {
  // As the bench's restart (measure-size.ts, ab-restore.ts): the snapshot is taken after questions
  // (the first query may be empty: then the engine was never asked one).
  for (let turn = 0; turn < 3; turn++) engine.assemble({ budget, query: queryOf(turns + turn) });
}

const session = new Session();
session.connect();
const post = <T>(method: string, parameters: object = {}) =>
  new Promise<T>((resolve, reject) => session.post(method, parameters, (error, result) => (error ? reject(error) : resolve(result as T))));
const snapshots = phase === 'restored' ? Array.from({ length: turns }, () => engine.snapshot()) : [];
if (phase === 'new-warm') while (engine.warm({ maxUnits: 1024 }).remaining > 0);
const restoredEngines = phase.startsWith('restored-first') ? Array.from({ length: turns }, () => restoreContextEngine(engine.snapshot(), options)) : [];
if (phase === 'restored-first-warm') for (const restored of restoredEngines) while (restored.warm({ maxUnits: 1024 }).remaining > 0);
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 200 });
await post('Profiler.start');
const started = process.cpuUsage();
for (let turn = 0; turn < turns; turn++) {
  if (phase === 'ingest') createContextEngine(options).ingest(logged);
  else if (phase === 'new' || phase === 'new-warm') engine.assemble({ budget, query: queryOf(turn) });
  else if (phase === 'steady') {
    engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
    engine.assemble({ budget, query: firstQuery });
  } else if (phase.startsWith('restored-first')) restoredEngines[turn]!.assemble({ budget, query: queryOf(turn) });
  else restoreContextEngine(snapshots[turn]!, options).assemble({ budget, query: queryOf(turn) });
}
const used = process.cpuUsage(started);
const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop');

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const nameOf = (node: Profiler.ProfileNode) => {
  const { functionName, url } = node.callFrame;
  const file = url.includes('/src/') ? url.slice(url.lastIndexOf('/src/') + 5) : url.slice(url.lastIndexOf('/') + 1);
  return `${functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const samples = profile.samples ?? [];
for (const id of samples) {
  const leaf = nodes.get(id)!;
  self.set(nameOf(leaf), (self.get(nameOf(leaf)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = nameOf(nodes.get(at)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
  }
}
const rows = Number(topArgument);
const top = (counts: Map<string, number>) =>
  [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, count]) => `${((100 * count) / samples.length).toFixed(1).padStart(5)}%  ${name}`);
console.log(`CPU profile of ${turns} ${phase} turn(s) at ${size} messages (benchSession, budget 10%${modeArgument === 'background' ? ', background block on' : ''}): ${((used.user + used.system) / 1000 / turns).toFixed(1)} CPU ms per turn with the profiler on, ${samples.length} samples`);
console.log('\nself (time in the function itself):');
for (const line of top(self)) console.log(line);
console.log('\ninclusive (time in the function and what it calls):');
for (const line of top(inclusive)) console.log(line);
