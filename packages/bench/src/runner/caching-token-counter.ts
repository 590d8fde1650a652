import type { TokenCounter } from '@cairn/core';

/**
 * Wraps a token counter with a cache keyed by text, so every strategy and metric of one session
 * counts each text once. Make one per session: the cache is never trimmed.
 *
 * @param counter - The counter to wrap.
 * @returns A counter with the same `id` and counts.
 *
 * @example
 * ```ts
 * const counter = createCachingTokenCounter(createBpeTokenCounter());
 * ```
 */
export function createCachingTokenCounter(counter: TokenCounter): TokenCounter {
  const cache = new Map<string, number>();
  return {
    id: counter.id,
    count(text: string): number {
      let tokens = cache.get(text);
      if (tokens === undefined) {
        tokens = counter.count(text);
        cache.set(text, tokens);
      }
      return tokens;
    },
  };
}
