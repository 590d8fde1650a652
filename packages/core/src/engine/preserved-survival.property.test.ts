import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';
import type { AssembleResult } from '../render/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { checkView, placeholderUpperBound, provableViewBound, type ViewContext } from '../test-support/check-view.js';

const chars = createCharTokenCounter();

/** Every message whose class is PRESERVED appears in the view as it was logged: full fidelity, same content. */
function expectPreservedVerbatim(engine: ContextEngine, result: AssembleResult): number {
  const shown = new Map(result.messages.map((message) => [message.id, message]));
  let checked = 0;
  for (const message of engine.getMessages()) {
    if (engine.resourceClass(message.id) !== 'preserved') continue;
    const view = shown.get(message.id);
    expect(view, `PRESERVED ${message.id} missing from the view`).toBeDefined();
    expect(view!.fidelity).toBe('full');
    expect(view!.content).toEqual(message.content);
    expect(view!.toolCalls ?? []).toEqual(message.toolCalls ?? []);
    checked++;
  }
  return checked;
}

const input = {
  session: arbitrarySession({ minTurns: 2, maxTurns: 25, deferResults: true, dropResults: true }),
  preserved: fc.array(fc.nat(), { maxLength: 4 }),
  required: fc.array(fc.nat(), { maxLength: 6 }),
  budget: fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 400, max: 6_000 }), fc.integer({ min: 6_000, max: 60_000 })),
  onBudgetExceeded: fc.constantFrom('throw' as const, 'compress-mandatory' as const),
  query: fc.option(fc.constantFrom('which flight?', 'run_tests failure', 'refund ORD-4821'), { nil: undefined }),
};

describe('PRESERVED survival (100%)', () => {
  test.prop(input, { numRuns: 150 })(
    'any session, any budget that can hold the PRESERVED set: every PRESERVED message is in the view verbatim',
    ({ session, preserved, required, budget, onBudgetExceeded, query }) => {
      const engine = createContextEngine({ tokenCounter: chars, onBudgetExceeded });
      engine.ingest(session as CairnMessage[]);
      const ids = engine.getMessages().map((message) => message.id);
      const pick = (indexes: number[]) => [...new Set(indexes.map((index) => ids[index % ids.length]!))];
      const requiredIds = pick(required).filter((id) => engine.resourceClass(id) === 'droppable');
      engine.tag(requiredIds, 'required', 'property');
      const preservedIds = pick(preserved);
      engine.promote(preservedIds, 'preserved', 'property');
      const context: ViewContext = { counter: chars, budget, onBudgetExceeded, pinnedIds: new Set(preservedIds) };
      let result: AssembleResult;
      try {
        result = engine.assemble({ budget, ...(query === undefined ? {} : { query }) });
      } catch (error) {
        if (!CairnError.isInstance(error) || error.code !== 'BUDGET_EXCEEDED') throw error;
        // Refused only when the PRESERVED set (with the latest user turn and one placeholder per gap) does not fit …
        const { bound } = provableViewBound(engine, context);
        expect(budget).toBeLessThan(bound);
        // … and at a budget that holds it, the view is built and keeps it.
        result = engine.assemble({ budget: bound, ...(query === undefined ? {} : { query }) });
        checkView(engine, result, { ...context, budget: bound });
        expectPreservedVerbatim(engine, result);
        return;
      }
      checkView(engine, result, context);
      expectPreservedVerbatim(engine, result);
      // REQUIRED units are never placeholders when the budget holds them (whole) besides the provable
      // view — each with one more placeholder, as a unit kept inside a gap splits it in two.
      const requiredUnits = new Set(requiredIds.map((id) => result.metadata.decisions.find((decision) => decision.messageIds.includes(id))!.unitId));
      let requiredTokens = 0;
      for (const decision of result.metadata.decisions) if (requiredUnits.has(decision.unitId)) requiredTokens += decision.fullTokens + placeholderUpperBound(engine.getMessages(), chars);
      if (budget < provableViewBound(engine, context).bound + requiredTokens) return;
      for (const decision of result.metadata.decisions) {
        if (requiredUnits.has(decision.unitId)) expect(decision.fidelity, `REQUIRED ${decision.unitId} became a placeholder`).not.toBe('placeholder');
      }
    },
  );
});
