// Issue 17, third recall pass: why LoCoMo evidence is still missed, one class per missed evidence
// message (the first that applies, in the order below), counted at each budget. Run it on the
// tuning set only (the shared conversations).
//
//   npx tsx --conditions=@cairn/source packages/embeddings-static/bench/locomo-miss-classes.ts \
//     ../shared/data 0.05,0.1 [--verbose] [--options='{"dialogue":{"timeShare":1}}']
//
// (`--options`: engine options as JSON, to classify what a variant still misses.)
// Classes, in order:
//   temporal       the question asks when (or how long, what year / month / date)
//   answer-type    the question asks for a name, a place or a count ("who", "where", "what
//                  countries / states / names…", "how many") and the evidence holds a capitalised
//                  word that is not its first, not a speaker's name and not "I" (or a number)
//   reply          the evidence is the answer to a question the other speaker asked right before
//                  it, and that asking message shares a term with the question
//   coreference    the evidence shares no term with the question, but one of the two messages
//                  before it (same session) does: the entity is named there and only referred to
//                  in the evidence ("it", "they", "that")
//   shares-terms   the evidence shares a term with the question (lost to the budget)
//   inference      no term shared; the question asks for a judgement ("would", "might",
//                  "likely", LoCoMo category open-domain)
//   list           no term shared; the probe's evidence spans two or more sessions (multi-hop:
//                  "What activities does Melanie partake in?")
//   paraphrase     no term shared, one session's evidence: the same thing in other words
// Flags counted beside (not exclusive): the evidence is first-person, the named speaker's, shown
// next to a unit in full, its rank against the units shown.
import { type CairnMessage, type ContextEngineOptions, createBpeTokenCounter, createContextEngine, createLexicalVectoriser } from '@cairn/core';
import { readFileSync } from 'node:fs';
import { createCachingTokenCounter, evidenceRecall, loadDatasets, prepareSession, viewMessageToCairnMessage } from '@cairn/bench';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const [folder = '../shared/data', shareText = '0.05,0.1'] = args.filter((arg) => !arg.startsWith('--'));
const extra = JSON.parse(args.find((arg) => arg.startsWith('--options='))?.slice('--options='.length) ?? '{}') as ContextEngineOptions;
const datasets = (await loadDatasets(folder)).filter((dataset) => dataset.name === 'locomo');
const vectoriser = createLexicalVectoriser();
/** The stemmed terms of a text, as cairn's scoring sees them. */
const terms = (text: string) => new Set(Array.from(vectoriser.bag(text).ids, (id) => vectoriser.vocabulary.termOf(id)!));
const categories = new Map<string, string>();
for (const session of datasets[0]?.sessions ?? []) {
  try {
    for (const line of readFileSync(`${folder}/locomo/${session.id}.probes.jsonl`, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const raw = JSON.parse(line) as { question: string; category_name?: string };
      categories.set(raw.question, raw.category_name ?? '?');
    }
  } catch {}
}
const TEMPORAL = /^when\b|\bhow long\b|\bwhat (year|month|date|day)\b/i;
const ANSWER_TYPE = /^(who|where)\b|\bhow many\b|\bwhat (countries|country|states|state|cities|city|names?|people|places?|books?|bands?|artists?)\b|\bnames? of\b/i;
const INFERENCE = /\b(would|might|likely|could)\b/i;
const CAPITALISED = /(?<![.!?]\s|^)\b[A-Z][a-z]{2,}\b/g;
const ORDER = ['temporal', 'answer-type', 'reply', 'coreference', 'shares-terms', 'inference', 'list', 'paraphrase'];
const textOf = (message: CairnMessage) => (typeof message.content === 'string' ? message.content : '').replace(/\[image:[^\]]*\]/g, ' ');
const nameOf = (message: CairnMessage) => (message as CairnMessage & { name?: string }).name;
/** A LoCoMo message's session, from its id (`D3:14` → `D3`). */
const sessionOf = (id: string | undefined) => id?.split(':')[0];
const FIRST = /\b(i|i'm|i've|my|me|we|our|us)\b/gi;
const SECOND = /\b(you|you're|your|yours)\b/gi;

for (const share of shareText.split(',').map(Number)) {
  const classes = new Map<string, number>();
  const flags = new Map<string, number>();
  const losses = new Map<string, number>();
  const count = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);
  let probes = 0;
  let recallSum = 0;
  let missed = 0;
  let total = 0;
  for (const session of datasets[0]!.sessions) {
    const counter = createCachingTokenCounter(createBpeTokenCounter());
    const prepared = prepareSession(session, counter);
    const budget = Math.max(1, Math.round(share * prepared.cumulativeTokens.at(-1)!));
    const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...extra });
    engine.ingest(session.messages);
    const indexOf = new Map(session.messages.map((message, index) => [message.id, index]));
    const speakers = [...new Set(session.messages.map(nameOf).filter((name): name is string => Boolean(name)))];
    for (const probe of session.probes) {
      probes++;
      const { messages, metadata } = engine.assemble({ query: probe.question });
      const view = messages.map(viewMessageToCairnMessage);
      const answer = probe.answer === undefined ? {} : { answer: probe.answer };
      recallSum += evidenceRecall({ view, evidence: probe.evidence.map((id) => prepared.messageById.get(id)!), ...answer })!;
      const ranked = [...metadata.decisions].sort((left, right) => right.score - left.score);
      const rankOf = new Map(ranked.map((decision, rank) => [decision.unitId, rank]));
      const full = metadata.decisions.filter((decision) => decision.fidelity === 'full');
      const questionTerms = terms(probe.question);
      const evidenceSessions = new Set(probe.evidence.map(sessionOf));
      const named = speakers.filter((speaker) => [...terms(speaker)].every((term) => questionTerms.has(term)));
      for (const id of probe.evidence) {
        const message = prepared.messageById.get(id)!;
        total++;
        if (evidenceRecall({ view, evidence: [message], ...answer }) === 1) continue;
        missed++;
        const index = indexOf.get(id)!;
        const text = textOf(message);
        const shared = [...terms(text)].filter((term) => questionTerms.has(term) && !speakers.some((speaker) => terms(speaker).has(term)));
        const before = [index - 1, index - 2].map((at) => session.messages[at]).filter((other): other is NonNullable<typeof other> => other !== undefined && sessionOf(other.id) === sessionOf(id));
        const sharesWith = (other: CairnMessage) => [...terms(textOf(other))].some((term) => questionTerms.has(term) && !speakers.some((speaker) => terms(speaker).has(term)));
        const asking = before[0] !== undefined && nameOf(before[0]) !== nameOf(message) && /\?[\s"')\]]*$/.test(textOf(before[0]).trim()) ? before[0] : undefined;
        const proper = (text.match(CAPITALISED) ?? []).filter((word) => !speakers.includes(word));
        let cls: string;
        if (TEMPORAL.test(probe.question)) cls = 'temporal';
        else if (ANSWER_TYPE.test(probe.question) && (proper.length > 0 || /\b\d+\b/.test(text))) cls = 'answer-type';
        else if (asking && sharesWith(asking)) cls = 'reply';
        else if (shared.length === 0 && before.some(sharesWith)) cls = 'coreference';
        else if (shared.length > 0) cls = 'shares-terms';
        else if (INFERENCE.test(probe.question) || categories.get(probe.question) === 'open-domain') cls = 'inference';
        else if (evidenceSessions.size > 1) cls = 'list';
        else cls = 'paraphrase';
        count(classes, cls);
        // The points of recall this miss costs: the probe's recall is the share of its evidence held.
        losses.set(cls, (losses.get(cls) ?? 0) + 1 / probe.evidence.length);
        const decision = metadata.decisions.find((candidate) => candidate.messageIds.includes(id))!;
        const rank = rankOf.get(decision.unitId)!;
        count(flags, (text.match(FIRST) ?? []).length > (text.match(SECOND) ?? []).length ? 'first-person' : 'not-first-person');
        count(flags, named.length === 0 || named.length === speakers.length ? 'speaker:none-or-all-named' : named.includes(nameOf(message) ?? '') ? 'speaker:named' : 'speaker:other');
        count(flags, full.some((other) => Math.abs(indexOf.get(other.unitId)! - index) <= 1) ? 'next-to-full' : 'not-next-to-full');
        count(flags, rank < full.length * 2 ? 'rank<2×shown' : rank < full.length * 5 ? 'rank<5×shown' : 'rank≥5×shown');
        count(flags, `category:${categories.get(probe.question) ?? '?'}`);
        if (verbose) {
          console.log(`\n[${session.id}] ${cls} Q: ${probe.question}  (A: ${probe.answer})`);
          console.log(`  ${id} (${nameOf(message)}) rank ${rank}/${ranked.length}, shown ${full.length}: ${text.slice(0, 160)}`);
          if (before[0]) console.log(`  before (${nameOf(before[0])}): ${textOf(before[0]).slice(0, 120)}`);
        }
      }
    }
  }
  console.log(`\n${folder} at ${share}: ${probes} probes, evidence recall ${(recallSum / probes).toFixed(3)}; ${missed}/${total} evidence messages missed`);
  console.log(`  ${'class'.padEnd(16)} missed  recall lost (points)`);
  for (const name of ORDER) console.log(`  ${name.padEnd(16)} ${String(classes.get(name) ?? 0).padStart(6)}  ${((100 * (losses.get(name) ?? 0)) / probes).toFixed(1).padStart(6)}`);
  console.log(`  flags: ${[...flags].sort().map(([name, value]) => `${name} ${value}`).join(', ')}`);
}
