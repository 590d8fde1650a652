import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect } from 'vitest';
import { createCharTokenCounter, createContextEngine, openSession, type AssembleOptions, type CairnSession } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { createSqliteSessionStore } from './create-sqlite-session-store.js';
import { tempFolder } from './test-support/temp-database.js';

const tokenCounter = createCharTokenCounter();
const folder = tempFolder();
afterAll(() => folder.remove());
let runs = 0;

const stepArbitrary = fc.record({
  size: fc.integer({ min: 1, max: 4 }),
  action: fc.constantFrom('assemble', 'assemble', 'checkpoint', 'reopen', 'restart-store', 'nothing'),
  budget: fc.integer({ min: 200, max: 12_000 }),
  query: fc.option(fc.constantFrom('refund for ORD-4821', 'the failing test in src/app.ts', 'invoice INV-77'), { nil: undefined }),
});

function outcome(run: () => unknown): unknown {
  try {
    return { ok: true, value: JSON.parse(JSON.stringify(run())) };
  } catch (error) {
    return { ok: false, code: (error as { code?: string }).code };
  }
}

describe('openSession on SQLite (property)', () => {
  test.prop(
    {
      count: fc.integer({ min: 4, max: 70 }),
      size: fc.integer({ min: 20, max: 900 }),
      steps: fc.array(stepArbitrary, { minLength: 30, maxLength: 30 }),
      checkpointEvery: fc.integer({ min: 1, max: 25 }),
      finalBudget: fc.integer({ min: 200, max: 8_000 }),
    },
    { numRuns: 25, interruptAfterTimeLimit: 25_000 },
  )('reopening from the file (same or new connection) continues with the view of an engine that never stopped', async ({ count, size, steps, checkpointEvery, finalBudget }) => {
    const path = folder.path(`prop-${runs++}.db`);
    const messages = createSampleMessages(count, { prefix: 'p', size });
    const options = { tokenCounter, budget: 3_000 };
    let store = createSqliteSessionStore({ path });
    const open = (): Promise<CairnSession> => openSession({ ...options, store, tenant: 't', sessionId: 'p', checkpointEvery });
    const reference = createContextEngine({ ...options, sessionId: 'p' });
    let session = await open();
    let offset = 0;
    for (let index = 0; offset < messages.length; index++) {
      const step = steps[index % steps.length]!;
      const batch = messages.slice(offset, offset + step.size);
      offset += batch.length;
      await session.ingest(batch);
      reference.ingest(batch);
      const request: AssembleOptions = step.query === undefined ? { budget: step.budget } : { budget: step.budget, query: step.query };
      if (step.action === 'assemble') expect(outcome(() => session.assemble(request))).toEqual(outcome(() => reference.assemble(request)));
      else if (step.action === 'checkpoint') await session.checkpoint();
      else if (step.action === 'reopen' || step.action === 'restart-store') {
        await session.close();
        if (step.action === 'restart-store') {
          await store.close();
          store = createSqliteSessionStore({ path });
        }
        session = await open();
      }
    }
    await session.close();
    await store.close();
    store = createSqliteSessionStore({ path });
    const reopened = await open();
    expect(outcome(() => reopened.assemble({ budget: finalBudget }))).toEqual(outcome(() => reference.assemble({ budget: finalBudget })));
    await store.close();
  });
});
