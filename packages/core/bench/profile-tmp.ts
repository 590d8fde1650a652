import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { contentText, createBpeTokenCounter, createContextEngine, countMessageTokens } from '../src/index.js';
import { benchSession } from './bench-session.js';
const size = Number(process.argv[2] ?? 10000);
const phase = process.argv[3] ?? 'shift';
const messages = benchSession(size + 60, size);
const base = messages.slice(0, size);
const counter = createBpeTokenCounter();
let tokenSum = 0;
for (const m of base) tokenSum += countMessageTokens(m, counter);
const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
const session = new Session(); session.connect();
await session.post('Profiler.enable');
if (phase === 'ingest') await session.post('Profiler.start');
engine.ingest(base);
if (phase === 'ingest') { const { profile } = await session.post('Profiler.stop'); writeFileSync(`/tmp/speed/${phase}-${size}.cpuprofile`, JSON.stringify(profile)); process.exit(0); }
const budget = Math.floor(tokenSum * 0.1);
const query = contentText(base[1]!.content);
engine.assemble({ budget, query });
for (let t = 0; t < 5; t++) { engine.ingest({ id: `s${t}`, role: 'assistant', content: `noted ${t}` }); engine.assemble({ budget, query }); }
await session.post('Profiler.start');
const times: number[] = [];
for (let turn = 0; turn < 20; turn++) {
  const s = performance.now();
  if (phase === 'shift') engine.assemble({ budget, query: contentText(messages[size + turn]!.content) || `turn ${turn}` });
  else { engine.ingest({ id: `st${turn}`, role: 'assistant', content: `noted ${turn}` }); engine.assemble({ budget, query }); }
  times.push(performance.now() - s);
}
const { profile } = await session.post('Profiler.stop');
writeFileSync(`/tmp/speed/${phase}-${size}.cpuprofile`, JSON.stringify(profile));
console.log(times.map((t) => t.toFixed(1)).join(' '));
