// Why LoCoMo evidence is missed: for each probe whose evidence the `cairn` view (or
// `cairn+embeddings` with a model path) does not hold at a budget, the evidence message, the
// question, the evidence unit's score, rank and fidelity, and the units that took the budget;
// then the misses counted by class. Run it on the tuning set only.
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-misses.ts \
//     ../shared/data 0.05,0.1 [MODEL_PATH] [--verbose] [--quiet]
//
// Classes (one evidence message can be in several): the question asks "when" (temporal) or not;
// the evidence's fidelity; how many terms it shares with the question (none: a vocabulary gap or
// an inference); whether it sits within two messages of a unit shown in full; its rank against
// the number of units shown in full; the probe's LoCoMo category; a date named in the question.
// Counts are per evidence message; the recall printed is the bench's (mean over probes).
import { type CairnMessage, createBpeTokenCounter, createContextEngine, createLexicalVectoriser } from '@cairn/core';
import { readFileSync } from 'node:fs';
import { createCachingTokenCounter, evidenceRecall, loadDatasets, prepareSession, viewMessageToCairnMessage } from '@cairn/bench';
import { createStaticEmbedder, loadStaticWordModel } from '../src/index.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const [folder = '../shared/data', shareText = '0.1', modelPath] = args.filter((arg) => !arg.startsWith('--'));
const embedder = modelPath ? createStaticEmbedder({ model: loadStaticWordModel({ modelPath }) }) : undefined;
const datasets = (await loadDatasets(folder)).filter((dataset) => dataset.name === 'locomo');
const classes = new Map<string, number>();
const count = (name: string) => classes.set(name, (classes.get(name) ?? 0) + 1);
let probes = 0;
let missedEvidence = 0;
let evidenceTotal = 0;
const vectoriser = createLexicalVectoriser();
/** The stemmed terms of a text, as cairn's scoring sees them. */
const terms = (text: string) => new Set(Array.from(vectoriser.bag(text).ids, (id) => vectoriser.vocabulary.termOf(id)!));
const categories = new Map<string, string>();
for (const file of ['conv-26', 'conv-30', 'conv-41']) {
  try {
    for (const line of readFileSync(`${folder}/locomo/${file}.probes.jsonl`, 'utf8').split('\n')) if (line.trim()) { const raw = JSON.parse(line) as { question: string; category_name?: string }; categories.set(raw.question, raw.category_name ?? '?'); }
  } catch {}
}
const DATE = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b|\b20\d\d\b/i;
const TEMPORAL = /^when\b|\bhow long\b|\bwhat (year|month|date|day)\b/i;

for (const share of shareText.split(',').map(Number)) {
classes.clear();
probes = 0;
missedEvidence = 0;
evidenceTotal = 0;
let recallSum = 0;
for (const session of datasets[0]!.sessions) {
  const counter = createCachingTokenCounter(createBpeTokenCounter());
  const prepared = prepareSession(session, counter);
  const budget = Math.max(1, Math.round(share * prepared.cumulativeTokens.at(-1)!));
  const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...(embedder ? { embedder } : {}) });
  engine.ingest(session.messages);
  const indexOf = new Map(session.messages.map((message, index) => [message.id, index]));
  for (const probe of session.probes) {
    probes++;
    if (embedder) await engine.prepare({ query: probe.question });
    const { messages, metadata } = engine.assemble({ query: probe.question });
    const view = messages.map(viewMessageToCairnMessage);
    const ranked = [...metadata.decisions].sort((left, right) => right.score - left.score);
    const rankOf = new Map(ranked.map((decision, rank) => [decision.unitId, rank]));
    const full = metadata.decisions.filter((decision) => decision.fidelity === 'full');
    const cutoff = Math.min(...full.map((decision) => decision.score));
    const questionTerms = terms(probe.question);
    recallSum += evidenceRecall({ view, evidence: probe.evidence.map((id) => prepared.messageById.get(id)!), ...(probe.answer === undefined ? {} : { answer: probe.answer }) })!;
    for (const id of probe.evidence) {
      const message = prepared.messageById.get(id)!;
      evidenceTotal++;
      const recall = evidenceRecall({ view, evidence: [message], ...(probe.answer === undefined ? {} : { answer: probe.answer }) });
      if (recall === 1) continue;
      missedEvidence++;
      const decision = metadata.decisions.find((candidate) => candidate.messageIds.includes(id))!;
      const index = indexOf.get(id)!;
      const shared = [...terms(message.content as string)].filter((term) => questionTerms.has(term));
      const nearFull = full.some((other) => Math.abs(indexOf.get(other.unitId)! - index) <= 2);
      const rank = rankOf.get(decision.unitId)!;
      const name = (message as CairnMessage & { name?: string }).name;
      const cls = [
        TEMPORAL.test(probe.question) ? 'temporal' : 'other-question',
        `fidelity:${decision.fidelity}`,
        shared.length === 0 ? 'no-shared-term' : shared.length === 1 ? 'one-shared-term' : 'several-shared-terms',
        nearFull ? 'neighbour-of-full' : 'isolated',
        rank < full.length * 2 ? 'rank<2×kept' : rank < full.length * 5 ? 'rank<5×kept' : 'rank≥5×kept',
      ];
      cls.push(`category:${categories.get(probe.question) ?? '?'}`, DATE.test(probe.question) ? 'date-in-question' : 'no-date');
      // Whose turn the evidence is: a speaker the question names, another speaker while the
      // question names one (its score was halved by the speaker focus), or no speaker named.
      const speakers = [...new Set(session.messages.map((other) => (other as CairnMessage & { name?: string }).name).filter((other): other is string => Boolean(other)))];
      const namedSpeakers = speakers.filter((speaker) => [...terms(speaker)].every((term) => questionTerms.has(term)));
      cls.push(namedSpeakers.length === 0 || namedSpeakers.length === speakers.length ? 'speaker:none-or-all-named' : name !== undefined && namedSpeakers.includes(name) ? 'speaker:named' : 'speaker:other-than-named');
      for (const part of cls) count(part);
      count(`${cls[0]}+${cls[2]}`);
      if (verbose) {
        console.log(`\n[${session.id}] Q: ${probe.question}  (A: ${probe.answer})`);
        console.log(`  evidence ${id} (${name}): ${(message.content as string).slice(0, 200)}`);
        console.log(`  score ${decision.score.toFixed(3)} rank ${rank}/${ranked.length} fidelity ${decision.fidelity}; full units ${full.length}, lowest full score ${cutoff.toFixed(3)}; shared terms [${shared.join(', ')}]`);
        console.log(`  top: ${ranked.slice(0, 3).map((top) => `${top.unitId}(${top.score.toFixed(2)},${top.fidelity}) ${(prepared.messageById.get(top.unitId)?.content as string | undefined)?.slice(0, 60)}`).join(' | ')}`);
      }
    }
  }
}
console.log(`\n${folder} at ${share}: ${probes} probes, evidence recall ${(recallSum / probes).toFixed(3)}; ${missedEvidence}/${evidenceTotal} evidence messages missed`);
if (!process.argv.includes('--quiet')) for (const [name, value] of [...classes].sort()) console.log(`${name.padEnd(40)} ${value}`);
}
