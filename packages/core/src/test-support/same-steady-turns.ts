/**
 * Test support: two builds of the engine (one with a steady-turn shortcut taken out, loaded with
 * `vi.doMock`) fed the same session — turns with or without a question, each followed by steady
 * turns (one short message appended, the same request), pins and snapshot restores between them —
 * checking that both show and decide the same every turn: the view, its counts and repairs, each
 * unit's score (bit for bit), fidelity and reason, and the resource-class counts.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type * as Core from '../index.js';
import type { CairnMessage, ContextEngine } from '../index.js';
import { viewTurnArbitrary, type ViewTurn } from './same-views.js';

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

/** A turn of {@link expectSameSteadyTurns}: a view turn, maybe a pin and a restore before it. */
export interface SteadyStep extends ViewTurn {
  /** Pin the message at this share of the log before the turn (undefined: none). */
  pin: number | undefined;
  /** Snapshot and restore both engines before the turn. */
  restore: boolean;
}

export const steadyStepArbitrary: fc.Arbitrary<SteadyStep> = fc.record({
  ingest: viewTurnArbitrary.map((turn) => turn.ingest),
  query: viewTurnArbitrary.map((turn) => turn.query),
  budget: viewTurnArbitrary.map((turn) => turn.budget),
  pin: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { nil: undefined, freq: 6 }),
  restore: fc.integer({ min: 0, max: 3 }).map((draw) => draw === 0),
});

export function expectSameSteadyTurns(builds: readonly [typeof Core, typeof Core], session: readonly CairnMessage[], steps: readonly SteadyStep[], onBudgetExceeded: 'throw' | 'compress-mandatory', steadyRepeats: number, extra: Omit<Core.ContextEngineOptions, 'tokenCounter' | 'onBudgetExceeded'> = {}): void {
  const options = (core: typeof Core) => ({ ...extra, tokenCounter: core.createBpeTokenCounter(), onBudgetExceeded });
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


/** The arguments of a property over {@link expectSameSteadyTurns}: steps, the budget policy, steady turns after each. */
export const steadyRunArbitraries = [fc.array(steadyStepArbitrary, { minLength: 1, maxLength: 8 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const), fc.integer({ min: 0, max: 4 })] as const;
