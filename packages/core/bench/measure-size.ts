import { contentText, countMessageTokens, createBpeTokenCounter, createContextEngine, restoreContextEngine } from '../src/index.js';
import { benchSession } from './bench-session.js';

/** What one session size cost, all measured in the same run. */
export interface SizeResult {
  size: number;
  turns: number;
  ingestMs: number;
  tokenizerMs: number;
  scanMs: number;
  firstMs: number;
  steady: number[];
  shifting: number[];
  restoreMs: number;
  restoredFirstMs: number;
  /** Engine heap per logged message after ingest, and after the turns (caches included); NaN without `--expose-gc`. */
  heapIngestBytes: number;
  heapTurnsBytes: number;
  /** Mean characters of text (content and tool arguments) per message, for scale. */
  textChars: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

function heapUsed(): number {
  if (!gc) return Number.NaN;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Measures one size: the tokenizer alone on the messages (floor 1), ingest, a plain scan of the
 * cached token counts (floor 2), the first assemble, `turns` steady turns (one small message
 * appended, same query), `turns` turns with a new query each, then a snapshot restored into a new
 * engine and its first assemble. Heap is read with `global.gc` (run node with `--expose-gc`).
 */
export function measureSize(size: number, turns: number): SizeResult {
  const messages = benchSession(size + turns * 2 + 1, size);
  const base = messages.slice(0, size);
  let textChars = 0;
  for (const message of base) textChars += contentText(message.content).length + (message.toolCalls ? JSON.stringify(message.toolCalls).length : 0);
  const counter = createBpeTokenCounter();
  let started = performance.now();
  let tokenSum = 0;
  for (const message of base) tokenSum += countMessageTokens(message, counter);
  const tokenizerMs = performance.now() - started;

  const heapBefore = heapUsed();
  const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
  started = performance.now();
  engine.ingest(base);
  const ingestMs = performance.now() - started;
  const heapIngestBytes = (heapUsed() - heapBefore) / size;

  const cached = base.map((message) => countMessageTokens(message, counter));
  started = performance.now();
  let scanned = 0;
  for (let repeat = 0; repeat < 100; repeat++) for (const tokens of cached) scanned += tokens;
  const scanMs = (performance.now() - started) / 100;
  void scanned;

  const budget = Math.floor(tokenSum * 0.1);
  const query = contentText(base[1]!.content);
  started = performance.now();
  engine.assemble({ budget, query });
  const firstMs = performance.now() - started;
  // Steady turns: same query, one small message appended (direction moves less than the delta).
  const steady: number[] = [];
  for (let turn = 0; turn < turns; turn++) {
    engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
    started = performance.now();
    engine.assemble({ budget, query });
    steady.push(performance.now() - started);
  }
  // Shifting turns: a new query every turn (rescore and replan).
  const newQuery = (turn: number) => contentText(messages[size + turn]!.content) || `turn ${turn} ORD-${10000 + turn}`;
  const shifting: number[] = [];
  for (let turn = 0; turn < turns; turn++) {
    started = performance.now();
    engine.assemble({ budget, query: newQuery(turn) });
    shifting.push(performance.now() - started);
  }
  const heapTurnsBytes = (heapUsed() - heapBefore) / size;

  // A restart: the snapshot restored into a new engine (no caches), then its first view.
  const snapshot = engine.snapshot();
  started = performance.now();
  const restored = restoreContextEngine(snapshot, { tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
  const restoreMs = performance.now() - started;
  started = performance.now();
  restored.assemble({ budget, query: newQuery(turns) });
  const restoredFirstMs = performance.now() - started;
  return { size, turns, ingestMs, tokenizerMs, scanMs, firstMs, steady, shifting, restoreMs, restoredFirstMs, heapIngestBytes, heapTurnsBytes, textChars: textChars / size };
}
