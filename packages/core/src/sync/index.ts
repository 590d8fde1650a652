// Sync: what adapters call to keep a session's log in step with a framework's full message list —
// fingerprints, prefix matching, the append / up-to-date / diverged plan, id assignment — and the
// bounded LRU map and serial queue they hold sessions with. Imports only text/ (hashing).
// Public surface of this folder: other folders import it only through this file.

export { assignMessageIds } from './assign-message-ids.js';
export type { MessageIdAssignment, MessageIdentity } from './assign-message-ids.js';
export { fingerprint } from './fingerprint.js';
export { FingerprintCache } from './fingerprint-cache.js';
export { isPrefix } from './is-prefix.js';
export { LruMap } from './lru-map.js';
export type { LruMapOptions } from './lru-map.js';
export { MAX_SYNC_ALIGNMENTS, planSync } from './plan-sync.js';
export type { PlanSyncOptions, SyncPlan } from './plan-sync.js';
export { SerialQueue } from './serial-queue.js';
export { SyncedKeys } from './synced-keys.js';
