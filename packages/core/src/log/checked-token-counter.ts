import { CairnError } from './errors.js';
import type { TokenCounter } from './token-counter.js';

function badCounter(counter: TokenCounter, problem: string, text: string, cause?: unknown): CairnError {
  return new CairnError({
    code: 'INVALID_OPTIONS',
    message: `Invalid context engine option tokenCounter ("${counter.id}"): count() ${problem} for a text of ${text.length} characters. A token counter must return a finite number of tokens, 0 or more, and not throw.`,
    details: { parameter: 'tokenCounter', tokenCounterId: counter.id, textLength: text.length },
    cause,
  });
}

/**
 * Wraps an injected token counter so the engine never trusts a bad count: a count that throws,
 * or returns NaN, an infinite or a negative number, or no number, is a `CairnError`
 * `INVALID_OPTIONS` (with the counter's own error as `cause`); a fractional count is rounded up.
 * An object without a `count` function is returned as it is (option validation reports it).
 *
 * @param counter - The counter the caller passed.
 * @returns A counter with the same `id` whose counts are whole numbers of tokens, 0 or more.
 * @internal
 */
export function checkedTokenCounter(counter: TokenCounter): TokenCounter {
  if (typeof counter !== 'object' || counter === null || typeof counter.count !== 'function') return counter;
  const count = (text: string): number => {
    let tokens: unknown;
    try {
      tokens = counter.count(text);
    } catch (error) {
      throw badCounter(counter, `threw (${error instanceof Error ? error.message : String(error)})`, text, error);
    }
    if (typeof tokens !== 'number' || !Number.isFinite(tokens) || tokens < 0) throw badCounter(counter, `returned ${String(tokens)}`, text);
    return Math.ceil(tokens);
  };
  return { id: counter.id, count, ...(counter.additiveAtSpaces === true ? { additiveAtSpaces: true } : {}) };
}
