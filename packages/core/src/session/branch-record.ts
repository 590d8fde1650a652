import type { CairnMessage } from '../log/index.js';
import type { BranchStatus, MergeResult } from '../sovereignty/index.js';
import { corruptSessionError } from './corrupt-session-error.js';
import { decodeStoredMessage } from './decode-stored-message.js';
import { encodeStoredMessage } from './encode-stored-message.js';
import type { SessionKey } from './session-store.js';

/** Identifies serialised branch records. */
export const BRANCH_RECORD_FORMAT = 'cairn.branch';
/** The branch-record version this package writes and reads. */
export const BRANCH_RECORD_VERSION = 1;

/** A branch of a stored session, as its record says. */
export interface BranchRecord {
  name: string;
  /** Scope path: the root session id, then each branch name down to this one. */
  path: string[];
  /** Parent log messages the branch shares. */
  forkAt: number;
  /** Most tokens a merge may add to the parent. */
  entropyTokens: number;
  /** The store session holding the branch's own messages (those after the fork). */
  childSessionId: string;
  status: BranchStatus;
  /** For a merged branch: what the merge appends to the parent (kept so a merge cut short by a crash completes on the next open). */
  merge?: { strategy: MergeResult['strategy']; tokens: number; messages: CairnMessage[] };
}

/** Serialises a branch record for `saveBranch`. @internal */
export function encodeBranchRecord(record: BranchRecord): string {
  const { merge, ...rest } = record;
  return JSON.stringify({
    format: BRANCH_RECORD_FORMAT,
    version: BRANCH_RECORD_VERSION,
    ...rest,
    ...(merge ? { merge: { strategy: merge.strategy, tokens: merge.tokens, messages: merge.messages.map(encodeStoredMessage) } } : {}),
  });
}

/**
 * Reads a stored branch record, checked whole.
 * @throws CairnError `CORRUPT_SESSION` naming the parent session for unreadable data.
 * @internal
 */
export function decodeBranchRecord(key: SessionKey, data: string): BranchRecord {
  let root: Record<string, unknown>;
  try {
    root = JSON.parse(data) as Record<string, unknown>;
  } catch (error) {
    throw corruptSessionError(key, 'a branch record is not JSON', error);
  }
  const bad = (what: string) => corruptSessionError(key, `a branch record ${what}`);
  if (typeof root !== 'object' || root === null) throw bad('is not an object');
  if (root.format !== BRANCH_RECORD_FORMAT || root.version !== BRANCH_RECORD_VERSION) throw bad(`has format ${JSON.stringify(root.format)} version ${JSON.stringify(root.version)}`);
  const { name, path, forkAt, entropyTokens, childSessionId, status, merge } = root;
  if (typeof name !== 'string' || typeof childSessionId !== 'string') throw bad('has no name or child session');
  if (!Array.isArray(path) || !path.every((part) => typeof part === 'string')) throw bad('has no scope path');
  if (!Number.isInteger(forkAt) || (forkAt as number) < 0 || !Number.isInteger(entropyTokens) || (entropyTokens as number) < 1) throw bad('has a bad fork point or entropy budget');
  if (status !== 'open' && status !== 'merged' && status !== 'discarded') throw bad(`has status ${JSON.stringify(status)}`);
  const record: BranchRecord = { name, path: path as string[], forkAt: forkAt as number, entropyTokens: entropyTokens as number, childSessionId, status };
  if (merge !== undefined) {
    const value = merge as { strategy?: unknown; tokens?: unknown; messages?: unknown };
    if (typeof value !== 'object' || value === null || !Array.isArray(value.messages) || typeof value.tokens !== 'number') throw bad('has a bad merge');
    record.merge = {
      strategy: value.strategy as MergeResult['strategy'],
      tokens: value.tokens,
      messages: value.messages.map((text, position) => decodeStoredMessage(key, text, position)),
    };
  }
  return record;
}
