/**
 * Variants of the near-repeat loop detector (issue 16), each scored on every set in one run (the
 * exact detector runs first in every variant, as in the engine). Tuning sets: synthetic dev, first
 * labels (51), second labels on the 51 both read. Held out: synthetic held-out, second labels on the
 * 101 the first never read; "unread" counts how often a variant fires on the 216 units no labeller
 * read. "proto" variants compute their own term sets (unfolded text) and value tokens; "core"
 * variants use exactly what `hashAssistantTurn` keeps. The kept one ("core: reply 0.3, value-naming
 * replies 0.5") is core's `detectNearLoop` with `DEFAULT_NEAR_LOOP_SIMILARITY`: the loop report's
 * `cairn+near` rows. Results and the table: packages/bench/README.md, loop section.
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/explore-near-loops.ts [--data ../shared/data]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_LOOP_REPEATS, DEFAULT_LOOP_WINDOW, contentText, detectLoop, hashAssistantTurn, type AssistantTurnHashes, type CairnMessage } from '@cairn/core';

type ArgumentLeaf = AssistantTurnHashes['calls'][number]['argumentLeaves'][number];

/** Core's rule (near-repeat-features.ts, not public), restated here for the variants. */
function sameAttempt(a: readonly ArgumentLeaf[], b: readonly ArgumentLeaf[], similarity: number): boolean {
  if (a.length !== b.length) return false;
  let varied = 0;
  let sum = 0;
  for (let index = 0; index < a.length; index++) {
    const left = a[index]!;
    const right = b[index]!;
    if (left.path !== right.path) return false;
    if (left.hash === right.hash) continue;
    if (!left.terms || !right.terms) return false;
    varied++;
    sum += jaccard(left.terms, right.terms);
  }
  return varied === 0 || sum / varied >= similarity;
}
import { scoreDetections, syntheticLoopEpisode } from '../src/index.js';
import { loadLoopUnits } from './load-loop-units.js';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { data: { type: 'string', default: join(here, '../../../../shared/data') }, only: { type: 'string' }, debug: { type: 'string' } } });
type Labels = { units: { set: string; run: string; agent: string; loop: boolean }[] };
const read = (name: string) => new Map((JSON.parse(readFileSync(join(here, `../src/loops/${name}`), 'utf8')) as Labels).units.map((unit) => [`${unit.set}/${unit.run}/${unit.agent}`, unit.loop]));
const first = read('loop-labels.json');
const second = read('loop-labels-second.json');
const units = await loadLoopUnits(values.data!);
const synth = (from: number) => Array.from({ length: 300 }, (_, i) => syntheticLoopEpisode(from + i)).map((e) => ({ id: e.id, messages: e.messages, loop: e.loop }));
const sets = {
  synthTune: synth(1),
  synthHeld: synth(100_001),
  first51: units.filter((u) => first.has(u.id)).map((u) => ({ ...u, loop: first.get(u.id)! })),
  second51: units.filter((u) => first.has(u.id) && second.has(u.id)).map((u) => ({ ...u, loop: second.get(u.id)! })),
  second101: units.filter((u) => !first.has(u.id) && second.has(u.id)).map((u) => ({ ...u, loop: second.get(u.id)! })),
  second152: units.filter((u) => second.has(u.id)).map((u) => ({ ...u, loop: second.get(u.id)! })),
  /** Units neither labeller read (no labels: only how often a variant fires there). */
  unread: units.filter((u) => !first.has(u.id) && !second.has(u.id)).map((u) => ({ ...u, loop: false })),
};

export interface Variant {
  name: string;
  reply: number; // reply term jaccard
  arg: number; // long-leaf similarity
  result: number; // result term jaccard
  replyValues: boolean; // replies must carry the same value tokens (numbers, ids)
  leafwise: boolean; // short argument leaves must be equal
  longLeaf: number; // chars from which a leaf is free text
  successful: boolean; // successful calls with similar results count too
  replies: boolean;
  /** A free-text leaf must also contain whitespace (paths and ids never do). */
  leafSpace?: boolean;
  /** Replies compared by overlap coefficient (shared / smaller set) instead of Jaccard. */
  overlap?: boolean;
  /** Use the features core computes (hashAssistantTurn with terms: folded text, core's value tokens and argument leaves). */
  core?: boolean;
  /** Replies that carry value tokens need at least this similarity (a concrete offer restated is progress unless nearly verbatim). */
  valuedReply?: number;
}

interface Item { kind: 'content' | 'call'; id: string; text?: string; coreLeaves?: readonly ArgumentLeaf[]; tool?: string; terms: string[]; values?: string[]; leaves?: [string, string][]; resultTerms?: string[] }

function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const set = new Set(a);
  let shared = 0;
  for (const t of new Set(b)) if (set.has(t)) shared++;
  return shared / (set.size + new Set(b).size - shared);
}
function overlapOf(a: readonly string[], b: readonly string[]): number {
  const set = new Set(a);
  let shared = 0;
  for (const t of new Set(b)) if (set.has(t)) shared++;
  return shared / Math.max(1, Math.min(set.size, new Set(b).size));
}
/** Core's term set of a text (through the public entry: a reply's content terms; case and blanks folded). */
const terms = (text: string) => [...hashAssistantTurn({ id: 't', role: 'assistant', content: text }, [], { terms: true }).contentTerms];
const VALUE = /[a-z_]*\d[\w.:-]*/gi;
const valueTokens = (text: string) => [...new Set((text.match(VALUE) ?? []).map((v) => v.toLowerCase()))].sort();
function leaves(value: unknown, path = '', out: [string, string][] = []): [string, string][] {
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value as object).sort()) leaves((value as Record<string, unknown>)[key], `${path}.${key}`, out);
  } else out.push([path, String(value)]);
  return out;
}
function argsNear(a: Item, b: Item, v: Variant): boolean {
  if (v.core) return sameAttempt(a.coreLeaves!, b.coreLeaves!, v.arg);
  if (!v.leafwise) return jaccard(a.terms, b.terms) >= v.arg;
  const la = a.leaves!;
  const lb = b.leaves!;
  if (la.length !== lb.length) return false;
  let long = 0;
  let sim = 0;
  for (let i = 0; i < la.length; i++) {
    const [pa, xa] = la[i]!;
    const [pb, xb] = lb[i]!;
    if (pa !== pb) return false;
    if (xa === xb) continue;
    if (xa.length < v.longLeaf || xb.length < v.longLeaf) return false;
    if (v.leafSpace && !(/\s/.test(xa.trim()) && /\s/.test(xb.trim()))) return false;
    long++;
    sim += jaccard(terms(xa), terms(xb));
  }
  return long === 0 || sim / long >= v.arg;
}

function nearLoop(turns: { hashes: AssistantTurnHashes; message: CairnMessage; results: (CairnMessage | undefined)[] }[], v: Variant): boolean {
  let items: Item[] = [];
  const seen = new Set<string>();
  for (const { hashes, message, results } of turns.slice(-DEFAULT_LOOP_WINDOW)) {
    for (const call of hashes.calls) {
      if (!call.changed) continue;
      const change = `${call.callHash}:${call.resultHash}`;
      if (!seen.has(change)) items = [];
      seen.add(change);
    }
    const text = contentText(message.content);
    if (v.replies && hashes.calls.length === 0 && text.trim()) {
      if (v.core) {
        if (hashes.contentTerms.length > 0) items.push({ kind: 'content', id: message.id, text, terms: [...hashes.contentTerms], values: [...hashes.contentValues] });
      } else items.push({ kind: 'content', id: message.id, text, terms: terms(text), values: valueTokens(text) });
    }
    const tools = new Set<string>();
    (message.toolCalls ?? []).forEach((call, index) => {
      const obs = hashes.calls[index]!;
      if (!obs.failed && !(v.successful && !obs.changed)) return;
      if (tools.has(call.name)) return;
      tools.add(call.name);
      const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? null);
      const result = results[index] ? contentText(results[index]!.content).slice(0, 600) : '';
      if (v.core) items.push({ kind: 'call', id: message.id, text: args + ' => ' + result, tool: call.name, terms: [], coreLeaves: obs.argumentLeaves, resultTerms: [...obs.resultTerms] });
      else items.push({ kind: 'call', id: message.id, text: args + ' => ' + result, tool: call.name, terms: terms(args), leaves: leaves(call.arguments), resultTerms: terms(result) });
    });
  }
  for (const item of items) {
    let count = 0;
    const group: Item[] = [];
    for (const other of items) {
      if (other.kind !== item.kind || other.tool !== item.tool) continue;
      const near =
        item.kind === 'content'
          ? v.core && (item.terms.length < 6 || other.terms.length < 6)
            ? item.text === other.text // core's MIN_REPLY_TERMS: short replies count only when identical
            : (v.overlap ? overlapOf(item.terms, other.terms) : jaccard(item.terms, other.terms)) >= (v.valuedReply !== undefined && item.values!.length > 0 ? v.valuedReply : v.reply) &&
              (!v.replyValues || item.values!.join() === other.values!.join())
          : argsNear(item, other, v) && jaccard(item.resultTerms!, other.resultTerms!) >= v.result;
      if (near) { count++; group.push(other); }
    }
    if (count >= DEFAULT_LOOP_REPEATS) {
      if (values.debug && item.id.includes(values.debug)) for (const g of group) process.stdout.write(`  ${g.id} ${g.tool ?? ''}: ${g.text!.replace(/\s+/g, ' ').slice(0, 260)}\n`);
      return true;
    }
  }
  return false;
}

function fires(messages: readonly CairnMessage[], v: Variant | undefined): boolean {
  const byCall = new Map<string, CairnMessage>();
  for (const m of messages) if (m.role === 'tool' && m.toolCallId !== undefined) byCall.set(m.toolCallId, m);
  const turns: { hashes: AssistantTurnHashes; message: CairnMessage; results: (CairnMessage | undefined)[] }[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const results = (message.toolCalls ?? []).map((c) => byCall.get(c.id));
    turns.push({ hashes: hashAssistantTurn(message, results, { terms: true }), message, results });
    const hashes = turns.map((t) => t.hashes);
    if (detectLoop(hashes, { window: DEFAULT_LOOP_WINDOW, repeats: DEFAULT_LOOP_REPEATS })) return true;
    if (v && nearLoop(turns, v)) return true;
  }
  return false;
}

const base: Variant = { name: 'proto: v1 rule (0.5/0.5/0.6)', reply: 0.5, arg: 0.5, result: 0.6, replyValues: false, leafwise: false, longLeaf: 40, successful: false, replies: true };
const vl: Variant = { ...base, name: 'proto: value guard + leaves', replyValues: true, leafwise: true };
const variants: (Variant | undefined)[] = [
  undefined,
  base,
  { ...base, name: 'proto: + reply value guard', replyValues: true },
  { ...base, name: 'proto: + argument leaves (free text >= 40)', leafwise: true },
  vl,
  ...[0.2, 0.25, 0.3, 0.35, 0.4].map((reply) => ({ ...vl, name: `proto: value guard + leaves, reply ${reply}`, reply })),
  ...[0.3, 0.7].map((arg) => ({ ...vl, name: `proto: value guard + leaves, arg ${arg}`, arg })),
  ...[0.4, 0.8].map((result) => ({ ...vl, name: `proto: value guard + leaves, result ${result}`, result })),
  ...[20, 80].map((longLeaf) => ({ ...vl, name: `proto: value guard + leaves, long leaf ${longLeaf}`, longLeaf })),
  { ...vl, name: 'proto: value guard + leaves, successful calls too', successful: true },
  { ...vl, name: 'proto: reply 0.3 without the value guard', reply: 0.3, replyValues: false },
  ...[0.4, 0.5, 0.6].map((reply) => ({ ...vl, name: `proto: value guard + leaves, reply overlap ${reply}`, reply, overlap: true })),
  { ...vl, name: 'proto: free text needs whitespace, reply 0.3', reply: 0.3, leafSpace: true },
  { ...vl, name: 'core: reply 0.3', reply: 0.3, core: true },
  ...[0.25, 0.35, 0.4].map((reply) => ({ ...vl, name: `core: reply ${reply}`, reply, core: true })),
  ...[0.4, 0.5, 0.6].map((valuedReply) => ({ ...vl, name: `core: reply 0.3, value-naming replies ${valuedReply}`, reply: 0.3, valuedReply, core: true })),
];
const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)}`;
process.stdout.write('variant                                   | synthTune P/R | synthHeld P/R | first51 P/R | second51 P/R | second101 P/R | second152 P/R | unread\n');
for (const v of variants) {
  if (values.only && !(v?.name ?? 'exact').includes(values.only)) continue;
  const cells: string[] = [];
  const misses: string[] = [];
  for (const [name, set] of Object.entries(sets)) {
    const pairs = set.map((u) => [fires(u.messages, v), u.loop] as const);
    const s = scoreDetections(pairs);
    cells.push(name === 'unread' ? `fired ${s.falsePositives}/${set.length}` : `${pct(s.precision)} ${pct(s.recall)}`);
    if (name === 'unread') set.forEach((u, i) => { if (pairs[i]![0]) misses.push(`unread:${u.id.replace('coder-swebench-lite/', '').replace('tau-bench-airline/', '')}`); });
    else if (!name.startsWith('synth') && name !== 'second152') set.forEach((u, i) => { if (pairs[i]![0] !== u.loop) misses.push(`${name}:${u.loop ? 'FN' : 'FP'}:${u.id.replace('coder-swebench-lite/', '').replace('tau-bench-airline/', '')}`); });
    else if (name.startsWith('synth')) { const kinds = new Map<string, number>(); set.forEach((u, i) => { if (pairs[i]![0] !== u.loop) { const k = syntheticLoopEpisode(Number(u.id.slice(10))).kind; kinds.set(k, (kinds.get(k) ?? 0) + 1); } }); if (kinds.size) misses.push(`${name}:${[...kinds].map(([k, n]) => `${k}x${n}`).join(',')}`); }
  }
  process.stdout.write(`${(v?.name ?? 'exact only').padEnd(52)} | ${cells.join(' | ')}\n    ${misses.join(' ')}\n`);
}
