/**
 * Steady turns one by one (not a test): the bench's synthetic session, its first assemble, then
 * `turns` steady turns (one small message appended, the same request), each timed in CPU ms
 * (`process.cpuUsage`, ingest of the message included) with what it rescored (`new`: the units
 * appended; `all`: the direction drifted past `directionDelta`). Prints every turn, then p50 / p95
 * by kind over the turns after the first `skip` (the process's first turns include the JIT
 * compiling the steady path).
 *
 *   npx tsx bench/steady-turns.ts 50000 60 10
 */
import { contentText, countMessageTokens, createBpeTokenCounter, createContextEngine } from '../src/index.js';
import { percentile } from './bench-report.js';
import { benchSession } from './bench-session.js';

const [sizeArgument = '50000', turnsArgument = '60', skipArgument = '10'] = process.argv.slice(2);
const size = Number(sizeArgument);
const turns = Number(turnsArgument);
const skip = Number(skipArgument);
const messages = benchSession(size + 1, size);
const counter = createBpeTokenCounter();
let tokens = 0;
for (const message of messages) tokens += countMessageTokens(message, counter);
const budget = Math.floor(tokens * 0.1);
const query = contentText(messages[1]!.content);
const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
engine.ingest(messages);
engine.assemble({ budget, query });
const cpu = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const byKind: Record<string, number[]> = {};
const all: number[] = [];
const rows: string[] = [];
for (let turn = 0; turn < turns; turn++) {
  const started = cpu();
  engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
  const { metadata } = engine.assemble({ budget, query });
  const used = cpu() - started;
  rows.push(`${turn}:${used.toFixed(1)}${metadata.rescored === 'all' ? '*' : ''}`);
  if (turn < skip) continue;
  (byKind[metadata.rescored] ??= []).push(used);
  all.push(used);
}
const row = (values: readonly number[]) => `${percentile([...values], 0.5).toFixed(1)} / ${percentile([...values], 0.95).toFixed(1)} (${values.length} turns)`;
console.log(`steady turns at ${size} messages (benchSession, budget 10%), CPU ms each (* a full rescore): ${rows.join(' ')}`);
console.log(`after the first ${skip}: all ${row(all)}; ${Object.entries(byKind).map(([kind, values]) => `rescored ${kind} ${row(values)}`).join('; ')}`);
