import type { CallObservation } from './assistant-turn-hashes.js';
import { MIN_OUTPUT_TERMS } from './detect-restatement-loop.js';

/**
 * Share of a number's size within which a number of a change's arguments may move and still name
 * the same target (at least 1): a box nudged by a point or two (`198` → `200`), a width grown by
 * one; not a dpi doubled (`300` → `600`) nor a page turned far (`3` → `9`).
 */
export const NUMERIC_JITTER = 0.02;

/**
 * Whether two lists of argument numbers are the same target jittered: as many numbers, at least
 * one of them, each within {@link NUMERIC_JITTER} of its size (and at least 1) of the number in
 * the same position, and not all equal (equal lists need no tolerance). Pure.
 *
 * @param before - The earlier change's argument numbers.
 * @param now - This change's argument numbers.
 * @returns Whether only small jitter moved them.
 */
export function jittered(before: readonly number[], now: readonly number[]): boolean {
  if (before.length === 0 || before.length !== now.length) return false;
  let moved = false;
  for (let index = 0; index < now.length; index++) {
    const [a, b] = [before[index]!, now[index]!];
    if (a === b) continue;
    if (Math.abs(a - b) > Math.max(1, NUMERIC_JITTER * Math.max(Math.abs(a), Math.abs(b)))) return false;
    moved = true;
  }
  return moved;
}

const sameNumbers = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Changes whose arguments' numbers only jitter, answered with the same long report: the same
 * change made again. A successful change is keyed by its tool, argument numbers and outcome
 * (`changeKey`); a change of the same tool answered with the same outcome (of at least
 * `MIN_OUTPUT_TERMS` terms) whose numbers are the previous such change's with small jitter
 * ({@link jittered}: a box moved by a point, a width grown by one) takes that change's key — one
 * target tried again, not a new one. Numbers that move further (another page, a doubled dpi) or an
 * outcome that differs keep their own key. Memory: one entry per tool and outcome.
 */
export class JitteredChanges {
  readonly #last = new Map<string, { numbers: readonly number[]; key: string }>();

  /**
   * The key to count a change under.
   *
   * @param call - The successful change.
   * @param outcome - Its outcome (masked result hash).
   * @param key - Its own key (`changeKey`).
   * @returns The key of the earlier change it jitters, or its own.
   */
  key(call: CallObservation, outcome: string, key: string): string {
    if (call.resultTerms.length < MIN_OUTPUT_TERMS) return key;
    const numbers = call.argumentNumbers ?? [];
    const place = `${call.toolName}\u0000${outcome}`;
    const last = this.#last.get(place);
    // The same numbers again (after a nudge) are the same target as well: the chain keeps its first key.
    const same = last !== undefined && (jittered(last.numbers, numbers) || sameNumbers(last.numbers, numbers)) ? last.key : key;
    this.#last.set(place, { numbers, key: same });
    return same;
  }
}
