import { CairnError, type CairnMessage, type TokenCounter } from '../log/index.js';
import type { ContextEngineOptions } from '../options/index.js';
import { buildMergeMessages, checkBranchName, checkForkPoint, entropyTokens, MergeStrategy, type BranchInfo, type BranchOptions, type BranchStatus, type MergeResult } from '../sovereignty/index.js';

export type { SessionBranch } from './cairn-session.js';
import { hashText } from '../text/index.js';
import { decodeBranchRecord, encodeBranchRecord, type BranchRecord } from './branch-record.js';
import { branchStoreView } from './branch-store-view.js';
import type { CairnSession, SessionBranch } from './cairn-session.js';
import type { SessionKey, SessionStore } from './session-store.js';

/** What a stored parent session hands to the branch functions. @internal */
export interface BranchParentSession {
  session: CairnSession;
  store: SessionStore;
  /** The scope path of the parent (the root session id first). */
  path: readonly string[];
  budget: number;
  defaultEntropyBudget: number;
  tokenCounter: TokenCounter;
  /** Opens a session over `store` with the parent's engine options; `beforeWrite` runs before each of its appends (and may refuse it). */
  open: (store: SessionStore, key: SessionKey, path: readonly string[], beforeWrite?: () => Promise<void>) => Promise<CairnSession>;
  options: Omit<ContextEngineOptions, 'sessionId'>;
}

type BranchStore = SessionStore & Required<Pick<SessionStore, 'saveBranch' | 'loadBranches'>>;

function branchStore(store: SessionStore): BranchStore {
  if (typeof store.saveBranch !== 'function' || typeof store.loadBranches !== 'function') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'This session store does not persist branches (it has no saveBranch / loadBranches). Use the in-memory, SQLite or Redis store, or add those methods.' });
  }
  return store as BranchStore;
}

function closed(path: readonly string[], status: BranchStatus): CairnError {
  return new CairnError({ code: 'BRANCH_CLOSED', message: `Branch "${path.join('/')}" was ${status}; open a new branch to explore again.`, details: { path: [...path], status } });
}

async function readRecord(parent: BranchParentSession, name: string): Promise<{ record: BranchRecord; version: number } | undefined> {
  const stored = (await branchStore(parent.store).loadBranches(parent.session.key)).find((branch) => branch.name === name);
  return stored && { record: decodeBranchRecord(parent.session.key, stored.data), version: stored.version };
}

/** Appends what merged branches promised the parent and the parent does not hold yet (a merge cut short by a crash). */
async function completeMerges(parent: BranchParentSession, records: readonly BranchRecord[]): Promise<void> {
  for (const record of records) {
    const missing = (record.merge?.messages ?? []).filter((message) => parent.session.engine.getMessage(message.id) === undefined);
    if (missing.length === 0) continue;
    try {
      await parent.session.ingest(missing);
    } catch (error) {
      // Another writer completed it at the same time.
      if (!CairnError.isInstance(error) || error.code !== 'DUPLICATE_MESSAGE_ID') throw error;
    }
  }
}

class StoredBranch implements SessionBranch {
  readonly depth: number;
  #status: BranchStatus;
  constructor(
    private readonly parent: BranchParentSession,
    private readonly record: BranchRecord,
    readonly session: CairnSession,
  ) {
    this.depth = record.path.length - 1;
    this.#status = record.status;
  }
  get name() { return this.record.name; }
  get path() { return this.record.path; }
  get forkAt() { return this.record.forkAt; }
  get entropyTokens() { return this.record.entropyTokens; }
  get status() { return this.#status; }

  /** Writes the record's next status, failing with `BRANCH_CLOSED` when another writer closed it first. */
  private async close(next: BranchRecord): Promise<void> {
    const current = await readRecord(this.parent, this.name);
    if (!current) throw closed(this.path, 'discarded');
    if (current.record.status !== 'open') {
      this.#status = current.record.status;
      throw closed(this.path, current.record.status);
    }
    try {
      await branchStore(this.parent.store).saveBranch(this.parent.session.key, { name: this.name, data: encodeBranchRecord(next) }, { expectedVersion: current.version });
    } catch (error) {
      if (!CairnError.isInstance(error) || error.code !== 'SESSION_CONFLICT') throw error;
      const now = await readRecord(this.parent, this.name);
      this.#status = now?.record.status ?? 'discarded';
      throw closed(this.path, this.#status);
    }
    this.#status = next.status;
  }

  async merge(strategy: MergeStrategy = MergeStrategy.SUMMARIZE): Promise<MergeResult> {
    if (this.#status !== 'open') throw closed(this.path, this.#status);
    await this.session.checkpoint();
    // The branch's own messages as the store holds them (every writer's), not only this handle's.
    const own = ((await this.parent.store.loadTail?.({ tenant: this.session.key.tenant, sessionId: this.record.childSessionId }, 0)) ?? (await this.parent.store.load({ tenant: this.session.key.tenant, sessionId: this.record.childSessionId })))?.messages ?? [];
    const built = buildMergeMessages({
      path: this.path,
      strategy,
      messages: own as CairnMessage[],
      entropyTokens: this.entropyTokens,
      idPrefix: `cairn-branch:${this.path.slice(1).join('/')}@${this.forkAt}:`,
      tokenCounter: this.parent.tokenCounter,
    });
    const merge = { strategy: strategy.kind, tokens: built.tokens, messages: built.messages };
    await this.close({ ...this.record, status: 'merged', merge });
    await completeMerges(this.parent, [{ ...this.record, merge }]);
    return { strategy: strategy.kind, addedIds: built.messages.map((message) => message.id), tokens: built.tokens };
  }

  async discard(): Promise<void> {
    if (this.#status !== 'open') throw closed(this.path, this.#status);
    await this.close({ ...this.record, status: 'discarded' });
  }
}

async function openChild(parent: BranchParentSession, record: BranchRecord): Promise<SessionBranch> {
  // The parent's log is append-only: its first `forkAt` messages are the branch's shared past.
  const prefix = parent.session.engine.getMessages().slice(0, record.forkAt);
  if (prefix.length < record.forkAt) throw new CairnError({ code: 'CORRUPT_SESSION', message: `Branch "${record.path.join('/')}" forks at message ${record.forkAt}, but the parent session holds ${prefix.length}.`, details: { forkAt: record.forkAt } });
  const key = { tenant: parent.session.key.tenant, sessionId: record.childSessionId };
  // A merged or discarded branch (by this handle, another one, or another process) takes no more messages.
  const refuseClosed = async () => {
    const status = (await readRecord(parent, record.name))?.record.status ?? 'discarded';
    if (status !== 'open') throw closed(record.path, status);
  };
  const session = await parent.open(branchStoreView(parent.store, key, prefix), key, record.path, refuseClosed);
  return new StoredBranch(parent, record, session);
}

/**
 * Opens a new branch of a stored session (`session.branch(name)`): writes its record (fork
 * point, scope path, entropy budget) and opens its session, which shares the parent's log up to
 * the fork (nothing copied: the branch's store session holds only what comes after).
 * @throws CairnError `INVALID_BRANCH_NAME`, `BRANCH_EXISTS` (here or from another writer), `INVALID_OPTIONS`
 * @internal
 */
export async function createSessionBranch(parent: BranchParentSession, name: string, options: BranchOptions = {}): Promise<SessionBranch> {
  checkBranchName(name);
  const store = branchStore(parent.store);
  const tokens = entropyTokens(parent.budget, options?.entropyBudget ?? parent.defaultEntropyBudget);
  // Settle pending ingests so the fork point is what the parent holds now.
  await parent.session.checkpoint();
  const path = [...parent.path, name];
  const full = `${parent.session.key.sessionId}/${name}`;
  const record: BranchRecord = {
    name,
    path,
    forkAt: checkForkPoint(options?.at, parent.session.engine.getMessages().length),
    entropyTokens: tokens,
    childSessionId: `branch-${hashText(full)}${hashText(full, 1)}`,
    status: 'open',
  };
  try {
    await store.saveBranch(parent.session.key, { name, data: encodeBranchRecord(record) }, { expectedVersion: 0 });
  } catch (error) {
    if (!CairnError.isInstance(error) || error.code !== 'SESSION_CONFLICT') throw error;
    throw new CairnError({ code: 'BRANCH_EXISTS', message: `A branch named "${name}" already exists under "${parent.path.join('/')}" (names are used once per parent). Open it with openBranch, or pick another name.`, details: { name } });
  }
  return openChild(parent, record);
}

/**
 * Opens an existing branch (after a restart, or from another process), completing a merge a
 * crash cut short. @throws CairnError `INVALID_BRANCH_NAME`, `UNKNOWN_MESSAGE` (no such branch)
 * @internal
 */
export async function openSessionBranch(parent: BranchParentSession, name: string): Promise<SessionBranch> {
  checkBranchName(name);
  const found = await readRecord(parent, name);
  if (!found) throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `Session "${parent.session.key.sessionId}" has no branch named "${name}".`, details: { name } });
  await completeMerges(parent, [found.record]);
  return openChild(parent, found.record);
}

/** The branches of a stored session (any status), completing interrupted merges. @internal */
export async function listSessionBranches(parent: BranchParentSession): Promise<(BranchInfo & { status: BranchStatus })[]> {
  const stored = await branchStore(parent.store).loadBranches(parent.session.key);
  const records = stored.map((branch) => decodeBranchRecord(parent.session.key, branch.data));
  await completeMerges(parent, records);
  return records.map(({ name, path, forkAt, entropyTokens: tokens, status }) => ({ name, path, depth: path.length - 1, forkAt, entropyTokens: tokens, status }));
}
