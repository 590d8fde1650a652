import { checkSessionKey, checkSessionTenant } from './check-session-key.js';
import { decodeStoredMessage } from './decode-stored-message.js';
import { encodeStoredMessage } from './encode-stored-message.js';
import { CairnError } from '../log/index.js';
import { sessionConflictError } from './session-conflict-error.js';
import type { LoadedSession, LoadedTail, SessionKey, SessionPage, SessionStore, StoredState } from './session-store.js';
import type { CairnMessage } from '../log/index.js';
import { createInMemoryBranchRecords } from './in-memory-branch-records.js';
import { createMemoryCrystals } from './in-memory-crystals.js';
import { createSessionRecency } from './session-recency.js';

/** Page size of `list` when no `limit` is given. */
export const DEFAULT_LIST_LIMIT = 100;

/** Default of {@link InMemorySessionStoreOptions.maxSessions}. */
export const DEFAULT_MAX_MEMORY_SESSIONS = 1000;

/** Options of {@link createInMemorySessionStore}. */
export interface InMemorySessionStoreOptions {
  /**
   * Sessions kept at most. Past it, the least recently used session (read or written longest ago)
   * is forgotten whole — messages, state, crystals and branches — as `delete` would, so a
   * long-running process that opens new sessions never grows without bound. `Infinity` keeps every
   * session. Keep it above the sessions your adapters hold open (their `maxOpenSessions`, 100 by
   * default); use a durable store (`@cairn/store-sqlite`, `@cairn/store-redis`) for history that
   * must outlive this.
   * @default 1000 ({@link DEFAULT_MAX_MEMORY_SESSIONS})
   */
  readonly maxSessions?: number;
  /**
   * Told about each session forgotten for `maxSessions` (not about `delete`).
   * @default nothing
   */
  readonly onEvict?: (key: SessionKey) => void;
}

interface MemorySession {
  /** Messages as JSON text, like a durable store keeps them (callers' objects are never shared). */
  readonly messages: string[];
  state: StoredState | undefined;
}

/** @internal Checks `saveState`'s record and `list`'s options; shared by stores. */
export function checkStateRecord(state: Omit<StoredState, 'version'>): void {
  if (typeof state !== 'object' || state === null || !Number.isInteger(state.messageCount) || state.messageCount < 0 || typeof state.data !== 'string') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'saveState needs { messageCount: a non-negative integer, data: a string }.' });
  }
}

/** @internal Checks `loadTail`'s start position; shared by stores. */
export function checkTailStart(from: number): number {
  if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 0) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `loadTail: from must be a non-negative integer, got ${String(from)}.`, details: { from } });
  }
  return from;
}

/** @internal */
export function checkListLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `list: limit must be a positive integer, got ${String(limit)}.`, details: { limit } });
  }
  return limit;
}

function checkMemoryStoreOptions(options: InMemorySessionStoreOptions): Required<InMemorySessionStoreOptions> {
  if (typeof options !== 'object' || options === null) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'createInMemorySessionStore: options must be an object.' });
  const { maxSessions = DEFAULT_MAX_MEMORY_SESSIONS, onEvict = () => undefined } = options;
  if (maxSessions !== Number.POSITIVE_INFINITY && (!Number.isSafeInteger(maxSessions) || maxSessions < 1)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `createInMemorySessionStore: maxSessions must be a positive integer or Infinity, got ${String(maxSessions)}.`, details: { maxSessions } });
  }
  if (typeof onEvict !== 'function') throw new CairnError({ code: 'INVALID_OPTIONS', message: 'createInMemorySessionStore: onEvict must be a function.' });
  return { maxSessions, onEvict };
}

/**
 * A {@link SessionStore} kept in memory: the default of `openSession` and of the adapters, and the
 * reference every other store is tested against (`@cairn/core/testing`). Messages are kept as JSON
 * text, so the store behaves like a durable one (no shared objects, the same serialisation
 * errors). Nothing survives the process, and past `maxSessions` (1,000 by default) the least
 * recently used session is forgotten, so memory stays bounded.
 *
 * @param options - See {@link InMemorySessionStoreOptions}.
 * @returns A new, empty store.
 * @throws CairnError `INVALID_OPTIONS` for a bad `maxSessions` or `onEvict`.
 *
 * @example
 * ```ts
 * const store = createInMemorySessionStore();
 * const session = await openSession({ store, sessionId: 'chat-1' });
 * ```
 */
export function createInMemorySessionStore(options: InMemorySessionStoreOptions = {}): SessionStore {
  const { maxSessions, onEvict } = checkMemoryStoreOptions(options);
  const tenants = new Map<string, Map<string, MemorySession>>();
  const { forget, ...crystals } = createMemoryCrystals();
  const { forget: forgetBranches, ...branches } = createInMemoryBranchRecords();
  const recency = createSessionRecency(maxSessions, (key) => {
    forgetSession(key);
    onEvict(key);
  });
  function forgetSession(key: SessionKey): boolean {
    forget(key);
    forgetBranches(key);
    return tenants.get(key.tenant)?.delete(key.sessionId) ?? false;
  }
  const find = (key: SessionKey): MemorySession | undefined => {
    const session = tenants.get(key.tenant)?.get(key.sessionId);
    if (session) recency.touch(key);
    return session;
  };
  const touching = <A extends [SessionKey, ...unknown[]], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await method(...args);
      recency.touch(args[0]);
      return result;
    };

  return {
    ...branches,
    ...crystals,
    saveBranch: touching(branches.saveBranch),
    saveCrystal: touching(crystals.saveCrystal),

    async load(key): Promise<LoadedSession | undefined> {
      checkSessionKey(key);
      const session = find(key);
      if (!session) return undefined;
      const messages: CairnMessage[] = session.messages.map((text, position) => decodeStoredMessage(key, text, position));
      return { key: { tenant: key.tenant, sessionId: key.sessionId }, messages, state: session.state && { ...session.state } };
    },

    async loadTail(key, from): Promise<LoadedTail | undefined> {
      checkSessionKey(key);
      checkTailStart(from);
      const session = find(key);
      if (!session) return undefined;
      const messages = session.messages.slice(from).map((text, offset) => decodeStoredMessage(key, text, from + offset));
      return { length: session.messages.length, messages, state: session.state && { ...session.state } };
    },

    async append(key, messages, { expectedLength } = {}) {
      checkSessionKey(key);
      const rows = messages.map(encodeStoredMessage);
      const session = find(key);
      const length = session?.messages.length ?? 0;
      if (expectedLength !== undefined && expectedLength !== length) throw sessionConflictError(key, `the log has ${length} messages, the writer expected ${expectedLength}`);
      if (rows.length === 0) return { length };
      const target = session ?? { messages: [], state: undefined };
      if (!session) {
        const sessions = tenants.get(key.tenant) ?? new Map<string, MemorySession>();
        tenants.set(key.tenant, sessions);
        sessions.set(key.sessionId, target);
      }
      target.messages.push(...rows);
      recency.touch(key);
      return { length: target.messages.length };
    },

    async saveState(key, state, { expectedVersion } = {}) {
      checkSessionKey(key);
      checkStateRecord(state);
      const session = find(key);
      const current = session?.state?.version ?? 0;
      if (expectedVersion !== undefined && expectedVersion !== current) throw sessionConflictError(key, `the state is at version ${current}, the writer expected ${expectedVersion}`);
      const length = session?.messages.length ?? 0;
      if (state.messageCount > length) throw sessionConflictError(key, `the state covers ${state.messageCount} messages, the log has ${length}`);
      const target = session ?? { messages: [], state: undefined };
      if (!session) {
        const sessions = tenants.get(key.tenant) ?? new Map<string, MemorySession>();
        tenants.set(key.tenant, sessions);
        sessions.set(key.sessionId, target);
      }
      target.state = { version: current + 1, messageCount: state.messageCount, data: state.data };
      recency.touch(key);
      return { version: current + 1 };
    },

    async list(tenant, { after, limit } = {}): Promise<SessionPage> {
      checkSessionTenant(tenant);
      const size = checkListLimit(limit);
      const ids = [...(tenants.get(tenant)?.keys() ?? [])].sort();
      const from = after === undefined ? 0 : ids.findIndex((id) => id > after);
      const page = from < 0 ? [] : ids.slice(from, from + size);
      const more = from >= 0 && from + size < ids.length;
      return more ? { sessionIds: page, next: page[page.length - 1]! } : { sessionIds: page };
    },

    async delete(key) {
      checkSessionKey(key);
      recency.forget(key);
      return forgetSession(key);
    },
  };
}
