import type { CairnMessage } from '../log/index.js';
import { sessionConflictError } from './session-conflict-error.js';
import type { LoadedTail, SessionKey, SessionStore, StoredState } from './session-store.js';

function same(a: SessionKey, b: SessionKey): boolean {
  return a.tenant === b.tenant && a.sessionId === b.sessionId;
}

/**
 * A store as a branch's session sees it: the branch's log is the parent's first messages (the
 * `prefix`, held in memory, never written again) followed by what the store keeps under the
 * branch's own key (only the messages after the fork). Positions, lengths and state coverage are
 * translated by the prefix length; every other key passes through unchanged. So the branch
 * shares the parent's log up to the fork without a copied row, and `openSession` works on it as
 * on any session (optimistic appends, catch-up, checkpoints). @internal
 */
export function branchStoreView(base: SessionStore, branchKey: SessionKey, prefix: readonly CairnMessage[]): SessionStore {
  const shift = prefix.length;
  const up = (state: StoredState | undefined): StoredState | undefined => state && { ...state, messageCount: state.messageCount + shift };
  const view: SessionStore = {
    async load(key) {
      if (!same(key, branchKey)) return base.load(key);
      const own = await base.load(key);
      return { key: { tenant: key.tenant, sessionId: key.sessionId }, messages: [...prefix, ...(own?.messages ?? [])], state: up(own?.state) };
    },
    async loadTail(key, from): Promise<LoadedTail | undefined> {
      if (!same(key, branchKey)) return base.loadTail ? base.loadTail(key, from) : base.load(key).then((loaded) => loaded && { length: loaded.messages.length, messages: loaded.messages.slice(from), state: loaded.state });
      const own = base.loadTail ? await base.loadTail(key, Math.max(0, from - shift)) : await base.load(key).then((loaded) => loaded && { length: loaded.messages.length, messages: loaded.messages.slice(Math.max(0, from - shift)), state: loaded.state });
      return { length: shift + (own?.length ?? 0), messages: [...prefix.slice(Math.min(from, shift)), ...(own?.messages ?? [])], state: up(own?.state) };
    },
    async append(key, messages, options = {}) {
      if (!same(key, branchKey)) return base.append(key, messages, options);
      const { expectedLength } = options;
      if (expectedLength !== undefined && expectedLength < shift) throw sessionConflictError(key, `the branch shares ${shift} messages with its parent, the writer expected ${expectedLength}`);
      const { length } = await base.append(key, messages, expectedLength === undefined ? {} : { expectedLength: expectedLength - shift });
      return { length: length + shift };
    },
    async saveState(key, state, options) {
      if (!same(key, branchKey)) return base.saveState(key, state, options);
      return base.saveState(key, { messageCount: Math.max(0, state.messageCount - shift), data: state.data }, options);
    },
    list: (tenant, options) => base.list(tenant, options),
    delete: (key) => base.delete(key),
  };
  if (base.saveBranch) view.saveBranch = base.saveBranch.bind(base);
  if (base.loadBranches) view.loadBranches = base.loadBranches.bind(base);
  return view;
}
