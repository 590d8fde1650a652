// What the sitting prior (`dialogue.sittingShare`) costs on a timed long history: one LoCoMo
// haystack per target (createLocomoHaystackDataset), an engine with the prior off and one with the
// defaults, each fed the whole haystack, then every probe asked of both, alternating question by
// question; assemble p50 / p95 in CPU milliseconds (process.cpuUsage: a shared machine slows both
// alike), at 10% of the target's own tokens.
//
//   npx tsx --conditions=@cairn/source packages/bench/scripts/locomo-haystack-sitting-cost.ts \
//     ../shared/data[,/tmp/locomo-unseen]
import { createBpeTokenCounter, createContextEngine, type ContextEngine } from '@cairn/core';
import { createLocomoHaystackDataset } from '../src/haystack/index.js';
import { createCachingTokenCounter, loadDatasets } from '../src/runner/index.js';
import type { BenchmarkSession } from '../src/runner/benchmark-types.js';

const folders = (process.argv[2] ?? '../shared/data').split(',');
const conversations: BenchmarkSession[] = [];
const targets: string[] = [];
for (const [index, folder] of folders.entries()) {
  const sessions = (await loadDatasets(folder)).find((dataset) => dataset.name === 'locomo')?.sessions ?? [];
  conversations.push(...sessions);
  if (index === 0) targets.push(...sessions.map((session) => session.id));
}
const tokenCounter = createCachingTokenCounter(createBpeTokenCounter());
const cpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1_000;
};
const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const times = { off: [] as number[], on: [] as number[] };
for (const haystack of createLocomoHaystackDataset(conversations, { targets }).sessions) {
  const target = conversations.find((conversation) => haystack.id.startsWith(`${conversation.id}+`))!;
  const budget = Math.round(0.1 * target.messages.reduce((sum, message) => sum + tokenCounter.count(typeof message.content === 'string' ? message.content : JSON.stringify(message.content)), 0));
  const engines: Record<'off' | 'on', ContextEngine> = {
    off: createContextEngine({ budget, tokenCounter, onBudgetExceeded: 'compress-mandatory', dialogue: { sittingShare: 0 } }),
    on: createContextEngine({ budget, tokenCounter, onBudgetExceeded: 'compress-mandatory' }),
  };
  for (const engine of Object.values(engines)) engine.ingest(haystack.messages);
  for (const [index, probe] of haystack.probes.entries()) {
    const order = index % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const name of order) {
      const start = cpu();
      engines[name].assemble({ query: probe.question });
      times[name].push(cpu() - start);
    }
  }
}
console.log(`${targets.length} haystacks among ${conversations.length} conversations; ${times.on.length} questions each; assemble CPU ms`);
for (const name of ['off', 'on'] as const) console.log(`sittingShare ${name === 'off' ? '0   ' : 'default'}  p50 ${quantile(times[name], 0.5).toFixed(1)}  p95 ${quantile(times[name], 0.95).toFixed(1)}`);
