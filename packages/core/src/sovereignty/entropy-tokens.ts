import { CairnError } from '../log/index.js';

/**
 * A branch's entropy budget in tokens: the share of the parent's budget it may add back on merge
 * (at least 1 token).
 *
 * @param parentBudget - The parent's view budget, in tokens.
 * @param share - The branch's share, in (0, 1].
 * @returns Tokens.
 * @throws CairnError `INVALID_OPTIONS` for a share outside (0, 1].
 *
 * @example
 * ```ts
 * entropyTokens(32_000, 0.05); // 1600
 * ```
 */
export function entropyTokens(parentBudget: number, share: number): number {
  if (typeof share !== 'number' || !Number.isFinite(share) || share <= 0 || share > 1) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid branch option entropyBudget: got ${String(share)}; expected a share of the parent's budget above 0 and at most 1 (default 0.05).`, details: { entropyBudget: share } });
  }
  return Math.max(1, Math.floor(parentBudget * share));
}

/**
 * Checks a fork point: a whole number from 0 to the parent's length (`undefined`: the length).
 *
 * @param at - The requested fork point.
 * @param length - The parent's log length.
 * @returns The fork point.
 * @throws CairnError `INVALID_OPTIONS`
 *
 * @example
 * ```ts
 * checkForkPoint(undefined, 12); // 12
 * ```
 */
export function checkForkPoint(at: unknown, length: number): number {
  if (at === undefined) return length;
  if (typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at > length) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid branch option at: got ${String(at)}; expected a whole number of parent messages from 0 to ${length}.`, details: { at, length } });
  }
  return at;
}
