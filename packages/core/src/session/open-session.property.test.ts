import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createContextEngine, type ContextEngine } from '../engine/index.js';
import type { ContextEngineOptions } from '../options/index.js';
import type { AssembleOptions } from '../render/index.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { openSession } from './open-session.js';
import type { CairnSession } from './cairn-session.js';
import type { SessionStore } from './session-store.js';
import { createCharTokenCounter } from '../log/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { plain } from '../test-support/check-view.js';

const counter = createCharTokenCounter();

/** What one step does after ingesting its batch. */
const stepArbitrary = fc.record({
  size: fc.integer({ min: 1, max: 4 }),
  action: fc.constantFrom('assemble', 'assemble', 'assemble', 'checkpoint', 'reopen', 'nothing'),
  budget: fc.oneof(fc.integer({ min: 50, max: 1_500 }), fc.integer({ min: 1_500, max: 20_000 })),
  query: fc.option(fc.constantFrom('refund for ORD-4821', 'why did run_tests fail in src/app.ts', 'flight to paris'), { nil: undefined }),
});

function outcome(run: () => unknown): unknown {
  try {
    return { ok: true, value: plain(run() as never) };
  } catch (error) {
    return { ok: false, code: (error as { code?: string }).code };
  }
}

function request(budget: number, query: string | undefined): AssembleOptions {
  return query === undefined ? { budget } : { budget, query };
}

describe('openSession properties', () => {
  test.prop(
    {
      session: arbitrarySession({ minTurns: 4, maxTurns: 25, deferResults: true, dropResults: true }),
      steps: fc.array(stepArbitrary, { minLength: 40, maxLength: 40 }),
      checkpointEvery: fc.integer({ min: 1, max: 30 }),
      finalBudget: fc.integer({ min: 80, max: 8_000 }),
    },
    { numRuns: 40, interruptAfterTimeLimit: 25_000 },
  )('a session closed and reopened from its store continues with the view of an engine that never stopped', async ({ session: messages, steps, checkpointEvery, finalBudget }) => {
    const options: ContextEngineOptions = { tokenCounter: counter, budget: 2_000 };
    const store: SessionStore = createInMemorySessionStore();
    const open = (): Promise<CairnSession> => openSession({ ...options, store, tenant: 'acme', sessionId: 'prop', checkpointEvery });
    const reference: ContextEngine = createContextEngine({ ...options, sessionId: 'prop' });
    let session = await open();
    let offset = 0;
    for (let index = 0; offset < messages.length; index++) {
      const step = steps[index % steps.length]!;
      const batch = messages.slice(offset, offset + step.size);
      offset += batch.length;
      await session.ingest(batch);
      reference.ingest(batch);
      if (step.action === 'assemble') {
        const assembleRequest = request(step.budget, step.query);
        expect(outcome(() => session.assemble(assembleRequest))).toEqual(outcome(() => reference.assemble(assembleRequest)));
      } else if (step.action === 'checkpoint') {
        await session.checkpoint();
      } else if (step.action === 'reopen') {
        await session.close();
        session = await open();
      }
    }
    await session.close();
    const reopened = await open();
    expect(reopened.engine.getMessages()).toEqual(JSON.parse(JSON.stringify(reference.getMessages())));
    expect(outcome(() => reopened.assemble({ budget: finalBudget }))).toEqual(outcome(() => reference.assemble({ budget: finalBudget })));
  });

  test.prop(
    {
      session: arbitrarySession({ minTurns: 4, maxTurns: 25, deferResults: true }),
      sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 30, maxLength: 30 }),
      assembleEvery: fc.integer({ min: 1, max: 4 }),
      checkpointEvery: fc.integer({ min: 1, max: 40 }),
      crashAfter: fc.nat(),
      budget: fc.integer({ min: 100, max: 6_000 }),
    },
    { numRuns: 40, interruptAfterTimeLimit: 20_000 },
  )('a reload after a crash (no close: the state is older than the log) loses no acknowledged message', async ({ session: messages, sizes, assembleEvery, checkpointEvery, crashAfter, budget }) => {
    const store = createInMemorySessionStore();
    const open = (): Promise<CairnSession> => openSession({ tokenCounter: counter, store, sessionId: 'crash', checkpointEvery });
    const crashing = await open();
    const acknowledged: string[] = [];
    const stopAt = crashAfter % (messages.length + 1);
    let offset = 0;
    for (let index = 0; offset < stopAt; index++) {
      const batch = messages.slice(offset, Math.min(stopAt, offset + sizes[index % sizes.length]!));
      offset += batch.length;
      await crashing.ingest(batch);
      acknowledged.push(...batch.map((message) => message.id));
      if (index % assembleEvery === 0) {
        try {
          crashing.assemble({ budget });
        } catch {
          // a budget too small for the mandatory part is fine here
        }
      }
    }
    // The process dies here: no close, pending background checkpoints may or may not have run.
    const loaded = await store.load({ tenant: 'default', sessionId: 'crash' });
    if (stopAt > 0) expect(loaded?.state === undefined || loaded.state.messageCount <= acknowledged.length).toBe(true);
    const reloaded = await open();
    expect(reloaded.engine.getMessages().map((message) => message.id)).toEqual(acknowledged);
    // It continues: the rest of the session ingests and a view assembles within the budget.
    await reloaded.ingest(messages.slice(stopAt));
    expect(reloaded.engine.getMessages()).toHaveLength(messages.length);
    try {
      const view = reloaded.assemble({ budget });
      expect(view.metadata.tokens).toBeLessThanOrEqual(budget);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('BUDGET_EXCEEDED');
    }
  });
});
