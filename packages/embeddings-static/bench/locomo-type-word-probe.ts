// Issue 17, fourth pass, a probe for later work (not an engine signal): for LoCoMo questions that
// name the kind of answer they want ("What activities has Melanie done?"), does a message hold a
// word near that noun in the static word space ("swimming", "camping" near "activities")? Each
// message's score is the best cosine of the noun with one of its words (words among the model's
// 100 most frequent, and the noun itself, left out); the probe counts how many evidence messages rank within the top
// 10% of the conversation's messages by it, against 10% by chance. Run it on the shared set only.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-type-word-probe.ts \
//     ../shared/data MODEL_PATH
import { createBpeTokenCounter, createContextEngine } from '@cairn/core';
import { createCachingTokenCounter, evidenceRecall, loadDatasets, prepareSession, viewMessageToCairnMessage } from '@cairn/bench';
import { loadStaticWordModel, tokenizeWords } from '../src/index.js';

const [folder = '../shared/data', modelPath] = process.argv.slice(2);
const model = loadStaticWordModel(modelPath ? { modelPath } : {});
const AUXILIARY = 'has|have|had|does|do|did|is|are|was|were|might|would|could|will|can|should';
const NOT_NOUN = `${AUXILIARY}|to|it|he|she|they|you|i|we`;
const ASKS_KIND = new RegExp(`^\\W*(?:what|which)\\s+(?:(?!(?:${NOT_NOUN})\\b)[A-Za-z][\\w+'’-]*\\s+){0,3}?(?!(?:${NOT_NOUN})\\b)([A-Za-z][\\w'’-]*)\\s+(?:${AUXILIARY})\\b`, 'i');

/** The unit vector of a word, or `undefined` when the model lacks it or it is among the 100 most frequent. */
function vectorOf(word: string): Float32Array | undefined {
  const rank = model.rank(word.toLowerCase());
  if (rank === undefined || rank < 100) return undefined;
  const row = model.vectors.subarray(rank * model.dimensions, (rank + 1) * model.dimensions);
  let norm = 0;
  for (const value of row) norm += value * value;
  return norm > 0 ? row.map((value) => value / Math.sqrt(norm)) : undefined;
}
const dot = (left: Float32Array, right: Float32Array) => left.reduce((sum, value, index) => sum + value * right[index]!, 0);

const datasets = (await loadDatasets(folder)).filter((dataset) => dataset.name === 'locomo');
let evidence = 0;
let top = 0;
let probes = 0;
let missed = 0;
let missedTop = 0;
for (const session of datasets[0]?.sessions ?? []) {
  // What cairn (defaults) misses at 10% of the conversation.
  const counter = createCachingTokenCounter(createBpeTokenCounter());
  const prepared = prepareSession(session, counter);
  const engine = createContextEngine({ budget: Math.round(0.1 * prepared.cumulativeTokens.at(-1)!), tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
  engine.ingest(session.messages);
  const words = session.messages.map((message) => [...new Set(tokenizeWords(typeof message.content === 'string' ? message.content.replace(/\[image:[^\]]*\]/g, ' ') : ''))].map(vectorOf).filter((vector): vector is Float32Array => vector !== undefined));
  for (const probe of session.probes) {
    const noun = ASKS_KIND.exec(probe.question)?.[1];
    const target = noun && !/kinds? of|types? of/i.test(probe.question) ? vectorOf(noun) : undefined;
    if (!target) continue;
    probes++;
    const view = engine.assemble({ query: probe.question }).messages.map(viewMessageToCairnMessage);
    // The noun itself and its forms ("activity" / "activities") are lexical matches: left out.
    const scores = words.map((vectors) => Math.max(-1, ...vectors.map((vector) => dot(vector, target)).filter((cosine) => cosine < 0.95)));
    const cut = [...scores].sort((left, right) => right - left)[Math.floor(scores.length / 10)]!;
    for (const id of probe.evidence) {
      const index = session.messages.findIndex((message) => message.id === id);
      if (index < 0) continue;
      evidence++;
      if (scores[index]! > cut) top++;
      const answer = probe.answer === undefined ? {} : { answer: probe.answer };
      if (evidenceRecall({ view, evidence: [prepared.messageById.get(id)!], ...answer }) === 1) continue;
      missed++;
      if (scores[index]! > cut) missedTop++;
    }
  }
}
console.log(`${folder}: ${probes} questions naming the kind of answer, ${evidence} evidence messages; ${top} (${((100 * top) / Math.max(1, evidence)).toFixed(1)}%) in the top 10% of their conversation by the noun's best word cosine (10% by chance); cairn misses ${missed} of them at 10%, ${missedTop} of those in that top 10%`);
