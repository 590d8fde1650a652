/**
 * What the engine's heap holds per logged message (not a test): two V8 heap snapshots of the
 * bench's synthetic session, after ingest and after the bench's turns (first view, steady turns,
 * new-query turns), each summed by object kind (constructor or V8 type), beside the heap held
 * before the engine existed (the messages themselves). Bytes are V8 "self sizes" per logged
 * message; the growth between the two snapshots is what turns cache.
 *
 *   npx tsx --expose-gc bench/heap-breakdown.ts 10000 [rows] [kind|owner]
 *
 * `owner` sums by the property that holds each object instead (the nearest named field on its
 * first retainer path: `bagCache`, `edges`, `#postings`, …).
 */
import { getHeapSnapshot } from 'node:v8';
import { contentText, countMessageTokens, createBpeTokenCounter, createContextEngine } from '../src/index.js';
import { benchSession } from './bench-session.js';

const [sizeArgument = '10000', rowsArgument = '30', mode = 'kind'] = process.argv.slice(2);
const size = Number(sizeArgument);
const turns = 30;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with --expose-gc');
  process.exit(2);
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/**
 * The owner of each node: the name of the nearest property (or WeakMap / Map entry, shown by its
 * holder's kind) on the path from its first retainer up, at most `depth` steps; self sizes summed
 * by owner. Tells which field of which object holds the bytes (`bagCache`, `#postings`, …).
 */
function byOwner(parsed: Snapshot, depth = 12): Map<string, number> {
  const { node_fields: fields, node_types, edge_fields, edge_types } = parsed.snapshot.meta;
  const width = fields.length;
  const edgeWidth = edge_fields.length;
  const edgeCountAt = fields.indexOf('edge_count');
  const nameAt = fields.indexOf('name');
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const edgeTypes = edge_types[0];
  const nodeCount = parsed.nodes.length / width;
  const retainer = new Int32Array(nodeCount).fill(-1);
  const retainerEdge = new Int32Array(nodeCount).fill(-1);
  let edge = 0;
  for (let node = 0; node < nodeCount; node++) {
    const count = parsed.nodes[node * width + edgeCountAt]!;
    for (let offset = 0; offset < count; offset++, edge += edgeWidth) {
      const type = edgeTypes[parsed.edges[edge]!];
      if (type === 'weak' || type === 'shortcut') continue;
      const to = parsed.edges[edge + 2]! / width;
      if (retainer[to] === -1 && to !== node) {
        retainer[to] = node;
        retainerEdge[to] = edge;
      }
    }
  }
  const sums = new Map<string, number>();
  for (let node = 0; node < nodeCount; node++) {
    let owner = '(root)';
    let at = node;
    for (let step = 0; step < depth && retainer[at]! >= 0; step++) {
      const edgeAt = retainerEdge[at]!;
      const type = edgeTypes[parsed.edges[edgeAt]!];
      const holder = retainer[at]!;
      const holderName = parsed.strings[parsed.nodes[holder * width + nameAt]!]!.slice(0, 40);
      if (type === 'property' || type === 'internal' && holderName.startsWith('system / Context')) {
        owner = `${holderName}.${parsed.strings[parsed.edges[edgeAt + 1]!]!}`;
        break;
      }
      owner = `${holderName}[…]`;
      at = holder;
    }
    const type = node_types[0][parsed.nodes[node * width + typeAt]!];
    if (type === 'code' || type === 'hidden' && owner.startsWith('system')) continue;
    const key = owner.endsWith('[…]') ? `${owner} ${type}:${type === 'string' || type === 'number' ? '' : parsed.strings[parsed.nodes[node * width + nameAt]!]!.slice(0, 30)}` : owner;
    sums.set(key, (sums.get(key) ?? 0) + parsed.nodes[node * width + sizeAt]!);
  }
  return sums;
}

/** Sums the self sizes of a heap snapshot's nodes by kind (`type:name`, names of plain strings dropped), or by owner. */
async function bySize(): Promise<Map<string, number>> {
  gc!();
  gc!();
  const chunks: string[] = [];
  for await (const chunk of getHeapSnapshot()) chunks.push(chunk.toString());
  const parsed = JSON.parse(chunks.join('')) as Snapshot;
  if (mode === 'owner') return byOwner(parsed);
  const fields = parsed.snapshot.meta.node_fields;
  const types = parsed.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const sums = new Map<string, number>();
  for (let at = 0; at < parsed.nodes.length; at += width) {
    const type = types[parsed.nodes[at + typeAt]!]!;
    const name = type === 'string' || type === 'concatenated string' || type === 'sliced string' || type === 'number' ? '' : parsed.strings[parsed.nodes[at + nameAt]!]!.slice(0, 60);
    const key = `${type}:${name}`;
    sums.set(key, (sums.get(key) ?? 0) + parsed.nodes[at + sizeAt]!);
  }
  return sums;
}

const messages = benchSession(size + turns * 2 + 1, size);
const base = messages.slice(0, size);
const counter = createBpeTokenCounter();
let tokens = 0;
for (const message of base) tokens += countMessageTokens(message, counter);
const budget = Math.floor(tokens * 0.1);
const query = contentText(base[1]!.content);
const before = await bySize();
const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
engine.ingest(base);
const ingested = await bySize();
engine.assemble({ budget, query });
for (let turn = 0; turn < turns; turn++) {
  engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
  engine.assemble({ budget, query });
}
for (let turn = 0; turn < turns; turn++) engine.assemble({ budget, query: contentText(messages[size + turn]!.content) || `turn ${turn}` });
const turned = await bySize();

const keys = new Set([...ingested.keys(), ...turned.keys()]);
const rows = [...keys].map((key) => {
  const start = before.get(key) ?? 0;
  return { key, ingest: ((ingested.get(key) ?? 0) - start) / size, turns: ((turned.get(key) ?? 0) - start) / size };
});
const total = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
console.log(`heap per logged message (V8 self sizes), benchSession(${size}), engine held: after ingest ${total((row) => row.ingest).toFixed(0)} B, after ${turns} steady + ${turns} new-query turns ${total((row) => row.turns).toFixed(0)} B`);
console.log('B/msg after ingest\tB/msg after turns\tkind');
for (const row of rows.sort((a, b) => b.turns - a.turns).slice(0, Number(rowsArgument))) console.log(`${row.ingest.toFixed(1)}\t${row.turns.toFixed(1)}\t${row.key}`);
void engine;
