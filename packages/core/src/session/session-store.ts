import type { CairnMessage } from '../log/index.js';

/**
 * Where a session lives: every key a store writes is scoped by both parts, so a session id from
 * one tenant can never reach another tenant's data. Both parts are validated by
 * `checkSessionKey` (1–128 characters of `[A-Za-z0-9._:@-]`, no `..`): stores build keys and
 * paths from them, so nothing else may pass.
 */
export interface SessionKey {
  /** The tenant (an organisation, a user, an app): the isolation boundary. */
  readonly tenant: string;
  /** The session within the tenant. */
  readonly sessionId: string;
}

/**
 * A saved engine state, opaque to stores: core serialises and validates `data`; a store only
 * keeps the latest record per session and hands it back.
 */
export interface StoredState {
  /** Bumped by one on every save; used for optimistic concurrency. */
  readonly version: number;
  /** How many log messages (from the start) the state covers; later ones are the tail. */
  readonly messageCount: number;
  /** The serialised state (JSON text written by core). */
  readonly data: string;
}

/** A session as a store returns it: the whole log plus the latest state. */
export interface LoadedSession {
  readonly key: SessionKey;
  /** Every message appended so far, in order. */
  readonly messages: readonly CairnMessage[];
  /** The latest saved state, or `undefined` when none was saved yet. */
  readonly state: StoredState | undefined;
}

/** What {@link SessionStore.loadTail} returns: the end of a session's log, and its latest state. */
export interface LoadedTail {
  /** The log's length now (all messages, not only the tail). */
  readonly length: number;
  /** The messages from the requested position to the end, in order (empty when there are none). */
  readonly messages: readonly CairnMessage[];
  /** The latest saved state, or `undefined` when none was saved yet (read in the same step as the log). */
  readonly state: StoredState | undefined;
}

/** Options for {@link SessionStore.append}. */
export interface AppendMessagesOptions {
  /**
   * The log length the writer last saw. When given and the stored log is longer or shorter, the
   * store appends nothing and throws a `CairnError` with code `SESSION_CONFLICT` (another writer
   * got there first: reload, then retry). Omit it to append unconditionally.
   */
  readonly expectedLength?: number;
}

/** Options for {@link SessionStore.saveState}. */
export interface SaveStateOptions {
  /**
   * The state version the writer last saw (0 when none). When the stored version differs, the
   * store saves nothing and throws `SESSION_CONFLICT`.
   */
  readonly expectedVersion?: number;
}

/** One page of {@link SessionStore.list}. */
export interface SessionPage {
  /** Session ids of the tenant, in ascending order. */
  readonly sessionIds: readonly string[];
  /** Pass as `after` to read the next page; absent on the last page. */
  readonly next?: string;
}

/** A branch record as a store keeps it: opaque JSON written by core, versioned like a state. */
export interface StoredBranch {
  /** The branch's name (unique under its parent session). */
  readonly name: string;
  /** Bumped by one on every save; used for optimistic concurrency. */
  readonly version: number;
  /** The serialised record (JSON text written by core). */
  readonly data: string;
}

/** Options for {@link SessionStore.saveBranch}. */
export interface SaveBranchOptions {
  /** The record version the writer last saw (0: the branch must not exist yet). A different stored version throws `SESSION_CONFLICT` and saves nothing. */
  readonly expectedVersion?: number;
}

/**
 * Persistence for cairn sessions. Appends are incremental (they never rewrite the session);
 * states are saved from time to time, and loading gives the latest state plus the whole log, so
 * the engine restores the state and ingests the tail the state does not cover.
 *
 * Every method scopes by {@link SessionKey}; implementations must validate keys with
 * `checkSessionKey` and report unreadable rows as `CairnError` code `CORRUPT_SESSION` naming the
 * session, without affecting other sessions. A store that cannot reach its backend (a server
 * down, a connection lost) throws `STORE_UNAVAILABLE`.
 */
export interface SessionStore {
  /** The session's log and latest state, or `undefined` when it does not exist. */
  load(key: SessionKey): Promise<LoadedSession | undefined>;
  /**
   * Optional: the log's messages from position `from` on, its current length and the latest
   * state: what a writer needs to catch up with another, or to settle a state-version conflict
   * (`openSession` uses it when present, and falls back to {@link SessionStore.load}, which reads
   * the whole log). When the log is not longer
   * than `from`, `messages` is empty. Resolves `undefined` when the session does not exist.
   * Validates the key (`INVALID_SESSION_KEY`) and `from` (a non-negative integer, else
   * `INVALID_OPTIONS`); unreadable messages in the tail are `CORRUPT_SESSION`.
   */
  loadTail?(key: SessionKey, from: number): Promise<LoadedTail | undefined>;
  /** Appends messages to the session's log (creating the session); resolves to the new length. */
  append(key: SessionKey, messages: readonly CairnMessage[], options?: AppendMessagesOptions): Promise<{ length: number }>;
  /** Saves the session's latest state; resolves to its new version. */
  saveState(key: SessionKey, state: Omit<StoredState, 'version'>, options?: SaveStateOptions): Promise<{ version: number }>;
  /** The tenant's session ids, a page at a time (default page size: 100). */
  list(tenant: string, options?: { readonly after?: string; readonly limit?: number }): Promise<SessionPage>;
  /**
   * Deletes the session's log and state, its crystals and its branch records; resolves to
   * whether it existed. The sessions of its branches (the messages each branch added after its
   * fork, stored under the branch's own key, `branch.session.key`) are sessions of their own and
   * stay until deleted by that key: delete them first when you want them gone (they cannot be
   * reopened as branches once the parent's records are deleted).
   */
  delete(key: SessionKey): Promise<boolean>;
  /** Releases connections or file handles, if any. */
  close?(): Promise<void>;
  /**
   * Optional (branches, context sovereignty): saves the record of branch `branch.name` of the
   * session `key` (the parent); resolves to its new version. The branch's own messages live in
   * the store as a session of their own, holding only what came after the fork.
   * Validates the key (`INVALID_SESSION_KEY`) and the name (`INVALID_BRANCH_NAME`).
   */
  saveBranch?(key: SessionKey, branch: { readonly name: string; readonly data: string }, options?: SaveBranchOptions): Promise<{ version: number }>;
  /** Optional (branches): every branch record of the session `key`, by name (empty when none). */
  loadBranches?(key: SessionKey): Promise<readonly StoredBranch[]>;
  // Crystals (checkpoints; optional, so stores written before them keep compiling). A store that
  // keeps crystals implements all six; see `storeCrystal`, `loadCrystal`, `resumeSession`.
  /** Optional: keeps one crystal of the session (a row / key per crystal: history, never one overwritten state). */
  saveCrystal?(key: SessionKey, crystal: StoredCrystal): Promise<void>;
  /** Optional: one crystal of the session, or `undefined` (never made, reaped, deleted, or another session's). */
  loadCrystal?(key: SessionKey, id: string): Promise<StoredCrystal | undefined>;
  /** Optional: the session's crystals without their data, oldest first (by `createdAt`, then id). */
  listCrystals?(key: SessionKey): Promise<StoredCrystalInfo[]>;
  /** Optional: pins a crystal so the reaper never removes it; resolves to whether it existed. */
  cherishCrystal?(key: SessionKey, id: string): Promise<boolean>;
  /** Optional: removes one crystal; resolves to whether it existed. */
  deleteCrystal?(key: SessionKey, id: string): Promise<boolean>;
  /** Optional: removes the session's unpinned crystals past their TTL at `now`; resolves to their ids. */
  reapCrystals?(key: SessionKey, now: number): Promise<string[]>;
}

/** A crystal as a store keeps it: the fields the reaper needs, and the crystal's JSON. */
export interface StoredCrystal {
  /** The crystal's id (`crystal-…`; 1–128 characters of `[A-Za-z0-9._:-]`). */
  readonly id: string;
  /** When it was made (engine clock). */
  readonly createdAt: number;
  /** How long it lives unpinned (clock units). */
  readonly ttlMs: number;
  /** Cherished: never reaped. The store's flag wins over the one inside `data`. */
  readonly pinned: boolean;
  /** The crystal as JSON text (written and checked by core). */
  readonly data: string;
}

/** A stored crystal without its data (what `listCrystals` returns). */
export type StoredCrystalInfo = Omit<StoredCrystal, 'data'>;
