// What the LoCoMo haystack costs, and where: each target conversation alone and inside its
// haystack (createLocomoHaystackDataset) at the SAME token budget (a share of the target's own
// tokens), per strategy: evidence recall both ways, the share of the haystack view's tokens that
// distractor sessions take, and the evidence lost in the haystack (held alone, missed among the
// distractors) and gained, by LoCoMo category and by whether the question asks "when".
//
//   npx tsx --conditions=@cairn/source packages/bench/scripts/locomo-haystack-misses.ts \
//     ../shared/data[,/tmp/locomo-unseen] [--budget 0.1] [--strategies cairn,bm25] [--targets first|all]
//     [--engine '{"dialogue":{"timeShare":1}}']
//
// `--engine`: one more row, `cairn+options`, the cairn engine with these options (an experiment).
// Targets: the first folder's conversations (`--targets all`: every conversation, each reported
// apart too); distractors: every folder's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type CairnMessage, type ContextEngineOptions, createBpeTokenCounter, createContextEngine } from '@cairn/core';
import { createLocomoHaystackDataset } from '../src/haystack/index.js';
import { countViewTokens, evidenceRecall, renderedIds } from '../src/metrics/index.js';
import { createCachingTokenCounter, loadDatasets } from '../src/runner/index.js';
import type { BenchmarkSession } from '../src/runner/benchmark-types.js';
import { type ContextStrategy, STRATEGIES, type StrategyName, viewMessageToCairnMessage } from '../src/strategies/index.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { budget: { type: 'string', default: '0.1' }, strategies: { type: 'string', default: 'cairn,bm25' }, targets: { type: 'string', default: 'first' }, engine: { type: 'string' } } });
const folders = (positionals[0] ?? '../shared/data').split(',');
const share = Number(values.budget);
const conversations: BenchmarkSession[] = [];
const targets: string[] = [];
const category = new Map<string, string>();
for (const [index, folder] of folders.entries()) {
  const sessions = (await loadDatasets(folder)).find((dataset) => dataset.name === 'locomo')?.sessions ?? [];
  conversations.push(...sessions);
  if (index === 0) targets.push(...sessions.map((session) => session.id));
  for (const session of sessions) {
    for (const line of readFileSync(join(folder, 'locomo', `${session.id}.probes.jsonl`), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const raw = JSON.parse(line) as { question: string; category_name?: string };
      category.set(`${session.id}\u0000${raw.question}`, raw.category_name ?? '?');
    }
  }
}
const haystacks = createLocomoHaystackDataset(conversations, { targets: values.targets === 'all' ? conversations.map((conversation) => conversation.id) : targets }).sessions;
const counter = createCachingTokenCounter(createBpeTokenCounter());
const TEMPORAL = /^when\b|\bhow long\b|\bwhat (year|month|date|day)\b/i;

console.log(`targets ${haystacks.map((haystack) => haystack.id).join(', ')} among ${conversations.length} conversations; budget ${share * 100}% of each target's own tokens`);
/** The cairn engine with extra options, as the `cairn` strategy builds it otherwise. */
function withOptions(options: ContextEngineOptions): ContextStrategy {
  return {
    name: 'cairn+options',
    description: `cairn with ${JSON.stringify(options)}`,
    createSession({ budget, counter: tokenCounter }) {
      const engine = createContextEngine({ budget, tokenCounter, onBudgetExceeded: 'compress-mandatory', ...options });
      return {
        ingest: (messages) => void engine.ingest(messages),
        view: async ({ query }) => engine.assemble(query === undefined ? {} : { query }).messages.map(viewMessageToCairnMessage),
      };
    },
  };
}
const strategies = (values.strategies.split(',') as StrategyName[]).map((name) => STRATEGIES[name]);
if (values.engine !== undefined) strategies.push(withOptions(JSON.parse(values.engine) as ContextEngineOptions));
for (const strategy of strategies) {
  const name = strategy.name;
  let probes = 0;
  const recall = { alone: 0, haystack: 0 };
  let distractorShare = 0;
  const lost = new Map<string, number>();
  const gained = new Map<string, number>();
  const evidenceCount = new Map<string, number>();
  let lostDistractorShare = 0;
  let lostProbes = 0;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const perTarget: string[] = [];
  for (const haystack of haystacks) {
    const target = conversations.find((conversation) => haystack.id.startsWith(`${conversation.id}+`))!;
    const before = { ...recall, probes };
    const budget = Math.round(share * countViewTokens(target.messages, counter));
    const alone = strategy.createSession({ budget, counter });
    alone.ingest(target.messages);
    const mixed = strategy.createSession({ budget, counter });
    mixed.ingest(haystack.messages);
    const byId = new Map<string, CairnMessage>(target.messages.map((message) => [message.id, message]));
    for (const probe of target.probes) {
      const viewAlone = await alone.view({ query: probe.question, purpose: 'probe' });
      const viewMixed = await mixed.view({ query: probe.question, purpose: 'probe' });
      const evidence = probe.evidence.map((id) => byId.get(id)!);
      const held = (view: readonly CairnMessage[], message: CairnMessage) => evidenceRecall({ view, evidence: [message], ...(probe.answer === undefined ? {} : { answer: probe.answer }) }) === 1;
      probes += 1;
      recall.alone += evidenceRecall({ view: viewAlone, evidence, ...(probe.answer === undefined ? {} : { answer: probe.answer }) })!;
      recall.haystack += evidenceRecall({ view: viewMixed, evidence, ...(probe.answer === undefined ? {} : { answer: probe.answer }) })!;
      const total = countViewTokens(viewMixed, counter);
      const distractor = countViewTokens(viewMixed.filter((message) => renderedIds(message).some((id) => id.includes('/'))), counter);
      const shareOfView = total === 0 ? 0 : distractor / total;
      distractorShare += shareOfView;
      const kind = `${category.get(`${target.id}\u0000${probe.question}`) ?? '?'}${TEMPORAL.test(probe.question) ? ' (when)' : ''}`;
      let lostHere = false;
      for (const message of evidence) {
        bump(evidenceCount, kind);
        const a = held(viewAlone, message);
        const b = held(viewMixed, message);
        if (a && !b) {
          bump(lost, kind);
          lostHere = true;
        }
        if (!a && b) bump(gained, kind);
      }
      if (lostHere) {
        lostProbes += 1;
        lostDistractorShare += shareOfView;
      }
    }
    const asked = probes - before.probes;
    perTarget.push(`${target.id} ${((recall.alone - before.alone) / asked).toFixed(3)} → ${((recall.haystack - before.haystack) / asked).toFixed(3)}`);
  }
  const sum = (map: Map<string, number>) => [...map.values()].reduce((total, count) => total + count, 0);
  console.log(`\n${name}: ${probes} probes; recall alone ${(recall.alone / probes).toFixed(3)}, in the haystack ${(recall.haystack / probes).toFixed(3)}`);
  if (haystacks.length > 1) console.log(`  alone → in the haystack, per target: ${perTarget.join('; ')}`);
  console.log(`  distractor share of the haystack view's tokens: ${((100 * distractorShare) / probes).toFixed(1)}% (probes that lose evidence: ${lostProbes === 0 ? '—' : `${((100 * lostDistractorShare) / lostProbes).toFixed(1)}%`})`);
  console.log(`  evidence messages lost ${sum(lost)}, gained ${sum(gained)}, of ${sum(evidenceCount)}`);
  for (const kind of [...evidenceCount.keys()].sort()) console.log(`    ${kind.padEnd(24)} lost ${String(lost.get(kind) ?? 0).padStart(3)}  gained ${String(gained.get(kind) ?? 0).padStart(3)}  of ${evidenceCount.get(kind)}`);
}
