/**
 * Failure analysis of reachable evidence recall (issue 14): for every LoCoMo evidence message that
 * is neither in the probe's view nor one consult away, says why, and prints the counts per class:
 *
 * - `a-run`: not named — its page lies under a placeholder run (`from..to`: two calls away) and
 *   no consolidated page the page index lists holds it (split by the level of the top page that
 *   holds it, and by whether that page's summary would keep it were it listed);
 * - `a-none`: not named and not under any placeholder either (left out of the view);
 * - `b-single`: a single placeholder names its page, but the page's summary / keywords lack it;
 * - `c-listed`: the page index lists the consolidated page that holds it, but that page's summary
 *   drops it;
 * - `d-lossy`: in the view compressed, without enough of it;
 * - `e-hidden` (with `--strict`): reachable, but consulting that page (on a fresh copy, the
 *   question as reason) and assembling again does not show it.
 *
 * For b / c it also prints which of the evidence's words the summary lacks (numbers, names, dates,
 * plain words). `--show=N` prints N examples per class.
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/page-reach-failures.ts ../shared/data --budget=0.1 --conversations=conv-26 --config=off
 */
import { createBpeTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage, type ContextEngine, type PageManifest, type ViewMessage } from '@cairn/core';
import { contentWords, evidenceRecall, textWords } from '../src/metrics/index.js';
import { loadDatasets } from '../src/runner/load-datasets.js';
import { backgroundIds, namedIds, PAGE_RECALL_CONFIGS, pageRecallPageOptions } from '../src/pages/index.js';

function flag(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}
const budgetShare = Number(flag('budget') ?? '0.1');
const conversations = (flag('conversations') ?? 'conv-26').split(',');
const configName = flag('config') ?? 'off';
const show = Number(flag('show') ?? '3');
/** `--strict`: also count evidence that is reachable but that consulting its page does not show (class e). */
const strict = process.argv.includes('--strict');
const config = PAGE_RECALL_CONFIGS.find((candidate) => candidate.name === configName);
if (!config) throw new Error(`unknown --config=${configName}: ${PAGE_RECALL_CONFIGS.map((candidate) => candidate.name).join(', ')}`);
const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '../shared/data';
const counter = createBpeTokenCounter();
const locomo = (await loadDatasets(dir)).find((dataset) => dataset.name === 'locomo');
if (!locomo) throw new Error(`no locomo/ data set in ${dir}`);

const MONTHS = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*$|^(?:mon|tues?|wed|thu|fri|sat|sun)[a-z]*day$|^(?:yesterday|today|tomorrow|week|month|year|weekend|last|next|ago)$/;
/** What kind of word the summary lacks: a number, a date word, a name (capitalised in the evidence) or a plain word. */
function wordKind(word: string, original: string): 'number' | 'date' | 'name' | 'word' {
  if (/\d/.test(word)) return 'number';
  if (MONTHS.test(word)) return 'date';
  if (new RegExp(`(?<![.!?]\\s)\\b${word[0]!.toUpperCase()}${word.slice(1)}\\b`).test(original)) return 'name';
  return 'word';
}

function keeps(page: PageManifest, message: CairnMessage, answer: string | undefined): boolean {
  const rendering = { id: `page:${page.id}`, role: 'user' as const, content: `${page.summary}\n${page.keywords.join(' ')}`, sourceIds: [message.id], fidelity: 'compressed' };
  return evidenceRecall({ view: [rendering], evidence: [message], ...(answer === undefined ? {} : { answer }) }) === 1;
}

function missing(page: PageManifest, message: CairnMessage, answer: string | undefined): string[] {
  const present = new Set(textWords(`${page.summary} ${page.keywords.join(' ')}`));
  const original = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
  const answerWords = answer === undefined ? [] : contentWords(answer);
  const originalWords = new Set(textWords(original));
  const wanted = answerWords.length > 0 && answerWords.every((word) => originalWords.has(word)) ? answerWords : contentWords(original);
  return wanted.filter((word) => !present.has(word));
}

/** The top-level consolidated page holding each message. */
function roots(engine: ContextEngine): Map<string, PageManifest> {
  const byMessage = new Map<string, PageManifest>();
  for (const page of engine.listPages('Consolidated')) if (page.parent === undefined) for (const id of page.messageIds) byMessage.set(id, page);
  return byMessage;
}

function indexText(view: readonly ViewMessage[]): string {
  for (const message of view) {
    if (typeof message.content !== 'string') continue;
    const at = message.content.indexOf('[cairn:page-index]');
    if (at >= 0) return message.content.slice(at);
  }
  return '';
}

function indexIds(view: readonly ViewMessage[]): Set<string> {
  for (const message of view) {
    if (typeof message.content !== 'string') continue;
    const at = message.content.indexOf('[cairn:page-index]');
    if (at >= 0) return new Set([...message.content.slice(at).matchAll(/^\s*- ([0-9a-f]{8,12}(?: [0-9a-f]{8,12})*)\b/gm)].flatMap((match) => match[1]!.split(' ')));
  }
  return new Set();
}

const counts = new Map<string, number>();
const kinds = new Map<string, number>();
const examples = new Map<string, string[]>();
let total = 0;
let unreachable = 0;
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
for (const session of locomo.sessions.filter((candidate) => conversations.includes(candidate.id))) {
  const pages = pageRecallPageOptions(config.options);
  const options = { tokenCounter: counter, ...(pages ? { pages } : {}) };
  const engine = createContextEngine({ sessionId: session.id, ...options });
  engine.ingest(session.messages);
  for (let round = 0; round < (config.options.idleRounds ?? 0); round++) if (engine.consolidate().merged.length === 0) break;
  const budget = Math.max(1, Math.round(budgetShare * engine.assemble({ budget: Number.MAX_SAFE_INTEGER }).metadata.historyTokens));
  const snapshot = engine.snapshot();
  const byId = new Map(session.messages.map((message) => [message.id, message]));
  for (const probe of session.probes) {
    const evidence = probe.evidence.flatMap((id) => byId.get(id) ?? []);
    if (evidence.length === 0) continue;
    const copy = restoreContextEngine(snapshot, options);
    const view = copy.assemble({ budget, query: probe.question }).messages;
    const rootByMessage = roots(copy);
    const singles = new Set(namedIds(view).singles.map((id) => copy.getPage(id)?.id));
    const listed = indexIds(view);
    // The Background_Context block names original pages (as singles) and consolidated pages (as the index).
    for (const id of backgroundIds(view, counter).ids) (copy.getPage(id)?.type === 'Original' ? singles : listed).add(id);
    for (const message of evidence) {
      total++;
      const answer = probe.answer;
      if (evidenceRecall({ view, evidence: [message], ...(answer === undefined ? {} : { answer }) }) === 1) continue;
      const page = copy.getPage(message.id)!;
      const root = rootByMessage.get(message.id);
      const rootListed = root !== undefined && listed.has(root.id);
      const named = singles.has(page.id) && keeps(page, message, answer);
      if (named || (root && rootListed && keeps(root, message, answer))) {
        // Reachable; with --strict, also ask whether consulting that page shows it.
        if (!strict) continue;
        const target = named ? page : root!;
        const fresh = restoreContextEngine(snapshot, options);
        fresh.consult({ ids: [target.id], reason: probe.question });
        const after = fresh.assemble({ budget, query: probe.question }).messages;
        const text = indexText(after);
        if (evidenceRecall({ view: after, evidence: [message], ...(answer === undefined ? {} : { answer }) }) === 1 || keeps({ ...target, summary: text, keywords: [] }, message, answer)) continue;
        unreachable++;
        const cls = `e-hidden (reachable, but consulting its ${named ? 'original' : `level-${target.level}`} page does not show it)`;
        bump(counts, cls);
        const list = examples.get(cls) ?? [];
        const lacked = missing({ ...target, summary: text, keywords: [] }, message, answer);
        for (const word of lacked) bump(kinds, wordKind(word, typeof message.content === 'string' ? message.content : ''));
        if (list.length < show) list.push(`${session.id} ${message.id} Q: ${probe.question} A: ${String(answer)}\n      evidence: ${String(message.content).slice(0, 200)}\n      shown lacks: ${lacked.join(' ')}\n      index shows ${counter.count(text)} tokens: ${text.slice(0, 600).replace(/\n/g, ' ⏎ ')}`);
        examples.set(cls, list);
        continue;
      }
      unreachable++;
      const shown = view.find((rendering) => rendering.sourceIds.includes(message.id));
      let cls: string;
      let lacked: string[] = [];
      if (shown && shown.fidelity !== 'placeholder') cls = 'd-lossy (compressed in view)';
      else if (rootListed) {
        cls = `c-listed (level-${root.level} page listed, its summary drops it)`;
        lacked = missing(root, message, answer);
      } else if (singles.has(page.id)) {
        cls = 'b-single (named, summary lacks it)';
        lacked = missing(page, message, answer);
      } else if (shown) {
        const wouldKeep = root ? (keeps(root, message, answer) ? 'its summary keeps it' : 'its summary drops it too') : 'no consolidated page holds it';
        cls = `a-run (in a run; top page ${root ? `level-${root.level}` : '-'} not listed; ${wouldKeep})`;
      } else cls = 'a-none (not in view at all)';
      bump(counts, cls);
      const text = typeof message.content === 'string' ? message.content : '';
      for (const word of lacked) bump(kinds, wordKind(word, text));
      const list = examples.get(cls) ?? [];
      if (list.length < show) list.push(`${session.id} ${message.id} Q: ${probe.question} A: ${String(answer)}\n      evidence: ${text.slice(0, 200)}${lacked.length ? `\n      summary lacks: ${lacked.join(' ')}` : ''}`);
      examples.set(cls, list);
    }
  }
}
console.log(`reachability failures at ${budgetShare * 100}% on ${conversations.join('+')}, config ${configName}: ${unreachable} of ${total} evidence messages not reachable`);
for (const [cls, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${String(count).padStart(4)}  ${cls}`);
if (kinds.size > 0) console.log(`words the summaries lack (b / c / e): ${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
for (const [cls, list] of examples) {
  console.log(`\n${cls}:`);
  for (const line of list) console.log(`  - ${line}`);
}
