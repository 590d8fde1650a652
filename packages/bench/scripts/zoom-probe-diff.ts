/**
 * Per probe, the scripted zoom round of `off` (consolidation off) beside `bg+facts` (the
 * Background_Context block with plain facts) on one LoCoMo conversation at one budget share: the
 * probes whose evidence after the zoom round differs, with the tokens the view spends outside the
 * history after it. `ONLY=bg+facts` runs one configuration and lists its probes that lost
 * in-view evidence in the zoom round. Looks into page-recall.ts's "after zoom round" column.
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/zoom-probe-diff.ts 0.2 conv-26
 */
import { createBpeTokenCounter } from '@cairn/core';
import { loadDatasets } from '../src/runner/load-datasets.js';
import { measurePageRecall, PAGE_RECALL_CONFIGS, type ProbeTrace } from '../src/pages/index.js';
const share = Number(process.argv[2] ?? 0.2);
const conv = process.argv[3] ?? 'conv-26';
const counter = createBpeTokenCounter();
const datasets = await loadDatasets('../shared/data');
const session = datasets.find((d) => d.name === 'locomo')!.sessions.find((s) => s.id === conv)!;
const traces: Record<string, ProbeTrace[]> = {};
for (const name of (process.env.ONLY ?? 'off,bg+facts').split(',')) {
  const config = PAGE_RECALL_CONFIGS.find((c) => c.name === name)!;
  traces[name] = [];
  const row = measurePageRecall({ sessionId: session.id, messages: session.messages, probes: session.probes, budgetShare: share, counter, ...config.options, onProbe: (t) => traces[name]!.push(t) });
  console.log(name, row.inView.toFixed(3), row.afterZoom.toFixed(3), row.budget);
}
if (!traces['off']) { for (const t of traces['bg+facts']!) if (t.afterZoom < t.inView) console.log(JSON.stringify(t)); process.exit(0); }
const off = traces['off']!, bg = traces['bg+facts']!;
let worse = 0, better = 0;
off.forEach((o, i) => {
  const b = bg[i]!;
  if (b.afterZoom !== o.afterZoom) {
    if (b.afterZoom < o.afterZoom) worse++; else better++;
    console.log(b.afterZoom < o.afterZoom ? 'WORSE' : 'better', i, JSON.stringify(o.question), `ev ${o.evidence} inview off ${o.inView} bg ${b.inView} | zoom off ${o.afterZoom} bg ${b.afterZoom} | brief off ${o.briefTokens} bg ${b.briefTokens} | consulted off ${o.consulted.length} bg ${b.consulted.length} unpacked ${b.unpacked ?? '-'}`);
  }
});
console.log({ worse, better });
