import { type CairnMessage, countMessageTokens, type TokenCounter } from '@cairn/core';
import { stablePrefixShare } from './prefix-stability.js';

/**
 * What a provider charges for a cached input token, as a share of an uncached one. OpenAI bills
 * cached input at 10–50% of the input price depending on the model (0.1 for the GPT-4.1 and
 * GPT-5 families), Anthropic reads from its cache at 10% (writes cost extra, not counted here),
 * Google's implicit caching at 10–25%. 0.1 is the common case.
 */
export const DEFAULT_CACHED_TOKEN_RATIO = 0.1;

/** One model call's input tokens, split as a provider's prompt cache splits them. */
export interface CallTokens {
  /** All the view's tokens (what it would cost with no cache). */
  raw: number;
  /** Tokens of the leading messages identical to the previous call's (served from the cache). */
  cached: number;
}

/**
 * Splits a view's tokens into the prefix it shares with the previous call's view (whole
 * messages, compared by id, role, content and tool calls, as prefix stability compares them) and
 * the rest.
 *
 * @param previous - The previous call's view, or `undefined` for the first call (nothing cached).
 * @param next - This call's view.
 * @param counter - The benchmark's token counter.
 * @returns Raw and cached tokens of `next`.
 *
 * @example
 * ```ts
 * callTokens([a, b, c], [a, b, d], counter); // { raw: tokens(a, b, d), cached: tokens(a, b) }
 * ```
 */
export function callTokens(previous: readonly CairnMessage[] | undefined, next: readonly CairnMessage[], counter: TokenCounter): CallTokens {
  let raw = 0;
  for (const message of next) raw += countMessageTokens(message, counter);
  if (!previous || previous.length === 0) return { raw, cached: 0 };
  const kept = Math.round(stablePrefixShare(previous, next) * previous.length);
  let cached = 0;
  for (let index = 0; index < kept; index++) cached += countMessageTokens(next[index]!, counter);
  return { raw, cached };
}

/**
 * What a call costs in uncached-token units: uncached tokens at full price, cached ones at
 * `ratio` of it.
 *
 * @param tokens - The call's raw and cached tokens.
 * @param ratio - Price of a cached token as a share of an uncached one. @default DEFAULT_CACHED_TOKEN_RATIO
 * @returns The billed tokens.
 *
 * @example
 * ```ts
 * billedTokens({ raw: 10_000, cached: 9_000 }); // 1_000 + 900 = 1_900
 * ```
 */
export function billedTokens({ raw, cached }: CallTokens, ratio = DEFAULT_CACHED_TOKEN_RATIO): number {
  return raw - cached + ratio * cached;
}
