import { describe, expect, it } from 'vitest';
import { CairnError, createCharTokenCounter } from '../log/index.js';
import { createSampleMessages } from '../testing/create-sample-messages.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { openSession } from './open-session.js';
import type { SessionStore } from './session-store.js';

const tokenCounter = createCharTokenCounter();

describe('stored session branches', () => {
  it('fork at an earlier message with `at`, and survive a reopen with the same prefix', async () => {
    const store = createInMemorySessionStore();
    const session = await openSession({ store, sessionId: 's1', tokenCounter });
    await session.ingest(createSampleMessages(8, { prefix: 'p' }));
    const branch = await session.branch('edit', { at: 4 });
    expect(branch.forkAt).toBe(4);
    await branch.session.ingest(createSampleMessages(2, { prefix: 'e' }));
    expect(branch.session.engine.getMessages().map((message) => message.id)).toEqual([...createSampleMessages(4, { prefix: 'p' }), ...createSampleMessages(2, { prefix: 'e' })].map((message) => message.id));
    await branch.session.close();
    await session.close();
    const again = await openSession({ store, sessionId: 's1', tokenCounter });
    const reopened = await again.openBranch('edit');
    expect(reopened.session.engine.getMessages()).toHaveLength(6);
    await expect(again.branch('bad', { at: 9 })).rejects.toSatisfy((error) => CairnError.isInstance(error) && error.code === 'INVALID_OPTIONS');
    await expect(again.openBranch('missing')).rejects.toSatisfy((error) => CairnError.isInstance(error) && error.code === 'UNKNOWN_MESSAGE');
  });

  it('a store without branch methods still works for sessions and refuses branches with a typed error', async () => {
    const { saveBranch: _save, loadBranches: _load, ...plain } = createInMemorySessionStore();
    const session = await openSession({ store: plain as SessionStore, sessionId: 's2', tokenCounter });
    await session.ingest(createSampleMessages(2));
    await expect(session.branch('x')).rejects.toSatisfy((error) => CairnError.isInstance(error) && error.code === 'INVALID_OPTIONS');
    expect(session.engine.getMessages()).toHaveLength(2);
  });
  it('a merged or discarded branch refuses writes with BRANCH_CLOSED (this handle, another handle, after a reopen); nothing is stored', async () => {
    const store = createInMemorySessionStore();
    const session = await openSession({ store, sessionId: 's3', tokenCounter });
    await session.ingest(createSampleMessages(3, { prefix: 'p' }));
    const kept = await session.branch('kept');
    await kept.session.ingest(createSampleMessages(1, { prefix: 'k' }));
    const doomed = await session.branch('doomed');
    const other = await session.openBranch('doomed');
    await doomed.session.ingest(createSampleMessages(2, { prefix: 'd' }));
    await doomed.discard();
    await kept.merge();
    const closedCode = (error: unknown) => CairnError.isInstance(error) && error.code === 'BRANCH_CLOSED';
    await expect(doomed.session.ingest(createSampleMessages(1, { prefix: 'x' }))).rejects.toSatisfy(closedCode);
    await expect(other.session.ingest(createSampleMessages(1, { prefix: 'y' }))).rejects.toSatisfy(closedCode);
    await expect(kept.session.ingest(createSampleMessages(1, { prefix: 'z' }))).rejects.toSatisfy(closedCode);
    const reopened = await session.openBranch('doomed');
    await expect(reopened.session.ingest(createSampleMessages(1, { prefix: 'w' }))).rejects.toSatisfy(closedCode);
    // Nothing refused reached the store or the engines; an open branch still takes messages.
    expect((await store.load(doomed.session.key))?.messages).toHaveLength(2);
    expect(doomed.session.engine.getMessages()).toHaveLength(5);
    expect(reopened.session.engine.getMessages()).toHaveLength(5);
    const open = await session.branch('open');
    await open.session.ingest(createSampleMessages(1, { prefix: 'o' }));
    expect(open.session.engine.getMessages()).toHaveLength(open.forkAt + 1);
  });
});
