import { checkSessionKey } from './check-session-key.js';
import type { CairnSession } from './cairn-session.js';
import { createEngineForRestore, type Engine, type IngestResult } from '../engine/index.js';
import { corruptSessionError } from './corrupt-session-error.js';
import type { ContextEngineOptions } from '../options/index.js';
import type { AssembleOptions, AssembleResult } from '../render/index.js';
import { CairnError } from '../log/index.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { restoreSessionState } from './restore-session-state.js';
import { snapshotSessionState } from './session-state.js';
import type { LoadedSession, SessionKey, SessionStore } from './session-store.js';
import { countMessageTokens } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { validateMessages } from '../log/index.js';
import type { BranchInfo, BranchOptions, BranchStatus } from '../sovereignty/index.js';
import { createSessionBranch, listSessionBranches, openSessionBranch, type BranchParentSession, type SessionBranch } from './session-branches.js';

/** The tenant of sessions opened without one. */
export const DEFAULT_TENANT = 'default';
/** Messages that arrive before an `assemble` saves the state. */
export const DEFAULT_CHECKPOINT_EVERY = 20;
/** How often `ingest` catches up with another writer and retries before giving up (each lost round means another writer progressed). */
export const DEFAULT_MAX_CONFLICT_RETRIES = 50;

/** Options for {@link openSession}: the engine's options plus where the session lives. */
export interface OpenSessionOptions extends Omit<ContextEngineOptions, 'sessionId'> {
  /** Where the session is stored. @default a new in-memory store (nothing survives the process) */
  store?: SessionStore;
  /** The tenant: the isolation boundary. @default DEFAULT_TENANT ('default') */
  tenant?: string;
  /** The session within the tenant (1–128 characters of `[A-Za-z0-9._:@-]`, no `..`). */
  sessionId: string;
  /** Save the state after an `assemble` once this many messages arrived since the last save. @default DEFAULT_CHECKPOINT_EVERY (20) */
  checkpointEvery?: number;
  /** Catch-up-and-retry rounds when another writer appends to the same session. @default DEFAULT_MAX_CONFLICT_RETRIES (50) */
  maxConflictRetries?: number;
  /** Called when a background checkpoint fails (it is retried at the next one; no message is lost). @default none */
  onCheckpointError?: (error: unknown) => void;
}

function positiveInteger(value: number, name: string, allowZero = false): number {
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `openSession: ${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${String(value)}.`, details: { [name]: value } });
  }
  return value;
}

function isConflict(error: unknown): boolean {
  return CairnError.isInstance(error) && error.code === 'SESSION_CONFLICT';
}

/**
 * Builds the engine from what the store returned: the latest state, then the log tail in one
 * batch. The tail starts where the restored state ends (the count inside its data), never at the
 * store record's `messageCount`: a record that disagrees with its data (tampered, or written by a
 * faulty store) must not hide acknowledged messages, so the session catches up from the log.
 * @returns The engine and how many log messages the restored state covered.
 */
function restoreEngine(key: SessionKey, loaded: LoadedSession | undefined, options: Omit<ContextEngineOptions, 'sessionId'>): { engine: Engine; covered: number } {
  if (!loaded) return { engine: createEngineForRestore({ ...options, sessionId: key.sessionId }), covered: 0 };
  const { messages, state } = loaded;
  const engine = state
    ? (restoreSessionState(key, state.data, messages, options) as Engine)
    : createEngineForRestore({ ...options, sessionId: key.sessionId });
  const covered = engine.state.log.entries.length;
  const tail = messages.slice(covered);
  if (tail.length > 0) {
    try {
      engine.ingest(tail);
    } catch (error) {
      throw corruptSessionError(key, `its log holds a message the engine rejects (${(error as Error).message})`, error);
    }
  }
  return { engine, covered };
}

class StoredSession implements CairnSession {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private lastSaved: string | undefined;
  private savedCount: number;
  private version: number;

  constructor(
    readonly key: SessionKey,
    readonly engine: Engine,
    private readonly store: SessionStore,
    loaded: LoadedSession | undefined,
    covered: number,
    private readonly settings: {
      checkpointEvery: number;
      maxConflictRetries: number;
      onCheckpointError: ((error: unknown) => void) | undefined;
      /** Branches: the options the session was opened with, and its scope path. */
      open: Omit<OpenSessionOptions, 'store' | 'tenant' | 'sessionId'>;
      path: readonly string[];
      /** Branch sessions: refuses a write once the branch is merged or discarded (`BRANCH_CLOSED`). */
      beforeWrite?: () => Promise<void>;
    },
  ) {
    this.version = loaded?.state?.version ?? 0;
    this.savedCount = covered;
    this.lastSaved = loaded?.state?.data;
  }

  /** Runs jobs one at a time, in call order; a failed job does not stop the next. */
  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private checkOpen(): void {
    if (this.closed) throw new CairnError({ code: 'INVALID_OPTIONS', message: `Session "${this.key.sessionId}" is closed; open it again with openSession.` });
  }

  private validate(batch: readonly CairnMessage[]): CairnMessage[] {
    const { log, options } = this.engine.state;
    const messages = validateMessages(batch, log, { maxContentChars: options.maxContentChars, maxDataChars: options.maxDataChars, strictToolStructure: options.onInvalidToolStructure === 'throw' });
    // Counted before the store sees the batch: a token counter that fails must not leave a stored
    // message the engine cannot ingest (every reopen would be CORRUPT_SESSION).
    for (const message of messages) countMessageTokens(message, options.tokenCounter);
    return messages;
  }

  /** How many log messages the engine holds (without copying the log). */
  private logLength(): number {
    return this.engine.state.log.entries.length;
  }

  /**
   * Validates a batch against the log, catching up first when it fails only because this engine
   * is behind: under strict tool structure a result answering a call another writer appended is
   * an orphan here until that call is ingested. Other failures throw at once.
   */
  private async validateCaughtUp(batch: readonly CairnMessage[]): Promise<CairnMessage[]> {
    try {
      return this.validate(batch);
    } catch (error) {
      if (!CairnError.isInstance(error) || error.code !== 'ORPHAN_TOOL_RESULT') throw error;
      await this.catchUp();
      return this.validate(batch);
    }
  }

  /**
   * Ingests what other writers appended since this engine last saw the log. Reads only the tail
   * when the store has `loadTail` (so catching up costs what the others wrote, not the whole log).
   */
  private async catchUp(): Promise<void> {
    const known = this.logLength();
    const loaded = this.store.loadTail
      ? await this.store.loadTail(this.key, known)
      : await this.store.load(this.key).then((session) => session && { length: session.messages.length, messages: session.messages.slice(known), state: session.state });
    if (!loaded || loaded.length < known) {
      throw new CairnError({
        code: 'SESSION_CONFLICT',
        message: `Session "${this.key.sessionId}" of tenant "${this.key.tenant}" was deleted or rewritten by another writer; open it again.`,
        details: { tenant: this.key.tenant, sessionId: this.key.sessionId },
      });
    }
    const tail = loaded.messages;
    try {
      if (tail.length > 0) this.engine.ingest(tail);
    } catch (error) {
      throw corruptSessionError(this.key, `another writer appended a message the engine rejects (${(error as Error).message})`, error);
    }
  }

  ingest(input: CairnMessage | readonly CairnMessage[]): Promise<IngestResult> {
    const batch = Array.isArray(input) ? (input as readonly CairnMessage[]) : [input as CairnMessage];
    return this.enqueue(async () => {
      this.checkOpen();
      await this.settings.beforeWrite?.();
      let messages = await this.validateCaughtUp(batch);
      for (let attempt = 0; ; attempt++) {
        try {
          await this.store.append(this.key, messages, { expectedLength: this.logLength() });
          break;
        } catch (error) {
          if (!isConflict(error) || attempt >= this.settings.maxConflictRetries) throw error;
          await this.catchUp();
          messages = this.validate(batch);
        }
      }
      return this.engine.ingest(messages);
    });
  }

  assemble(options?: AssembleOptions): AssembleResult {
    const result = this.engine.assemble(options);
    if (!this.closed && this.logLength() - this.savedCount >= this.settings.checkpointEvery) {
      this.enqueue(() => this.save()).catch((error: unknown) => this.settings.onCheckpointError?.(error));
    }
    return result;
  }

  /** Saves the state if it changed; on a version conflict, keeps whichever state covers more. */
  private async save(): Promise<void> {
    const state = snapshotSessionState(this.engine);
    const data = JSON.stringify(state);
    if (data === this.lastSaved) return;
    for (let attempt = 0; ; attempt++) {
      try {
        const { version } = await this.store.saveState(this.key, { messageCount: state.messageCount, data }, { expectedVersion: this.version });
        this.version = version;
        break;
      } catch (error) {
        if (!isConflict(error) || attempt >= this.settings.maxConflictRetries) throw error;
        // Only the state is needed: with loadTail, the log is not read (the tail from its end is empty or what others appended).
        const stored = this.store.loadTail ? (await this.store.loadTail(this.key, this.logLength()))?.state : (await this.store.load(this.key))?.state;
        if (stored && stored.messageCount > state.messageCount) {
          // Another writer saved a state covering more of the log: keep it.
          this.version = stored.version;
          this.lastSaved = stored.data;
          this.savedCount = stored.messageCount;
          return;
        }
        this.version = stored?.version ?? 0;
      }
    }
    this.lastSaved = data;
    this.savedCount = state.messageCount;
  }

  checkpoint(): Promise<void> {
    return this.enqueue(() => this.save());
  }

  branch(name: string, options?: BranchOptions): Promise<SessionBranch> {
    return createSessionBranch(this.branchParent(), name, options);
  }

  openBranch(name: string): Promise<SessionBranch> {
    return openSessionBranch(this.branchParent(), name);
  }

  listBranches(): Promise<(BranchInfo & { status: BranchStatus })[]> {
    return listSessionBranches(this.branchParent());
  }

  private branchParent(): BranchParentSession {
    const { options } = this.engine.state;
    const { open, path } = this.settings;
    return {
      session: this,
      store: this.store,
      path,
      budget: options.budget,
      defaultEntropyBudget: options.sovereignty.entropyBudget,
      tokenCounter: options.tokenCounter,
      options: open,
      open: (store, key, childPath, beforeWrite) => openStoredSession({ ...open, store, tenant: key.tenant, sessionId: key.sessionId }, childPath, beforeWrite),
    };
  }

  close(): Promise<void> {
    return this.enqueue(async () => {
      if (this.closed) return;
      await this.save();
      this.closed = true;
    });
  }
}

/**
 * Opens a stored session: loads the latest saved state and ingests the log tail it does not
 * cover, or creates the session when the store has none. The tail is ingested as one batch, so a
 * session reopened after a clean `close` continues exactly (identical next view); after a crash
 * it has every acknowledged message, but fidelity decisions made since the last checkpoint are
 * recomputed.
 *
 * @param options - The session key, the store and the engine's options.
 * @returns The session; `close()` it when done (it saves the state).
 * @throws CairnError `INVALID_SESSION_KEY`, `INVALID_OPTIONS`, or `CORRUPT_SESSION` naming the
 *   session when its stored data cannot be read (other sessions are not affected).
 *
 * @example
 * ```ts
 * const session = await openSession({ store, tenant: 'acme', sessionId: 'chat-42', budget: 16_000 });
 * await session.ingest({ id: 'u1', role: 'user', content: 'Book the 9am flight.' });
 * const { messages } = session.assemble({ query: 'which flight?' });
 * await session.close();
 * ```
 */
export async function openSession(options: OpenSessionOptions): Promise<CairnSession> {
  return openStoredSession(options, undefined);
}

/** `openSession`, for a root session (`path` undefined) or a branch's session (its scope path). */
async function openStoredSession(options: OpenSessionOptions, path: readonly string[] | undefined, beforeWrite?: () => Promise<void>): Promise<CairnSession> {
  if (typeof options !== 'object' || options === null) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'openSession needs { sessionId, store?, tenant? }.' });
  const {
    store = createInMemorySessionStore(),
    tenant = DEFAULT_TENANT,
    sessionId,
    checkpointEvery = DEFAULT_CHECKPOINT_EVERY,
    maxConflictRetries = DEFAULT_MAX_CONFLICT_RETRIES,
    onCheckpointError,
    ...engineOptions
  } = options;
  const key = checkSessionKey({ tenant, sessionId });
  positiveInteger(checkpointEvery, 'checkpointEvery');
  positiveInteger(maxConflictRetries, 'maxConflictRetries', true);
  const loaded = await store.load(key);
  const { engine, covered } = restoreEngine(key, loaded, engineOptions);
  const open = { checkpointEvery, maxConflictRetries, onCheckpointError, ...engineOptions };
  return new StoredSession({ tenant, sessionId }, engine, store, loaded, covered, { checkpointEvery, maxConflictRetries, onCheckpointError, open, path: path ?? [sessionId], ...(beforeWrite ? { beforeWrite } : {}) });
}
