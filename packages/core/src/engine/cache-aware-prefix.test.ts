import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import type { ContextEngineOptions } from '../options/index.js';
import type { AssembleResult } from '../render/index.js';
import { createCharTokenCounter, type ViewMessage } from '../log/index.js';
import { arbitrarySession, buildSession, generateText } from '../test-support/arbitrary-session.js';
import { checkView, plain } from '../test-support/check-view.js';

// Prompt-cache-aware planning (options.prefix, plan/cache-aware-plan.ts): on steady turns (no
// query, same budget, messages appended) a view keeps the previous view's messages byte-identical
// up to the first unit the plan changed, and the views still satisfy every view invariant.

const chars = createCharTokenCounter();

/** Index of the first message of `previous` a steady turn may render differently. */
function firstMutableMessage(before: AssembleResult, next: AssembleResult): number {
  const previous = before.messages;
  const decisions = next.metadata.decisions;
  const unitOf = new Map<string, number>();
  decisions.forEach((decision, unit) => {
    for (const id of decision.messageIds) unitOf.set(id, unit);
  });
  const messagesBefore = new Map(before.metadata.decisions.map((decision) => [decision.unitId, decision.messageIds.join('\u0000')]));
  const squeezedBefore = new Set(before.metadata.decisions.filter((decision) => decision.reason === 'budget-fallback').map((decision) => decision.unitId));
  // The first unit whose fidelity changed, that took in new messages, or that the budget fallback
  // cut to a cap of the turn, less one: a placeholder run ending right before it may grow.
  let changed = decisions.findIndex(
    (decision) =>
      (decision.previous !== undefined && decision.previous !== decision.fidelity) ||
      messagesBefore.get(decision.unitId) !== decision.messageIds.join('\u0000') ||
      decision.reason === 'budget-fallback' ||
      squeezedBefore.has(decision.unitId),
  );
  if (changed < 0) changed = decisions.length;
  const limit = Math.max(0, changed - 1);
  for (let index = 0; index < previous.length; index++) {
    const message = previous[index]!;
    // Synthetic messages after the history (the brief, a result standing in for one not yet recorded).
    if (message.id.startsWith('cairn:') && !message.id.startsWith('cairn:placeholder:')) return index;
    if (message.sourceIds.some((id) => (unitOf.get(id) ?? Number.POSITIVE_INFINITY) >= limit)) return index;
  }
  return previous.length;
}

const turns = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 14 });

describe('cache-aware steady turns', () => {
  const prefixes = fc.constantFrom<NonNullable<ContextEngineOptions['prefix']>>({ cacheAware: false }, { cacheAware: true }, { compactTo: 0.4 }, { compactTo: 0.55, brief: 'end' });
  test.prop([arbitrarySession({ minTurns: 12, maxTurns: 50 }), fc.integer({ min: 400, max: 6_000 }), turns, prefixes], { numRuns: 60 })(
    'keep every message before the first changed unit byte-identical, within the budget, pairs whole, in order',
    (session, budget, steps, prefix) => {
      const engine = createContextEngine({ tokenCounter: chars, onBudgetExceeded: 'compress-mandatory', prefix });
      let logged = Math.max(1, Math.floor(session.length / 3));
      engine.ingest(session.slice(0, logged));
      let previous: AssembleResult | undefined;
      for (const step of steps) {
        const next = Math.min(session.length, logged + step);
        if (next > logged) engine.ingest(session.slice(logged, next));
        logged = next;
        let result: AssembleResult;
        try {
          result = engine.assemble({ budget });
        } catch {
          previous = undefined;
          continue;
        }
        checkView(engine, result, { counter: chars, budget, onBudgetExceeded: 'compress-mandatory' });
        if (previous) {
          const keep = firstMutableMessage(previous, result);
          expect(plain({ messages: result.messages.slice(0, keep) } as AssembleResult)).toEqual(plain({ messages: previous.messages.slice(0, keep) } as AssembleResult));
          expect(result.metadata.stablePrefix).toBeGreaterThanOrEqual(keep);
        }
        previous = result;
      }
    },
  );
});

describe('causal-chain restores in a cache-aware view', () => {
  const session = buildSession({ turns: 45, seed: 11 });

  it('wait for a turn that frees tokens: none while nothing is appended, then once', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(session);
    // The history part of the view (the brief after it may change its wording from turn to turn).
    const history = (result: AssembleResult) => result.messages.filter((message) => !message.id.startsWith('cairn:') || message.id.startsWith('cairn:placeholder:'));
    const restored = (result: AssembleResult) => result.metadata.decisions.filter((decision) => decision.reason === 'causal-chain').map((decision) => decision.unitId);
    let first: AssembleResult | undefined;
    for (let turn = 0; turn < 8; turn++) {
      const result = engine.assemble({ budget: 1_200 });
      checkView(engine, result, { counter: chars, budget: 1_200 });
      expect(restored(result)).toEqual([]);
      if (first) expect(history(result)).toEqual(history(first));
      first ??= result;
    }
    // The same eight turns without cache awareness restore (context-engine.test.ts): the units wait.
    engine.ingest({ id: 'late-answer', role: 'assistant', content: generateText(77, 260) });
    const next = engine.assemble({ budget: 1_200 });
    checkView(engine, next, { counter: chars, budget: 1_200 });
    const unitsRestored = restored(next);
    expect(next.metadata.regraded || next.metadata.compacted > 0).toBe(true);
    expect(unitsRestored.length).toBeGreaterThan(0);
    for (const decision of next.metadata.decisions.filter((d) => d.reason === 'causal-chain')) {
      expect(decision.previous).toBe('placeholder');
      expect(['compressed', 'full']).toContain(decision.fidelity);
    }
    // Once: a unit restored is not restored again on the next freeing turn.
    engine.ingest({ id: 'later-answer', role: 'assistant', content: generateText(78, 260) });
    const after = engine.assemble({ budget: 1_200 });
    for (const id of restored(after)) expect(unitsRestored).not.toContain(id);
  });
});
