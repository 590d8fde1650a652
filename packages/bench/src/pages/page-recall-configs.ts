import type { PageRecallOptions } from './measure-page-recall.js';

/** One configuration `scripts/page-recall.ts` measures: a name and the options it passes to `measurePageRecall`. */
export interface PageRecallConfig {
  name: string;
  options: Pick<PageRecallOptions, 'consolidation' | 'consolidationOptions' | 'idleRounds' | 'pageOptions'>;
}

/**
 * The Background_Context block and plain facts off by name: the index and bg configurations were
 * measured with both off (the defaults then), and keep meaning that now that both are on by default.
 */
const BEFORE_BLOCK = { background: false, plainFacts: false } as const;

/**
 * The configurations of the page recall bench: consolidation off (the baseline), the page index
 * in view, the index after idle merging, and the variants tried for recall: `plainFacts` (plain
 * sentences with 3+ content terms kept in the consolidated summary), alone and after idle merging,
 * and `indexLines: 'compact'` (id and 3 keywords per index line, so more pages fit), alone and with
 * `plainFacts`; `ids` (`indexLines: 'ids'`: bare ids, every top-level page when they fit) with
 * `plainFacts`, after 0 / 1 / 2 / all idle merging rounds, and at a 5% index share (`ids05`).
 */
export const PAGE_RECALL_CONFIGS: readonly PageRecallConfig[] = [
  { name: 'off', options: { consolidation: false } },
  { name: 'default', options: {} },
  // The Background_Context block and plain facts off by name (both on by default).
  { name: 'nobg', options: { consolidationOptions: { ...BEFORE_BLOCK } } },
  { name: 'index', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08 } } },
  { name: 'index+idle', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08 }, idleRounds: 10 } },
  { name: 'index+facts', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, plainFacts: true } } },
  { name: 'index+facts+idle', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, plainFacts: true }, idleRounds: 10 } },
  { name: 'index+compact', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, indexLines: 'compact' } } },
  { name: 'index+compact+facts', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, indexLines: 'compact', plainFacts: true } } },
  { name: 'ids', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, indexLines: 'ids' } } },
  { name: 'ids+facts', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, indexLines: 'ids', plainFacts: true } } },
  { name: 'ids+facts+idle1', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, indexLines: 'ids', plainFacts: true }, idleRounds: 1 } },
  { name: 'ids+facts+idle2', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, indexLines: 'ids', plainFacts: true }, idleRounds: 2 } },
  { name: 'ids05+facts+idle', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.05, indexLines: 'ids', plainFacts: true }, idleRounds: 10 } },
  { name: 'ids+facts+idle', options: { consolidationOptions: { ...BEFORE_BLOCK, indexShare: 0.08, indexLines: 'ids', plainFacts: true }, idleRounds: 10 } },
  { name: 'bg', options: { consolidationOptions: { ...BEFORE_BLOCK, background: true } } },
  { name: 'bg+facts', options: { consolidationOptions: { ...BEFORE_BLOCK, background: true, plainFacts: true } } },
  { name: 'bg+facts+idle', options: { consolidationOptions: { ...BEFORE_BLOCK, background: true, plainFacts: true }, idleRounds: 10 } },
];
