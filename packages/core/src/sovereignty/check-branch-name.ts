import { CairnError } from '../log/index.js';

/** Longest branch name, in characters. */
export const MAX_BRANCH_NAME_LENGTH = 64;
const BRANCH_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * Checks a branch name: 1–64 characters of `[A-Za-z0-9._-]`, not `.` or `..`. Separators
 * (`/`, `:`, `\`, whitespace) are refused: a branch's path is its ancestors' names joined by `/`,
 * and stores derive keys from it.
 *
 * @param name - The requested name.
 * @returns The name.
 * @throws CairnError `INVALID_BRANCH_NAME`
 *
 * @example
 * ```ts
 * checkBranchName('explore-api'); // 'explore-api'
 * checkBranchName('a/b');         // throws INVALID_BRANCH_NAME
 * ```
 */
export function checkBranchName(name: unknown): string {
  const shown = typeof name === 'string' ? JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name) : typeof name;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_BRANCH_NAME_LENGTH || !BRANCH_NAME.test(name) || name === '.' || name === '..') {
    throw new CairnError({
      code: 'INVALID_BRANCH_NAME',
      message: `Invalid branch name ${shown}${typeof name === 'string' ? ` (${name.length} characters)` : ''}: use 1–${MAX_BRANCH_NAME_LENGTH} characters of letters, digits, '.', '_' or '-' (no separators such as '/' or ':').`,
      details: { length: typeof name === 'string' ? name.length : undefined },
    });
  }
  return name;
}
