/**
 * A child process for the cross-process tests, run as
 * `node --import tsx --conditions=@cairn/source child-session.ts <mode> <database path>`.
 *
 * - `append-forever`: appends sample messages to session acme/crash in small batches through
 *   `openSession`, printing `ack <length>` after each acknowledged ingest, until killed.
 * - `write-and-close`: ingests the first WRITE_MESSAGES sample messages to acme/continued in
 *   batches of BATCH, assembling after each with the plan of `continuationPlan`, then closes.
 */
import { openSession } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { createSqliteSessionStore } from '../create-sqlite-session-store.js';
import { continuationPlan } from './continuation-plan.js';

const [mode, path] = process.argv.slice(2);
if (!path) throw new Error('usage: child-session.ts <append-forever|write-and-close> <path>');
const store = createSqliteSessionStore({ path });

if (mode === 'append-forever') {
  const session = await openSession({ store, tenant: 'acme', sessionId: 'crash', checkpointEvery: 7 });
  for (let offset = 0; ; ) {
    const size = 1 + (offset % 3);
    await session.ingest(createSampleMessages(size, { prefix: 'crash', start: offset }));
    offset += size;
    process.stdout.write(`ack ${offset}\n`);
    if (offset % 5 === 0) session.assemble({ budget: 2_000 });
  }
} else if (mode === 'write-and-close') {
  const plan = continuationPlan();
  const session = await openSession({ store, tenant: 'acme', sessionId: 'continued', ...plan.options });
  for (const step of plan.steps) {
    await session.ingest(step.messages);
    session.assemble(step.request);
  }
  await session.close();
  await store.close();
  process.stdout.write('done\n');
} else {
  throw new Error(`unknown mode ${mode}`);
}
