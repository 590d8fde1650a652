/**
 * Branches a stored session (context sovereignty): the agent explores two fixes in branches that
 * share the session's history without copying it, discards the one that failed, merges the one
 * that worked (a short summary, within the branch's entropy budget), then the session is reopened
 * from the store to show the branches survived. Offline and deterministic.
 *
 *   npm start -w @cairn/example-core-branches      (from the repository root)
 */
import { createInMemorySessionStore, MergeStrategy, openSession, type CairnMessage, type CairnSession } from '@cairn/core';
import { run } from './run.js';
import { engineBranches } from './engine-branches.js';

/** One tool exchange: the assistant's call and its result. */
function exchange(id: string, name: string, args: unknown, result: string, isError = false): CairnMessage[] {
  return [
    { id: `${id}-call`, role: 'assistant', content: '', toolCalls: [{ id: `${id}-c`, name, arguments: args }] },
    { id: `${id}-result`, role: 'tool', toolCallId: `${id}-c`, name, content: result, isError },
  ];
}

function viewTokens(session: CairnSession): number {
  return session.assemble().metadata.tokens;
}

run(async () => {
  const store = createInMemorySessionStore();
  const options = { store, tenant: 'acme', sessionId: 'export-bug', budget: 8_000 };
  const session = await openSession(options);
  await session.ingest([
    { id: 'u1', role: 'user', content: 'The nightly order export (ORD-*) times out after 30 s. Find out why and fix it.' },
    ...exchange('t1', 'run_sql', { query: 'EXPLAIN SELECT * FROM orders WHERE exported = false' }, 'Seq Scan on orders (cost=0.00..184220.00 rows=4100000)'),
    { id: 'a1', role: 'assistant', content: 'A full scan of 4.1M rows. Two options: cache the export, or add an index.' },
  ]);
  const before = viewTokens(session);
  console.log(`main: ${session.engine.getMessages().length} messages, view ${before} tokens`);

  // Branch 1: try a cache. It does not help; discard it.
  const cache = await session.branch('try-cache');
  await cache.session.ingest([
    ...exchange('b1', 'edit_file', { path: 'export.py', change: 'wrap query in @lru_cache' }, 'export.py updated'),
    ...exchange('b2', 'run_export', { dry_run: true }, 'Error: timeout after 30 s (cache cold on every nightly run)', true),
    { id: 'b3', role: 'assistant', content: 'The cache is cold every night, so it cannot help. Dead end.' },
  ]);
  console.log(`branch ${cache.path.join('/')}: depth ${cache.depth}, forked at ${cache.forkAt}, sees ${cache.session.engine.getMessages().length} messages (shared, not copied)`);
  await cache.discard();
  console.log(`discarded it: main view ${viewTokens(session)} tokens (+${viewTokens(session) - before})`);

  // Branch 2: try an index. It works; merge a summary back.
  const index = await session.branch('try-index', { entropyBudget: 0.05 });
  await index.session.ingest([
    ...exchange('c1', 'run_sql', { query: 'CREATE INDEX orders_unexported ON orders (exported) WHERE exported = false' }, 'CREATE INDEX (2.1 s)'),
    ...exchange('c2', 'run_export', { dry_run: true }, 'Exported 18,204 orders in 4.2 s'),
    { id: 'c3', role: 'assistant', content: 'The partial index orders_unexported brings the export from >30 s to 4.2 s.' },
  ]);
  const merged = await index.merge(MergeStrategy.SUMMARIZE);
  const after = viewTokens(session);
  console.log(`merged ${index.path.join('/')} (${merged.strategy}): +${merged.tokens} tokens of ${index.entropyTokens} allowed; main view ${after} tokens (+${after - before})`);
  console.log(`  ${String(session.engine.getMessage(merged.addedIds[0]!)?.content).replace(/\n/g, '\n  ')}`);
  await Promise.all([session.close(), cache.session.close(), index.session.close()]);

  // A restart: the branches are in the store.
  const reopened = await openSession(options);
  for (const branch of await reopened.listBranches()) console.log(`after reopening: ${branch.path.join('/')} is ${branch.status}`);
  try {
    await (await reopened.openBranch('try-cache')).merge();
  } catch (error) {
    console.log(`merging the discarded branch: ${(error as { code?: string }).code}`);
  }
  await reopened.close();

  engineBranches();
});
