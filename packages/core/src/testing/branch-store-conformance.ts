import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CairnError, createCharTokenCounter } from '../log/index.js';
import { MergeStrategy } from '../sovereignty/index.js';
import { BRANCH_RECORD_FORMAT, openSession } from '../session/index.js';
import type { SessionKey, SessionStore } from '../session/index.js';
import { createSampleMessages } from './create-sample-messages.js';

/** Options for {@link describeBranchStoreConformance}. */
export interface BranchStoreConformanceOptions {
  /** Makes a fresh, empty store; called before every test (closed after it when it has `close`). */
  createStore: () => SessionStore | Promise<SessionStore>;
  /**
   * A second handle on the same data, as after a restart or from another process (a new
   * connection, the same file reopened). @default the same store object
   */
  reopenStore?: (store: SessionStore) => SessionStore | Promise<SessionStore>;
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (!CairnError.isInstance(error)) throw error;
    return error.code;
  }
}

const tokenCounter = createCharTokenCounter();

/**
 * Registers the branch tests every store with `saveBranch` / `loadBranches` must pass (vitest):
 * versioned records with optimistic conflicts, isolation, name validation, a branch session that
 * shares the parent's log without copied rows, branches surviving a restart, concurrent
 * creators and mergers (exactly one wins, nothing duplicated), merging a discarded branch
 * refused, a merge cut short by a crash completed on the next open, and `delete` removing the
 * session's branch records.
 *
 * @param name - Shown in the test names, e.g. `'sqlite'`.
 * @param options - How to make and reopen a store.
 *
 * @example
 * ```ts
 * describeBranchStoreConformance('sqlite', { createStore: () => createSqliteSessionStore({ path }) });
 * ```
 */
export function describeBranchStoreConformance(name: string, { createStore, reopenStore = (store) => store }: BranchStoreConformanceOptions): void {
  describe(`branch store conformance: ${name}`, () => {
    let store: SessionStore;
    const extra: SessionStore[] = [];
    const key: SessionKey = { tenant: 'acme', sessionId: 'trip-1' };
    const open = (on: SessionStore = store) => openSession({ store: on, tenant: key.tenant, sessionId: key.sessionId, tokenCounter, budget: 4_000 });
    const reopen = async () => {
      const again = await reopenStore(store);
      if (again !== store) extra.push(again);
      return again;
    };

    beforeEach(async () => {
      store = await createStore();
    });
    afterEach(async () => {
      for (const other of extra.splice(0)) await other.close?.();
      await store.close?.();
    });

    it('keeps versioned records per session, refuses a stale version, and validates names and keys', async () => {
      expect(await store.loadBranches!(key)).toEqual([]);
      expect(await store.saveBranch!(key, { name: 'b1', data: '{"x":1}' }, { expectedVersion: 0 })).toEqual({ version: 1 });
      expect(await codeOf(store.saveBranch!(key, { name: 'b1', data: '{"x":2}' }, { expectedVersion: 0 }))).toBe('SESSION_CONFLICT');
      expect(await store.saveBranch!(key, { name: 'b1', data: '{"x":3}' }, { expectedVersion: 1 })).toEqual({ version: 2 });
      expect(await store.loadBranches!(key)).toEqual([{ name: 'b1', version: 2, data: '{"x":3}' }]);
      expect(await store.loadBranches!({ tenant: 'other', sessionId: key.sessionId })).toEqual([]);
      expect(await store.loadBranches!({ tenant: key.tenant, sessionId: 'trip-2' })).toEqual([]);
      for (const bad of ['a/b', 'a:b', '', 'x'.repeat(1024 * 1024)]) expect(await codeOf(store.saveBranch!(key, { name: bad, data: '{}' }))).toBe('INVALID_BRANCH_NAME');
      expect(await codeOf(store.saveBranch!({ tenant: 'a/b', sessionId: 's' }, { name: 'ok', data: '{}' }))).toBe('INVALID_SESSION_KEY');
      expect(await store.loadBranches!(key)).toEqual([{ name: 'b1', version: 2, data: '{"x":3}' }]);
    });

    it('lets exactly one of two concurrent creators of the same branch win', async () => {
      const results = await Promise.allSettled([0, 1].map((n) => store.saveBranch!(key, { name: 'race', data: `{"n":${n}}` }, { expectedVersion: 0 })));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(await store.loadBranches!(key)).toHaveLength(1);
    });

    it('shares the parent log without copying rows, survives a restart, and merges into the parent', async () => {
      const parent = await open();
      await parent.ingest(createSampleMessages(6, { prefix: 'p' }));
      const branch = await parent.branch('explore');
      expect(branch).toMatchObject({ path: ['trip-1', 'explore'], depth: 1, forkAt: 6, status: 'open' });
      await branch.session.ingest(createSampleMessages(4, { prefix: 'b' }));
      expect(branch.session.engine.getMessages()).toHaveLength(10);
      await branch.session.close();
      await parent.close();

      const again = await reopen();
      const childKey = { tenant: key.tenant, sessionId: branch.session.key.sessionId };
      expect((await again.load(childKey))?.messages).toHaveLength(4);
      const parent2 = await open(again);
      expect(await parent2.listBranches()).toEqual([expect.objectContaining({ name: 'explore', status: 'open', forkAt: 6 })]);
      const branch2 = await parent2.openBranch('explore');
      expect(branch2.session.engine.getMessages().map((message) => message.id)).toEqual([...createSampleMessages(6, { prefix: 'p' }), ...createSampleMessages(4, { prefix: 'b' })].map((message) => message.id));
      const before = parent2.assemble().metadata.tokens;
      const merged = await branch2.merge();
      expect(parent2.assemble().metadata.tokens - before).toBeLessThan(100);
      await parent2.close();
      await branch2.session.close();

      const parent3 = await open(await reopen());
      expect(parent3.engine.getMessages().map((message) => message.id).slice(-1)).toEqual(merged.addedIds);
      expect(await parent3.listBranches()).toEqual([expect.objectContaining({ name: 'explore', status: 'merged' })]);
      expect(await codeOf((await parent3.openBranch('explore')).merge())).toBe('BRANCH_CLOSED');
      expect(await codeOf(parent3.branch('explore'))).toBe('BRANCH_EXISTS');
      await parent3.close();
    });

    it('nests branches in a scope tree across restarts', async () => {
      const parent = await open();
      await parent.ingest(createSampleMessages(2, { prefix: 'p' }));
      const outer = await parent.branch('outer');
      await outer.session.ingest(createSampleMessages(2, { prefix: 'o' }));
      const inner = await outer.session.branch('inner');
      expect(inner).toMatchObject({ path: ['trip-1', 'outer', 'inner'], depth: 2, forkAt: 4 });
      await inner.session.ingest(createSampleMessages(2, { prefix: 'i' }));
      await inner.session.close();
      await outer.session.close();
      await parent.close();
      const parent2 = await open(await reopen());
      const outer2 = await parent2.openBranch('outer');
      const inner2 = await outer2.session.openBranch('inner');
      expect(inner2.session.engine.getMessages()).toHaveLength(6);
      await inner2.merge(MergeStrategy.SQUASH);
      expect(outer2.session.engine.getMessages()).toHaveLength(5);
      expect(parent2.engine.getMessages()).toHaveLength(2);
      for (const session of [inner2.session, outer2.session, parent2]) await session.close();
    });

    it('with concurrent writers, exactly one merge lands; merging a discarded branch fails and loses nothing', async () => {
      const first = await open();
      await first.ingest(createSampleMessages(4, { prefix: 'p' }));
      const branch = await first.branch('x');
      await branch.session.ingest(createSampleMessages(2, { prefix: 'x' }));
      await branch.session.checkpoint();
      const second = await open(await reopen());
      const handles = [branch, await second.openBranch('x')];
      const results = await Promise.allSettled(handles.map((handle) => handle.merge()));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(CairnError.isInstance(rejected.reason) && rejected.reason.code).toBe('BRANCH_CLOSED');
      const third = await open(await reopen());
      expect(third.engine.getMessages().filter((message) => message.id.startsWith('cairn-branch:'))).toHaveLength(1);

      const doomed = await third.branch('doomed');
      await doomed.session.ingest(createSampleMessages(2, { prefix: 'd' }));
      await doomed.discard();
      const length = third.engine.getMessages().length;
      expect(await codeOf(doomed.merge())).toBe('BRANCH_CLOSED');
      expect(await codeOf((await third.openBranch('doomed')).merge())).toBe('BRANCH_CLOSED');
      expect(third.engine.getMessages()).toHaveLength(length);
      expect(doomed.session.engine.getMessages()).toHaveLength(length + 2);
      for (const session of [first, second, third, branch.session, handles[1]!.session, doomed.session]) await session.close();
    });

    it('delete(key) removes the session\'s branch records; branch sessions stay until deleted by their own key', async () => {
      const parent = await open();
      await parent.ingest(createSampleMessages(2, { prefix: 'p' }));
      const branch = await parent.branch('gone');
      await branch.session.ingest(createSampleMessages(1, { prefix: 'g' }));
      const childKey = branch.session.key;
      await branch.session.close();
      await parent.close();
      const other = { tenant: key.tenant, sessionId: 'trip-2' };
      await store.saveBranch!(other, { name: 'kept', data: '{}' });
      expect(await store.delete(key)).toBe(true);
      const again = await reopen();
      expect(await again.loadBranches!(key)).toEqual([]);
      expect(await again.loadBranches!(other)).toHaveLength(1);
      // The branch's own session is a session of its own: delete removes the parent only.
      expect((await again.load(childKey))?.messages).toHaveLength(1);
      expect(await again.delete(childKey)).toBe(true);
      // A new session under the same key starts with no branches, and a branch name is free again.
      const fresh = await open(again);
      await fresh.ingest(createSampleMessages(1, { prefix: 'n' }));
      expect(await fresh.listBranches()).toEqual([]);
      const reborn = await fresh.branch('gone');
      expect(reborn.forkAt).toBe(1);
      expect(reborn.session.engine.getMessages()).toHaveLength(1);
      await reborn.session.close();
      await fresh.close();
    });

    it('completes a merge a crash cut short (record written, parent not yet appended)', async () => {
      const parent = await open();
      await parent.ingest(createSampleMessages(2, { prefix: 'p' }));
      const branch = await parent.branch('crash');
      await branch.session.close();
      const [stored] = await store.loadBranches!(key);
      const record = JSON.parse(stored!.data) as Record<string, unknown>;
      expect(record.format).toBe(BRANCH_RECORD_FORMAT);
      const promised = { id: 'cairn-branch:crash@2:summarize', role: 'assistant', content: '[cairn:branch path=trip-1/crash strategy=summarize messages=1]\nfound it' };
      await store.saveBranch!(key, { name: 'crash', data: JSON.stringify({ ...record, status: 'merged', merge: { strategy: 'summarize', tokens: 20, messages: [JSON.stringify(promised)] } }) }, { expectedVersion: stored!.version });
      await parent.close();
      const parent2 = await open(await reopen());
      expect(parent2.engine.getMessage(promised.id)).toBeUndefined();
      await parent2.listBranches();
      expect(parent2.engine.getMessage(promised.id)?.content).toBe(promised.content);
      await parent2.close();
      const parent3 = await open(await reopen());
      expect(parent3.engine.getMessages().filter((message) => message.id === promised.id)).toHaveLength(1);
      await parent3.close();
    });
  });
}
