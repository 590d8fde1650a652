import { CairnError, type CairnMessage } from '../log/index.js';
import type { BranchInfo, BranchStatus } from '../sovereignty/index.js';

/**
 * One branch of an engine as its snapshot keeps it: where it forked, its entropy budget, its
 * status and, while open, the messages it added after the fork (the shared prefix is the
 * parent's own log, never copied) and its own branches.
 */
export interface EngineBranchSnapshot {
  name: string;
  forkAt: number;
  entropyTokens: number;
  status: BranchStatus;
  /** The branch's own messages (after the fork); only for an open branch. */
  messages?: CairnMessage[];
  /** Branches of the branch (only for an open branch). */
  branches?: EngineBranchSnapshot[];
}

/** What the registry needs of an open branch to snapshot it. @internal */
export interface RegisteredBranch extends BranchInfo {
  readonly status: BranchStatus;
  /** Messages added after the fork. */
  ownMessages(): CairnMessage[];
  /** The branch's own branches, as snapshots. */
  branchSnapshots(): EngineBranchSnapshot[];
}

interface Entry {
  readonly info: BranchInfo;
  status: BranchStatus;
  /** The open branch (dropped when it closes, so a closed branch holds no engine). */
  handle?: RegisteredBranch;
}

/**
 * The branches made under one engine (or one branch): names are used once, open branches can be
 * found again by name (`openBranch`), closed ones keep only their name, fork point and status —
 * their engines are released, so memory grows by a few numbers per branch ever made, not by
 * their logs.
 * @internal
 */
export class BranchRegistry {
  readonly #entries = new Map<string, Entry>();

  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /** Records a new open branch. */
  open(handle: RegisteredBranch): void {
    this.#entries.set(handle.name, { info: infoOf(handle), status: 'open', handle });
  }

  /** Records a closed branch (restored from a snapshot). */
  closed(info: BranchInfo, status: Exclude<BranchStatus, 'open'>): void {
    this.#entries.set(info.name, { info: infoOf(info), status });
  }

  /** Marks a branch merged or discarded and releases its engine. */
  close(name: string, status: Exclude<BranchStatus, 'open'>): void {
    const entry = this.#entries.get(name);
    if (!entry) return;
    entry.status = status;
    delete entry.handle;
  }

  /** The open branch named `name`. @throws CairnError `UNKNOWN_MESSAGE` (no such branch), `BRANCH_CLOSED` */
  get<T extends RegisteredBranch>(name: string, parentPath: readonly string[]): T {
    const entry = this.#entries.get(name);
    if (!entry) {
      throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `"${parentPath.join('/')}" has no branch named "${String(name)}".`, details: { name } });
    }
    if (!entry.handle) {
      throw new CairnError({
        code: 'BRANCH_CLOSED',
        message: `Branch "${entry.info.path.join('/')}" was ${entry.status}; its engine was released. Open a new branch to explore again.`,
        details: { path: [...entry.info.path], status: entry.status },
      });
    }
    return entry.handle as T;
  }

  /** Every branch made here, in the order they were made. */
  list(): (BranchInfo & { status: BranchStatus })[] {
    return [...this.#entries.values()].map((entry) => ({ ...entry.info, path: [...entry.info.path], status: entry.status }));
  }

  /** The branches as snapshot records (open ones with their own messages and branches). */
  toJSON(): EngineBranchSnapshot[] {
    return [...this.#entries.values()].map(({ info, status, handle }) => {
      const record: EngineBranchSnapshot = { name: info.name, forkAt: info.forkAt, entropyTokens: info.entropyTokens, status };
      if (handle) {
        record.messages = handle.ownMessages();
        record.branches = handle.branchSnapshots();
      }
      return record;
    });
  }
}

function infoOf(info: BranchInfo): BranchInfo {
  return Object.freeze({ name: info.name, path: Object.freeze([...info.path]), depth: info.depth, forkAt: info.forkAt, entropyTokens: info.entropyTokens });
}
