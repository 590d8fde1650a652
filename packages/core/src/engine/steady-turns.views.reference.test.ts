import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, vi } from 'vitest';
import type * as Core from '../index.js';
import type { CairnMessage, ContextEngine } from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { viewTurnArbitrary, type ViewTurn } from '../test-support/same-views.js';

// Steady turns skip work that cannot change their outcome (issue 17, "steady1"): planning asks only
// the units that can be mandatory why (mandatory-candidates.ts), the render cache compares versions
// only from the first unit a message or summary could have changed (render-cache-versions.ts), and
// a full rescore scores all units in one pass (unit-scores.ts). This loads the engine twice, once
// as it is and once with those three taken out (test-support/reference-*.ts: every unit asked,
// every version compared, every unit scored through the parts object), and checks that both give
// the same views and the same per-unit decisions (scores bit for bit) turn after turn — with
// pins, tool results arriving late or never, and a snapshot restored mid-session.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('../plan/mandatory-candidates.js', () => import('../plan/test-support/reference-mandatory-candidates.js'));
  vi.doMock('../render/render-cache-versions.js', () => import('../render/test-support/reference-render-cache-versions.js'));
  vi.doMock('../direction/unit-scores.js', () => import('../direction/test-support/reference-unit-scores.js'));
  reference = await import('../index.js');
  vi.doUnmock('../plan/mandatory-candidates.js');
  vi.doUnmock('../render/render-cache-versions.js');
  vi.doUnmock('../direction/unit-scores.js');
  vi.resetModules();
});

/** What a turn shows and decides: the view, its counts and repairs, each unit's score, fidelity and reason, the class counts. */
function outcome(step: () => Core.AssembleResult): string {
  try {
    const { messages, metadata } = step();
    const decisions = metadata.decisions.map((decision) => [decision.unitId, decision.score, decision.fidelity, decision.reason, decision.previous]);
    const { tokens, counts, stablePrefix, rescored, regraded, compacted, repairs, layers } = metadata;
    return JSON.stringify({ messages, tokens, counts, stablePrefix, rescored, regraded, compacted, repairs, layers, decisions, classes: metadata.sovereignty?.classes });
  } catch (error) {
    return `throws ${(error as { code?: string }).code ?? String(error)}`;
  }
}

/** The repairs of a view as a scan of every unit finds them (the engine reads only the log's irregular units). */
function repairsByScan(engine: ContextEngine): { unansweredCalls: string[]; orphanResults: string[] } {
  const { units } = (engine as unknown as { state: { log: { units: readonly { id: string; kind: string; openCalls: number; calls: readonly { id: string; answer: number }[] }[] } } }).state.log;
  const unansweredCalls: string[] = [];
  const orphanResults: string[] = [];
  for (const unit of units) {
    if (unit.kind === 'orphan-result') orphanResults.push(unit.id);
    if (unit.openCalls > 0) for (const call of unit.calls) if (call.answer < 0) unansweredCalls.push(call.id);
  }
  return { unansweredCalls, orphanResults };
}

interface Step extends ViewTurn {
  /** Pin the message at this share of the log before the turn (undefined: none). */
  pin: number | undefined;
  /** Snapshot and restore both engines before the turn. */
  restore: boolean;
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  ingest: viewTurnArbitrary.map((turn) => turn.ingest),
  query: viewTurnArbitrary.map((turn) => turn.query),
  budget: viewTurnArbitrary.map((turn) => turn.budget),
  pin: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { nil: undefined, freq: 6 }),
  restore: fc.integer({ min: 0, max: 3 }).map((draw) => draw === 0),
});

function run(session: readonly CairnMessage[], steps: readonly Step[], onBudgetExceeded: 'throw' | 'compress-mandatory', steadyRepeats: number): void {
  const builds = [fast, reference] as const;
  const options = (core: typeof Core) => ({ tokenCounter: core.createBpeTokenCounter(), onBudgetExceeded });
  let engines: ContextEngine[] = builds.map((core) => core.createContextEngine(options(core)));
  let logged = Math.min(session.length, Math.max(1, Math.floor(session.length / 2)));
  let appended = 0;
  for (const engine of engines) engine.ingest(session.slice(0, logged));
  for (const step of steps) {
    if (step.restore) engines = engines.map((engine, index) => builds[index]!.restoreContextEngine(engine.snapshot(), options(builds[index]!)));
    if (step.pin !== undefined) {
      const id = session[Math.floor(step.pin * logged)]!.id;
      for (const engine of engines) engine.pin([id]);
    }
    const next = Math.min(session.length, logged + step.ingest);
    const request = { budget: step.budget, ...(step.query === undefined ? {} : { query: step.query }) };
    // The turn, then steady turns after it: one short message appended each, the same request.
    for (let repeat = 0; repeat <= steadyRepeats; repeat++) {
      if (repeat > 0) appended++;
      const views = engines.map((engine) => {
        if (repeat === 0 && next > logged) engine.ingest(session.slice(logged, next));
        if (repeat > 0) engine.ingest({ id: `steady-${appended}`, role: 'assistant', content: `noted ${appended}` });
        return outcome(() => engine.assemble(request));
      });
      expect(views[0]).toBe(views[1]);
      if (!views[0]!.startsWith('throws')) expect(JSON.parse(views[0]!).repairs).toEqual(repairsByScan(engines[0]!));
    }
    logged = next;
  }
}

describe('steady turns that skip work', () => {
  test.prop(
    [
      arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }),
      fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }),
      fc.constantFrom('throw' as const, 'compress-mandatory' as const),
      fc.integer({ min: 0, max: 4 }),
    ],
    { numRuns: 40 },
  )('every turn, across pins and a restore, shows and decides what the unshortened engine does', (session, steps, onBudgetExceeded, steadyRepeats) => {
    run(session, steps, onBudgetExceeded, steadyRepeats);
  });
});
