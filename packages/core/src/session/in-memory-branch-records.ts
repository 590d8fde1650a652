import { CairnError } from '../log/index.js';
import { checkBranchName } from '../sovereignty/index.js';
import { checkSessionKey } from './check-session-key.js';
import { sessionConflictError } from './session-conflict-error.js';
import type { SessionStore, StoredBranch } from './session-store.js';

/** @internal Checks `saveBranch`'s record; shared by stores. */
export function checkBranchRecord(branch: { readonly name: string; readonly data: string }): void {
  if (typeof branch !== 'object' || branch === null || typeof branch.data !== 'string') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'saveBranch needs { name: a branch name, data: a string }.' });
  }
  checkBranchName(branch.name);
}

/**
 * The branch methods of the in-memory store: one record per (tenant, session, name), versioned,
 * checked and written in one step. @internal
 */
export function createInMemoryBranchRecords(): Required<Pick<SessionStore, 'saveBranch' | 'loadBranches'>> & { forget(key: { tenant: string; sessionId: string }): void } {
  const records = new Map<string, Map<string, StoredBranch>>();
  const scope = (key: { tenant: string; sessionId: string }) => `${key.tenant}\u0000${key.sessionId}`;
  return {
    async saveBranch(key, branch, { expectedVersion } = {}) {
      checkSessionKey(key);
      checkBranchRecord(branch);
      const branches = records.get(scope(key)) ?? new Map<string, StoredBranch>();
      const current = branches.get(branch.name)?.version ?? 0;
      if (expectedVersion !== undefined && expectedVersion !== current) throw sessionConflictError(key, `branch "${branch.name}" is at version ${current}, the writer expected ${expectedVersion}`);
      branches.set(branch.name, { name: branch.name, version: current + 1, data: branch.data });
      records.set(scope(key), branches);
      return { version: current + 1 };
    },
    /** Drops every branch record of the session (the store's `delete`). */
    forget(key) {
      records.delete(scope(key));
    },
    async loadBranches(key) {
      checkSessionKey(key);
      return [...(records.get(scope(key))?.values() ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1)).map((record) => ({ ...record }));
    },
  };
}
