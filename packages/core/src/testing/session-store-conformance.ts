import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CairnError } from '../log/index.js';
import { openSession } from '../session/index.js';
import type { SessionKey, SessionStore } from '../session/index.js';
import { createSampleMessages } from './create-sample-messages.js';

/** Options for {@link describeSessionStoreConformance}. */
export interface SessionStoreConformanceOptions {
  /** Makes a fresh, empty store; called before every test (closed after it when it has `close`). */
  createStore: () => SessionStore | Promise<SessionStore>;
  /**
   * Writes unreadable data straight into the stored log of `key` (bypassing the store's own
   * checks: garbage JSON in a row, a wrong type in a hash). When given, the suite checks that
   * `load` then throws `CORRUPT_SESSION` naming that session while other sessions still load.
   * @default none (only a corrupt saved state is checked, which needs no back door)
   */
  corruptMessages?: (store: SessionStore, key: SessionKey) => Promise<void>;
}

/** Keys no store may accept: separators, wildcards, path tricks, control characters, lengths. */
export const INVALID_KEY_PARTS: readonly unknown[] = [
  '',
  '..',
  'a..b',
  'a/b',
  'a\\b',
  'a b',
  'a*',
  '{tag}',
  "x'; DROP TABLE messages; --",
  'line\nbreak',
  'nul\u0000',
  'ü',
  'x'.repeat(129),
  42,
  undefined,
  null,
];

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (!CairnError.isInstance(error)) throw error;
    return error.code;
  }
}

async function errorOf(promise: Promise<unknown>): Promise<CairnError> {
  try {
    await promise;
  } catch (error) {
    if (CairnError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a CairnError, but the call succeeded');
}

/**
 * Registers the conformance tests every {@link SessionStore} must pass (vitest): round trip,
 * incremental appends, optimistic conflicts that write nothing, list pagination, delete, tenant
 * isolation, key validation against injection, and corrupt data reported as `CORRUPT_SESSION`
 * naming the session while other sessions keep working. Call it inside a test file.
 *
 * @param name - Shown in the test names, e.g. `'sqlite'`.
 * @param options - How to make a store, and optionally how to corrupt one.
 *
 * @example
 * ```ts
 * import { describeSessionStoreConformance } from '@cairn/core/testing';
 * describeSessionStoreConformance('redis', { createStore: () => createRedisSessionStore({ url }) });
 * ```
 */
export function describeSessionStoreConformance(name: string, { createStore, corruptMessages }: SessionStoreConformanceOptions): void {
  describe(`SessionStore conformance: ${name}`, () => {
    let store: SessionStore;
    const a: SessionKey = { tenant: 'acme', sessionId: 'chat-1' };
    const b: SessionKey = { tenant: 'acme', sessionId: 'chat-2' };

    beforeEach(async () => {
      store = await createStore();
    });
    afterEach(async () => {
      await store.close?.();
    });

    it('loads undefined for a session never written', async () => {
      expect(await store.load(a)).toBeUndefined();
    });

    it('round-trips messages (tool calls, text parts, metadata, non-ASCII) and states', async () => {
      const messages = createSampleMessages(12, { prefix: 'rt' });
      expect(await store.append(a, messages.slice(0, 5))).toEqual({ length: 5 });
      expect(await store.append(a, messages.slice(5))).toEqual({ length: 12 });
      expect(await store.saveState(a, { messageCount: 12, data: '{"x":"état ✓"}' })).toEqual({ version: 1 });
      const loaded = await store.load(a);
      expect(loaded?.key).toEqual(a);
      expect(loaded?.messages).toEqual(JSON.parse(JSON.stringify(messages)));
      expect(loaded?.state).toEqual({ version: 1, messageCount: 12, data: '{"x":"état ✓"}' });
    });

    it('appends incrementally: earlier messages and the state stay as they were', async () => {
      const messages = createSampleMessages(9, { prefix: 'inc' });
      await store.append(a, messages.slice(0, 4));
      await store.saveState(a, { messageCount: 4, data: 'state-at-4' });
      const before = await store.load(a);
      for (const message of messages.slice(4)) await store.append(a, [message]);
      const after = await store.load(a);
      expect(after?.messages.slice(0, 4)).toEqual(before?.messages);
      expect(after?.messages.map((message) => message.id)).toEqual(messages.map((message) => message.id));
      expect(after?.state).toEqual({ version: 1, messageCount: 4, data: 'state-at-4' });
    });

    it('does not share objects with the caller: mutating an appended message changes nothing stored', async () => {
      const [message] = createSampleMessages(1, { prefix: 'mut' });
      const copy = { ...message!, content: 'original' };
      await store.append(a, [copy]);
      copy.content = 'changed';
      expect((await store.load(a))?.messages[0]?.content).toBe('original');
    });

    it('rejects an append with a stale expectedLength (SESSION_CONFLICT) and writes nothing', async () => {
      const messages = createSampleMessages(6, { prefix: 'cf' });
      expect(await store.append(a, messages.slice(0, 2), { expectedLength: 0 })).toEqual({ length: 2 });
      expect(await codeOf(store.append(a, messages.slice(2, 4), { expectedLength: 0 }))).toBe('SESSION_CONFLICT');
      expect(await codeOf(store.append(a, messages.slice(2, 4), { expectedLength: 3 }))).toBe('SESSION_CONFLICT');
      expect(await codeOf(store.append(b, messages.slice(2, 4), { expectedLength: 1 }))).toBe('SESSION_CONFLICT');
      expect((await store.load(a))?.messages).toHaveLength(2);
      expect(await store.load(b)).toBeUndefined();
      expect(await store.append(a, messages.slice(2, 4), { expectedLength: 2 })).toEqual({ length: 4 });
    });

    it('lets exactly one of two racing appends with the same expectedLength through', async () => {
      const messages = createSampleMessages(4, { prefix: 'race' });
      await store.append(a, messages.slice(0, 2));
      const results = await Promise.allSettled([store.append(a, [messages[2]!], { expectedLength: 2 }), store.append(a, [messages[3]!], { expectedLength: 2 })]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected');
      expect(CairnError.isInstance(rejected?.reason) && rejected.reason.code).toBe('SESSION_CONFLICT');
      expect((await store.load(a))?.messages).toHaveLength(3);
    });

    it('versions states and rejects a save with a stale expectedVersion (SESSION_CONFLICT), saving nothing', async () => {
      await store.append(a, createSampleMessages(4, { prefix: 'ver' }));
      expect(await store.saveState(a, { messageCount: 2, data: 'one' }, { expectedVersion: 0 })).toEqual({ version: 1 });
      expect(await store.saveState(a, { messageCount: 3, data: 'two' }, { expectedVersion: 1 })).toEqual({ version: 2 });
      expect(await codeOf(store.saveState(a, { messageCount: 4, data: 'stale' }, { expectedVersion: 1 }))).toBe('SESSION_CONFLICT');
      expect(await codeOf(store.saveState(a, { messageCount: 4, data: 'future' }, { expectedVersion: 5 }))).toBe('SESSION_CONFLICT');
      expect((await store.load(a))?.state).toEqual({ version: 2, messageCount: 3, data: 'two' });
      expect(await store.saveState(a, { messageCount: 4, data: 'three' })).toEqual({ version: 3 });
    });

    it('rejects a state covering more messages than the log, and malformed state records', async () => {
      await store.append(a, createSampleMessages(2, { prefix: 'cover' }));
      expect(await codeOf(store.saveState(a, { messageCount: 3, data: 'too far' }))).toBe('SESSION_CONFLICT');
      expect(await codeOf(store.saveState(a, { messageCount: -1, data: 'x' }))).toBe('INVALID_OPTIONS');
      expect(await codeOf(store.saveState(a, { messageCount: 1.5, data: 'x' }))).toBe('INVALID_OPTIONS');
      expect(await codeOf(store.saveState(a, { messageCount: 1, data: 7 as unknown as string }))).toBe('INVALID_OPTIONS');
      expect((await store.load(a))?.state).toBeUndefined();
    });

    it('loads a log’s tail from a position (loadTail), when the store has it', async (context) => {
      if (!store.loadTail) return context.skip('this store has no loadTail (openSession falls back to load)');
      const messages = createSampleMessages(6, { prefix: 'tail' });
      expect(await store.loadTail(a, 0)).toBeUndefined();
      await store.append(a, messages);
      const json = JSON.parse(JSON.stringify(messages)) as unknown[];
      expect(await store.loadTail(a, 2)).toEqual({ length: 6, messages: json.slice(2), state: undefined });
      await store.saveState(a, { messageCount: 6, data: 'state' });
      const state = { version: 1, messageCount: 6, data: 'state' };
      expect(await store.loadTail(a, 0)).toEqual({ length: 6, messages: json, state });
      expect(await store.loadTail(a, 4)).toEqual({ length: 6, messages: json.slice(4), state });
      expect(await store.loadTail(a, 6)).toEqual({ length: 6, messages: [], state });
      expect(await store.loadTail(a, 9)).toEqual({ length: 6, messages: [], state });
      expect(await store.loadTail(b, 0)).toBeUndefined();
      for (const from of [-1, 1.5, Number.NaN, '2' as unknown as number]) expect(await codeOf(store.loadTail(a, from)), `from ${String(from)}`).toBe('INVALID_OPTIONS');
      expect(await codeOf(store.loadTail({ tenant: 'acme', sessionId: 'a b' }, 0))).toBe('INVALID_SESSION_KEY');
    });

    it('catches up with another writer by reading only the log’s tail (loadTail), when the store has it', async (context) => {
      if (!store.loadTail) return context.skip('this store has no loadTail (openSession falls back to load)');
      const calls: string[] = [];
      const loadTail = store.loadTail.bind(store);
      const counting: SessionStore = {
        load: (key) => (calls.push('load'), store.load(key)),
        loadTail: (key, from) => (calls.push(`loadTail ${from}`), loadTail(key, from)),
        append: (key, messages, options) => store.append(key, messages, options),
        saveState: (key, state, options) => store.saveState(key, state, options),
        list: (tenant, options) => store.list(tenant, options),
        delete: (key) => store.delete(key),
      };
      const messages = createSampleMessages(40, { prefix: 'catch' });
      const mine = await openSession({ store: counting, tenant: a.tenant, sessionId: a.sessionId });
      await mine.ingest(messages.slice(0, 30));
      await store.append(a, messages.slice(30, 38));
      calls.length = 0;
      await mine.ingest(messages.slice(38));
      expect(calls).toEqual(['loadTail 30']);
      expect(mine.engine.getMessages().map((message) => message.id)).toEqual(messages.map((message) => message.id));
      // A state-version conflict is settled from the stored state alone: no log is read.
      await store.saveState(a, { messageCount: 5, data: 'another writer’s state' });
      calls.length = 0;
      await mine.checkpoint();
      expect(calls).toEqual(['loadTail 40']);
      expect((await store.load(a))?.state).toMatchObject({ version: 2, messageCount: 40 });
    });

    it('lists a tenant’s sessions in ascending pages', async () => {
      const ids = ['s-07', 's-01', 's-05', 's-03', 's-02', 's-06', 's-04'];
      for (const sessionId of ids) await store.append({ tenant: 'acme', sessionId }, createSampleMessages(1, { prefix: sessionId }));
      await store.append({ tenant: 'other', sessionId: 's-00' }, createSampleMessages(1));
      const seen: string[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const page = await store.list('acme', after === undefined ? { limit: 3 } : { after, limit: 3 });
        expect(page.sessionIds.length).toBeLessThanOrEqual(3);
        seen.push(...page.sessionIds);
        after = page.next;
        pages++;
      } while (after !== undefined && pages < 10);
      expect(seen).toEqual([...ids].sort());
      expect(pages).toBe(3);
      expect(await store.list('acme')).toEqual({ sessionIds: [...ids].sort() });
      expect((await store.list('acme', { after: 's-05' })).sessionIds).toEqual(['s-06', 's-07']);
      expect(await store.list('nobody')).toEqual({ sessionIds: [] });
      expect(await codeOf(store.list('acme', { limit: 0 }))).toBe('INVALID_OPTIONS');
    });

    it('deletes a session’s log and state, and nothing else', async () => {
      await store.append(a, createSampleMessages(3, { prefix: 'del' }));
      await store.saveState(a, { messageCount: 3, data: 'state' });
      await store.append(b, createSampleMessages(2, { prefix: 'keep' }));
      expect(await store.delete(a)).toBe(true);
      expect(await store.delete(a)).toBe(false);
      expect(await store.load(a)).toBeUndefined();
      expect((await store.list('acme')).sessionIds).toEqual(['chat-2']);
      expect((await store.load(b))?.messages).toHaveLength(2);
      // A new session under the same id starts empty.
      expect(await store.append(a, createSampleMessages(1, { prefix: 'new' }))).toEqual({ length: 1 });
      expect((await store.load(a))?.state).toBeUndefined();
    });

    it('isolates tenants: the same session id in two tenants never sees the other’s data', async () => {
      const acme: SessionKey = { tenant: 'acme', sessionId: 'shared-id' };
      const globex: SessionKey = { tenant: 'globex', sessionId: 'shared-id' };
      await store.append(acme, createSampleMessages(3, { prefix: 'acme' }));
      await store.append(globex, createSampleMessages(2, { prefix: 'globex' }));
      await store.saveState(acme, { messageCount: 3, data: 'acme-state' });
      expect((await store.load(acme))?.messages.map((message) => message.id)).toEqual(['acme-m0', 'acme-m1', 'acme-m2']);
      expect((await store.load(globex))?.messages.map((message) => message.id)).toEqual(['globex-m0', 'globex-m1']);
      expect((await store.load(globex))?.state).toBeUndefined();
      expect(await codeOf(store.append(globex, createSampleMessages(1, { prefix: 'x', start: 9 }), { expectedLength: 3 }))).toBe('SESSION_CONFLICT');
      expect(await store.delete(globex)).toBe(true);
      expect((await store.load(acme))?.messages).toHaveLength(3);
      expect((await store.list('globex')).sessionIds).toEqual([]);
    });

    it('rejects invalid and injection-prone keys on every method (INVALID_SESSION_KEY), storing nothing', async () => {
      const message = createSampleMessages(1, { prefix: 'inj' });
      for (const bad of INVALID_KEY_PARTS) {
        for (const key of [{ tenant: bad, sessionId: 'ok' }, { tenant: 'acme', sessionId: bad }] as unknown as SessionKey[]) {
          expect(await codeOf(store.load(key)), `load ${JSON.stringify(key)}`).toBe('INVALID_SESSION_KEY');
          expect(await codeOf(store.append(key, message)), `append ${JSON.stringify(key)}`).toBe('INVALID_SESSION_KEY');
          expect(await codeOf(store.saveState(key, { messageCount: 0, data: 'x' })), `saveState ${JSON.stringify(key)}`).toBe('INVALID_SESSION_KEY');
          expect(await codeOf(store.delete(key)), `delete ${JSON.stringify(key)}`).toBe('INVALID_SESSION_KEY');
        }
        expect(await codeOf(store.list(bad as string)), `list ${JSON.stringify(bad)}`).toBe('INVALID_SESSION_KEY');
      }
      expect(await codeOf(store.load(null as unknown as SessionKey))).toBe('INVALID_SESSION_KEY');
      expect((await store.list('acme')).sessionIds).toEqual([]);
      // Every allowed character works.
      const odd: SessionKey = { tenant: 'T.e_n:a@n-t', sessionId: 'user@example.com:chat_1.2-3' };
      await store.append(odd, message);
      expect((await store.load(odd))?.messages).toHaveLength(1);
    });

    it('reports a corrupt or unknown-version saved state as CORRUPT_SESSION naming the session; other sessions still open', async () => {
      await store.append(a, createSampleMessages(4, { prefix: 'bad' }));
      await store.saveState(a, { messageCount: 4, data: '{"format":"cairn.session-state","version":1,"messageCount":4,' });
      const healthy = await openSession({ store, tenant: b.tenant, sessionId: b.sessionId });
      await healthy.ingest(createSampleMessages(4, { prefix: 'good' }));
      await healthy.close();

      const error = await errorOf(openSession({ store, tenant: a.tenant, sessionId: a.sessionId }));
      expect(error.code).toBe('CORRUPT_SESSION');
      expect(error.message).toContain('"chat-1"');
      expect(error.details).toMatchObject({ tenant: 'acme', sessionId: 'chat-1' });

      await store.saveState(a, { messageCount: 4, data: JSON.stringify({ format: 'cairn.session-state', version: 999, messageCount: 4 }) });
      const future = await errorOf(openSession({ store, tenant: a.tenant, sessionId: a.sessionId }));
      expect(future.code).toBe('CORRUPT_SESSION');
      expect(future.message).toMatch(/version 999/);

      const again = await openSession({ store, tenant: b.tenant, sessionId: b.sessionId });
      expect(again.engine.getMessages()).toHaveLength(4);
      // The corrupt session's log is intact: nothing was lost or overwritten.
      expect((await store.load(a))?.messages).toHaveLength(4);
    });

    it('never hides the log’s tail when a state record’s messageCount disagrees with its data: the session catches up from the log', async () => {
      const messages = createSampleMessages(20, { prefix: 'count' });
      const writer = await openSession({ store, tenant: a.tenant, sessionId: a.sessionId, checkpointEvery: 1_000 });
      await writer.ingest(messages.slice(0, 10));
      await writer.checkpoint();
      const stateAt10 = (await store.load(a))!.state!.data;
      await writer.ingest(messages.slice(10));
      await writer.close();
      const ids = messages.map((message) => message.id);
      // The record claims more than its data covers (20 vs 10), then less (5 vs 10).
      for (const messageCount of [20, 5]) {
        await store.saveState(a, { messageCount, data: stateAt10 });
        const reopened = await openSession({ store, tenant: a.tenant, sessionId: a.sessionId });
        expect(reopened.engine.getMessages().map((message) => message.id), `record messageCount ${messageCount}`).toEqual(ids);
        await reopened.close();
        expect((await store.load(a))?.messages).toHaveLength(20);
      }
    });

    it('accepts, under strict tool structure, a tool result whose call another writer appended (validates after catching up)', async () => {
      const strict = { store, tenant: a.tenant, sessionId: a.sessionId, onInvalidToolStructure: 'throw' as const };
      const serverA = await openSession(strict);
      const serverB = await openSession(strict);
      await serverA.ingest([
        { id: 'u1', role: 'user', content: 'Run the tests.' },
        { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'call-1', name: 'run_tests', arguments: {} }] },
      ]);
      await serverB.ingest({ id: 't1', role: 'tool', toolCallId: 'call-1', name: 'run_tests', content: '12 passed' });
      expect(serverB.engine.getMessages().map((message) => message.id)).toEqual(['u1', 'a1', 't1']);
      expect((await store.load(a))?.messages.map((message) => message.id)).toEqual(['u1', 'a1', 't1']);
      // A result that answers no call anywhere is still refused, and nothing is written.
      expect(await codeOf(serverB.ingest({ id: 't2', role: 'tool', toolCallId: 'call-404', content: 'stray' }))).toBe('ORPHAN_TOOL_RESULT');
      expect((await store.load(a))?.messages).toHaveLength(3);
      await serverA.close();
      await serverB.close();
    });

    if (corruptMessages) {
      it('reports a corrupt stored message as CORRUPT_SESSION naming the session; other sessions still load', async () => {
        await store.append(a, createSampleMessages(4, { prefix: 'bad' }));
        await store.append(b, createSampleMessages(3, { prefix: 'good' }));
        await corruptMessages(store, a);
        const error = await errorOf(store.load(a));
        expect(error.code).toBe('CORRUPT_SESSION');
        expect(error.message).toContain('"chat-1"');
        expect(error.details).toMatchObject({ tenant: 'acme', sessionId: 'chat-1' });
        expect((await errorOf(openSession({ store, tenant: a.tenant, sessionId: a.sessionId }))).code).toBe('CORRUPT_SESSION');
        if (store.loadTail) expect((await errorOf(store.loadTail(a, 0))).code).toBe('CORRUPT_SESSION');
        expect((await store.load(b))?.messages).toHaveLength(3);
        expect((await store.list('acme')).sessionIds).toEqual(['chat-1', 'chat-2']);
        expect(await store.delete(a)).toBe(true);
      });
    }

    it('carries a session across openSession/close with an identical next view', async () => {
      const messages = createSampleMessages(40, { prefix: 'view' });
      const first = await openSession({ store, tenant: a.tenant, sessionId: a.sessionId, budget: 600, checkpointEvery: 7 });
      const reference = await openSession({ tenant: a.tenant, sessionId: a.sessionId, budget: 600, checkpointEvery: 7 });
      for (let offset = 0; offset < 30; offset += 3) {
        const batch = messages.slice(offset, offset + 3);
        await first.ingest(batch);
        await reference.ingest(batch);
        expect(first.assemble({ budget: 600 })).toEqual(reference.assemble({ budget: 600 }));
      }
      await first.close();
      const second = await openSession({ store, tenant: a.tenant, sessionId: a.sessionId, budget: 600 });
      const next = messages.slice(30, 34);
      await second.ingest(next);
      await reference.ingest(next);
      expect(second.assemble({ budget: 600, query: 'refund ORD-4821' })).toEqual(reference.assemble({ budget: 600, query: 'refund ORD-4821' }));
      await second.close();
    });
  });
}
