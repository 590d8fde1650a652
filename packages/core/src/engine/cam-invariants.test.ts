import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { createCharTokenCounter } from '../log/index.js';
import { arbitrarySession, buildSession, generateText } from '../test-support/arbitrary-session.js';

const chars = createCharTokenCounter();

describe('CAM INV-01: units are scored only after the ingested messages are applied', () => {
  test.prop(
    [
      arbitrarySession({ minTurns: 2, maxTurns: 20, deferResults: true, dropResults: true }),
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 20, maxLength: 20 }),
      fc.array(fc.integer({ min: 40, max: 3_000 }), { minLength: 20, maxLength: 20 }),
    ],
    { numRuns: 40 },
  )('after every ingest, every message of the log as it now stands is in exactly one decision, none stale or missing', (session, batches, budgets) => {
    const engine = createContextEngine({ tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' });
    let offset = 0;
    for (let step = 0; offset < session.length; step++) {
      const batch = session.slice(offset, offset + batches[step % batches.length]!);
      offset += batch.length;
      engine.ingest(batch);
      let result;
      try {
        result = engine.assemble({ budget: budgets[step % budgets.length]! });
      } catch (error) {
        expect((error as { code?: string }).code).toBe('BUDGET_EXCEEDED');
        continue;
      }
      const logIds = engine.getMessages().map((message) => message.id);
      // The decisions cover the whole log, each message once: a tool result that arrived after
      // its call is in its call's unit, scored with it, and nothing stale is left.
      const decided = result.metadata.decisions.flatMap((decision) => decision.messageIds);
      expect(new Set(decided).size).toBe(decided.length);
      expect([...decided].sort()).toEqual([...logIds].sort());
      for (const decision of result.metadata.decisions) {
        expect(decision.score).toBeGreaterThanOrEqual(0);
        expect(decision.score).toBeLessThanOrEqual(1);
      }
    }
  });
});

/** A 30-turn session under 2,000 tokens of view, then one large turn that pushes the kept plan past the red level. */
function pressedEngine() {
  // Thresholds that let the regrade lower this session's mid-scored units (defaults leave them full).
  const options = { tokenCounter: chars, thresholds: { compress: 0.6, keep: 0.9 } };
  const engine = createContextEngine(options);
  engine.ingest(buildSession({ turns: 30, seed: 5 }));
  const first = engine.assemble({ budget: 2_000 });
  return { engine, options, first };
}

const regradedUnits = (result: ReturnType<ReturnType<typeof createContextEngine>['assemble']>) => result.metadata.decisions.filter((decision) => decision.reason === 'regraded');

describe('the threshold regrade pass', () => {
  it('runs when the kept plan passes the red level, lowering units by their scores', () => {
    const { engine, first } = pressedEngine();
    expect(first.metadata.regraded).toBe(false);
    engine.ingest([
      { id: 'big-u', role: 'user', content: generateText(1, 300) },
      { id: 'big-a', role: 'assistant', content: generateText(2, 400) },
    ]);
    const next = engine.assemble({ budget: 2_000 });
    expect(next.metadata.regraded).toBe(true);
    const lowered = regradedUnits(next);
    expect(lowered.length).toBeGreaterThan(0);
    for (const decision of lowered) {
      // Lowered from where it was, and only units scored under the keep threshold less hysteresis.
      expect(['compressed', 'placeholder']).toContain(decision.fidelity);
      expect(decision.previous).toBe('full');
      expect(decision.score).toBeLessThan(0.9 - 0.1);
    }
    expect(next.metadata.tokens).toBeLessThanOrEqual(2_000);
  });

  it('does not run when the plan stays under the red level', () => {
    const { engine } = pressedEngine();
    engine.ingest([{ id: 'small-u', role: 'user', content: 'ok' }]);
    const next = engine.assemble({ budget: 2_000 });
    expect(next.metadata.regraded).toBe(false);
    expect(regradedUnits(next)).toEqual([]);
  });
});

describe('CAM INV-06: the regrade pass runs at most once per turn', () => {
  it('a turn that already regraded (regradedTurn is this turn) is compacted instead, not regraded again', () => {
    const { engine, options } = pressedEngine();
    engine.ingest([
      { id: 'big-u', role: 'user', content: generateText(1, 300) },
      { id: 'big-a', role: 'assistant', content: generateText(2, 400) },
    ]);
    const saved = JSON.parse(JSON.stringify(engine.snapshot())) as { turn: number; regradedTurn: number };
    // The same state twice: once as it is, once marked as having regraded in the turn about to run.
    const control = restoreContextEngine(JSON.parse(JSON.stringify(saved)), options).assemble({ budget: 2_000 });
    const again = restoreContextEngine({ ...JSON.parse(JSON.stringify(saved)), regradedTurn: saved.turn + 1 }, options).assemble({ budget: 2_000 });
    expect(control.metadata.regraded).toBe(true);
    expect(again.metadata.regraded).toBe(false);
    expect(regradedUnits(again)).toEqual([]);
    // Still within budget: compaction did the work.
    expect(again.metadata.tokens).toBeLessThanOrEqual(2_000);
    expect(again.metadata.decisions.some((decision) => decision.reason === 'compacted')).toBe(true);
  });

  test.prop([fc.integer({ min: 1, max: 6 }), fc.integer({ min: 200, max: 2_000 })], { numRuns: 15 })(
    'across turns, the guard marks only the turn that ran the pass, and a regraded view was regraded in its own turn',
    (extra, budget) => {
      const { engine } = pressedEngine();
      for (let turn = 0; turn < extra; turn++) {
        engine.ingest([{ id: `x-${turn}`, role: 'assistant', content: generateText(turn + 10, 200) }]);
        const before = (engine.snapshot() as unknown as { regradedTurn: number }).regradedTurn;
        const result = engine.assemble({ budget });
        const after = engine.snapshot() as unknown as { turn: number; regradedTurn: number };
        // The guard's mark moves only to the turn that ran the pass; a view that says it was
        // regraded was regraded in this turn.
        expect([before, after.turn]).toContain(after.regradedTurn);
        if (result.metadata.regraded) expect(after.regradedTurn).toBe(after.turn);
      }
    },
  );
});
