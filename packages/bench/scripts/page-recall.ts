/**
 * Pages and zoom on LoCoMo (issue 14): in-view evidence recall, reachable recall (one consult
 * away; stricter, shown once that consult is made; and via a run listing, two calls away) and a deterministic scripted zoom agent, at 5 / 10
 * / 20% of each conversation's history tokens. conv-26 is the development conversation (the one
 * looked at while building pages); conv-30 and conv-41 are held out and reported apart.
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/page-recall.ts ../shared/data
 *   … page-recall.ts ../shared/data --budgets=0.1 --configs=off,index,index+facts --conversations=conv-26
 */
import { createBpeTokenCounter } from '@cairn/core';
import { loadDatasets } from '../src/runner/load-datasets.js';
import { measurePageRecall, PAGE_RECALL_CONFIGS, type PageRecall } from '../src/pages/index.js';

const DEVELOPMENT = new Set(['conv-26']);
/** What runs when no `--configs` is given: the default options and the block turned off. */
const DEFAULT_CONFIGS = ['default', 'nobg'];
/**
 * `--budgets=0.1,0.2`, `--configs=off,index`, `--conversations=conv-26,conv-30`: a subset. Without
 * `--configs`, the shipped default and the same engine with the Background_Context block off.
 */
function flag(name: string): string[] | undefined {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  return value === undefined ? undefined : value.split(',').filter((item) => item.length > 0);
}
const BUDGETS = flag('budgets')?.map(Number) ?? [0.05, 0.1, 0.2];
const CONFIGS = PAGE_RECALL_CONFIGS.filter((config) => flag('configs')?.includes(config.name) ?? DEFAULT_CONFIGS.includes(config.name));
const CONVERSATIONS = flag('conversations');
const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '../shared/data';
const counter = createBpeTokenCounter();
const datasets = await loadDatasets(dir);
const locomo = datasets.find((dataset) => dataset.name === 'locomo');
if (!locomo) throw new Error(`no locomo/ data set in ${dir}`);

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
console.log(`pages and zoom on LoCoMo (${dir}/locomo): cairn default options, o200k BPE, one fresh engine per probe`);
console.log('consolidation: off = pages.consolidation false (the baseline: original pages, placeholders and run listings only); default = the engine defaults; nobg = background and plainFacts false, by name; index = consolidated pages with the page index in the view (indexShare 0.08); index+idle = the same after engine.consolidate() ran until nothing merged (a host idle hook); +facts = pages.consolidation.plainFacts (plain sentences with 3+ content terms kept in consolidated summaries); +compact = indexLines compact (id and 3 keywords a line); ids = indexLines ids (bare ids, every top-level page when they fit); +idle1 / +idle2 = one / two idle merging rounds; bg = pages.consolidation.background (placeholder runs folded into one Background_Context block naming their pages by id; its tokens count in "index tokens/view"; the zoom agent lists a consolidated page only the block names with id..id, in the tool result). "shown after that consult": the evidence is in view, or consulting the page that makes it reachable (fresh copy, the question as reason) and assembling again shows it');
console.log('split\tbudget\tconsolidation\tprobes\tin view\treachable (1 consult)\tshown after that consult\treachable (list + consult)\tafter zoom round\tzoom tokens/probe\tindex tokens/view\tconsolidated pages');
for (const budget of BUDGETS) {
  for (const config of CONFIGS) {
    const groups: Record<string, { rows: PageRecall[] }> = { development: { rows: [] }, 'held out': { rows: [] } };
    for (const session of locomo.sessions.filter((candidate) => CONVERSATIONS?.includes(candidate.id) ?? true)) {
      const row = measurePageRecall({ sessionId: session.id, messages: session.messages, probes: session.probes, budgetShare: budget, counter, ...config.options });
      groups[DEVELOPMENT.has(session.id) ? 'development' : 'held out']!.rows.push(row);
    }
    for (const [name, { rows }] of Object.entries(groups)) {
      const probes = rows.reduce((sum, row) => sum + row.probes, 0);
      const weighted = (key: keyof PageRecall) => rows.reduce((sum, row) => sum + row[key] * row.probes, 0) / Math.max(1, probes);
      console.log(
        [name, `${budget * 100}%`, config.name, probes, percent(weighted('inView')), percent(weighted('reachable')), percent(weighted('reachableShown')), percent(weighted('reachableViaListing')), percent(weighted('afterZoom')), weighted('zoomTokens').toFixed(0), weighted('indexTokens').toFixed(0), rows.map((row) => row.consolidatedPages).join('+')].join('\t'),
      );
    }
  }
}
