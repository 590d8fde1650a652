// The cost of the third pass's question signals (answer cues; spelling variants and co-occurring
// words) per new question: the shared LoCoMo conversations' messages repeated to SIZE messages,
// three engines (signals off, answer cues only, the defaults) asked the same 80 questions in
// rotating order; assemble p50 / p95 ms, then the views' shape (units in full, messages).
// Wall-clock on a shared machine: compare rows of one run only.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/question-signals-speed.ts [SIZE=50000]
import { createCharTokenCounter, createContextEngine, type CairnMessage } from '@cairn/core';
import { loadDatasets } from '@cairn/bench';
const datasets = (await loadDatasets('../shared/data')).filter((d) => d.name === 'locomo');
const base = datasets[0]!.sessions.flatMap((s) => s.messages);
const questions = datasets[0]!.sessions.flatMap((s) => s.probes.map((p) => p.question)).slice(0, 80);
const counter = createCharTokenCounter();
const size = Number(process.argv[2] ?? 50_000);
const messages: CairnMessage[] = [];
for (let i = 0; messages.length < size; i++) for (const m of base) { if (messages.length >= size) break; messages.push({ ...m, id: `m${messages.length}` } as CairnMessage); }
const variants = [['off', { timeShare: 1, nameShare: 1, variantShare: 0, expansionShare: 0 }], ['cues only', { variantShare: 0, expansionShare: 0 }], ['all (defaults)', {}]] as const;
const engines = variants.map(([name, dialogue]) => [name, createContextEngine({ budget: 20_000, tokenCounter: counter, dialogue })] as const);
for (const [, e] of engines) { e.ingest(messages); e.assemble({ query: 'When did the warm up happen in Paris?' }); }
const times = new Map<string, number[]>();
for (const [qi, q] of questions.entries()) {
  const order = [...engines]; for (let k = 0; k < qi % 3; k++) order.push(order.shift()!);
  for (const [name, e] of order) { const t = performance.now(); e.assemble({ query: q }); (times.get(name) ?? times.set(name, []).get(name)!).push(performance.now() - t); }
}
const q = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.floor(a.length * p)]!.toFixed(1);
for (const [name, t] of times) console.log(`${size} ${name}: p50 ${q(t, 0.5)} p95 ${q(t, 0.95)} ms`);
for (const [name, e] of engines) {
  let full = 0, regraded = 0, compacted = 0, msgs = 0;
  for (const qq of questions.slice(0, 30)) { const r = e.assemble({ query: qq }); full += r.metadata.counts.full; regraded += r.metadata.regraded ? 1 : 0; compacted += r.metadata.compacted; msgs += r.messages.length; }
  console.log(name, 'full', full / 30, 'regraded', regraded, 'compacted', compacted / 30, 'messages', msgs / 30);
}
