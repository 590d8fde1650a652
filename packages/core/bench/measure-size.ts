import { contentText, countMessageTokens, createBpeTokenCounter, createContextEngine, restoreContextEngine, type ContextEngine } from '../src/index.js';
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
  /**
   * With the host's idle warm-up (`engine.warm()` until nothing is left, as between user turns):
   * its time once after the cold turns, then `turns` more new-query turns (other
   * questions) each after an idle warm-up, the heap per message once warm, and a second restore
   * of the same snapshot warmed up before its first view.
   */
  warmUpMs: number;
  warmShifting: number[];
  heapWarmBytes: number;
  restoredWarmUpMs: number;
  restoredWarmFirstMs: number;
  /**
   * `turns` more steady turns right after the first `turns` (the process's first steady turns
   * include the JIT compiling the steady path): wall ms each, and which of them rescored every
   * unit (the direction moved past `directionDelta`).
   */
  steadyAfter: number[];
  steadyAfterFullRescores: boolean[];
}

/** Idle warm-up as a host runs it between turns: `engine.warm()` in slices until nothing is left. */
function warmUp(engine: ContextEngine): number {
  const started = performance.now();
  while (engine.warm({ maxUnits: 1024 }).remaining > 0);
  return performance.now() - started;
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
 * engine and its first assemble. Then the same with the host's idle warm-up (`engine.warm()`):
 * the snapshot restored again and warmed before its first assemble, and `turns` more new-query
 * turns (other questions), each after an idle warm-up. Heap is read with `global.gc` (run node
 * with `--expose-gc`).
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
  // The same again, past the JIT's warm-up: what a long-running process's steady turns cost.
  const steadyAfter: number[] = [];
  const steadyAfterFullRescores: boolean[] = [];
  for (let turn = turns; turn < 2 * turns; turn++) {
    engine.ingest({ id: `steady-${turn}`, role: 'assistant', content: `noted ${turn}` });
    started = performance.now();
    const { metadata } = engine.assemble({ budget, query });
    steadyAfter.push(performance.now() - started);
    steadyAfterFullRescores.push(metadata.rescored === 'all');
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

  // A restart: the snapshot restored into a new engine (no caches), then its first view; then the
  // same restart with an idle warm-up before the first view (a host restores at start-up and warms
  // up while it waits for the user's message). The restored engines are dropped before the heap
  // is read again.
  const snapshot = engine.snapshot();
  const restart = (warm: boolean) => {
    let started = performance.now();
    const restored = restoreContextEngine(snapshot, { tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
    const restoreMs = performance.now() - started;
    const warmUpMs = warm ? warmUp(restored) : 0;
    started = performance.now();
    restored.assemble({ budget, query: newQuery(turns) });
    return { restoreMs, warmUpMs, firstMs: performance.now() - started };
  };
  const { restoreMs, firstMs: restoredFirstMs } = restart(false);
  const { warmUpMs: restoredWarmUpMs, firstMs: restoredWarmFirstMs } = restart(true);

  // New questions with an idle warm-up between turns (other questions than the cold turns').
  const warmUpMs = warmUp(engine);
  const heapWarmBytes = (heapUsed() - heapBefore) / size;
  const warmShifting: number[] = [];
  for (let turn = 0; turn < turns; turn++) {
    warmUp(engine);
    started = performance.now();
    engine.assemble({ budget, query: newQuery(turns + 1 + turn) });
    warmShifting.push(performance.now() - started);
  }
  return { size, turns, ingestMs, tokenizerMs, scanMs, firstMs, steady, shifting, restoreMs, restoredFirstMs, heapIngestBytes, heapTurnsBytes, textChars: textChars / size, warmUpMs, warmShifting, heapWarmBytes, restoredWarmUpMs, restoredWarmFirstMs, steadyAfter, steadyAfterFullRescores };
}
