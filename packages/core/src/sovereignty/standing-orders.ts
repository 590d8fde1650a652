import { REQUEST_LOOKBACK } from './requested-repeats.js';

/**
 * A word for "each" or "every" before the item it ranges over, or a per-item suffix: English
 * `every`, and `each` after a preposition (`for each file`, `at each step`: "€180 each" is a
 * price), not before `time` ("every time you try…" is a complaint more often than an order); German `jede…`, `pro`; French
 * `chaque`; Spanish and Portuguese `cada`; Italian `ogni`; Dutch `elke`, `iedere`; Swedish
 * `varje`; Danish and Norwegian `hver`, `hvert`; Polish `każd…`; Czech `každ…`; Russian `кажд…`;
 * Turkish `her bir`; Korean `마다`; Japanese `ごとに`, `毎`; Chinese `每`. Turkish `her` alone is left
 * out (it is an English pronoun too).
 */
const PER_ITEM = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}])(?:(?:for|at|on|after|before|in|with|to|from|of) each|every|jede[nmrs]?|chaque|cada|ogni|elke|iedere?|varje|hvert?|każd\p{L}*|každ\p{L}*|кажд\p{L}*|her bir)\s+(?!time\b|single time\b)\p{L}`,
    String.raw`\p{L}마다|ごとに|毎[\p{L}]|每[\p{L}]`,
  ].join('|'),
  'u',
);

/**
 * `per` / `pro` before the item, written in lower case (`Per Erik Holm` is a name), and not a rate
 * (`per cent`, `per hour`, `pro Tag`).
 */
const PER_UNIT = /(?<![\p{L}\p{N}])(?:per|pro)\s+(?!cent|se\b|hour|minute|second|day|week|month|year|annum|stunde|tag|jahr|person\b)\p{Ll}/u;

/**
 * Whether a user's turn states a standing order: a step to take for each item of a series ("verify
 * the hash at every custody step", "per tray: steam at 230, then drop to 200", "판마다", "bei jedem
 * Artikel"). The same call made again for each new item is what the order asks, not a loop
 * ({@link StandingOrderRuns}). Read from a small lexicon of words for "each" and "every" in several
 * languages ({@link PER_ITEM}); no phrase of a particular task. Case does not matter. Pure.
 *
 * @param text - The user's turn.
 * @returns Whether it states a per-item step.
 *
 * @example
 * ```ts
 * statesStandingOrder('Preserve the image; verify the SHA-256 at every custody step.'); // true
 * statesStandingOrder('Verify the SHA-256 of the image.'); // false
 * ```
 */
export function statesStandingOrder(text: string): boolean {
  return PER_ITEM.test(text.toLowerCase()) || PER_UNIT.test(text);
}

/** Most assistant turns a standing order is remembered for before the window (bounded work per check; as {@link REQUEST_LOOKBACK}). */
export const STANDING_ORDER_TURNS = REQUEST_LOOKBACK;

/** Least share of the terms every earlier narration of a call said (its template) a repeat's narration says again to be the same step on another item. */
export const STEP_SHARE = 0.5;

/** Most terms a step's narration may name anew (an item's name is short: "tray 2", "transfer to the evidence server"); a narration naming more is reworded, not the same step. */
export const MAX_ITEM_TERMS = 3;

/** What {@link StandingOrderRuns} reads of a turn. */
interface OrderTurn {
  promptStandingOrder?: boolean;
}

/**
 * The repeats of each call that a standing order grants (loops15): while a standing order
 * ({@link statesStandingOrder}) stated in the window, or at most {@link STANDING_ORDER_TURNS}
 * turns before it, is in force, the same call made again with a narration naming something its
 * earlier runs' narrations did not (at most {@link MAX_ITEM_TERMS} terms: "230 °C for tray 2",
 * "custody check: transfer") while saying
 * again at least {@link STEP_SHARE} of the terms all of them said (the same step, another item) is the
 * order's step on a new item, so its count so far is granted; a repeat whose narration names
 * nothing new, is reworded throughout, or has no narration counts past it. Without a standing order nothing is
 * granted. Memory: the narration terms of each repeated call in the window.
 */
export class StandingOrderRuns {
  #inForce = false;
  readonly #named = new Map<string, Set<string>>();
  readonly #granted = new Map<string, number>();
  readonly #template = new Map<string, ReadonlySet<string>>();

  /**
   * @param turns - The hashed turns, in order.
   * @param window - The detector's window (the last `window` turns); a standing order up to {@link STANDING_ORDER_TURNS} turns before it still holds.
   */
  constructor(turns: readonly OrderTurn[], window: number) {
    const start = Math.max(0, turns.length - window);
    for (let index = start - 1; index >= Math.max(0, start - STANDING_ORDER_TURNS); index--) {
      if (turns[index]!.promptStandingOrder === true) {
        this.#inForce = true;
        return;
      }
    }
  }

  /** Reads a turn of the window: a standing order stated there holds from then on. */
  heard(turn: OrderTurn): void {
    if (turn.promptStandingOrder === true) this.#inForce = true;
  }

  /**
   * Reads one call's narration: records it under the call, and tells whether the call is the
   * order's step on a new item (an order in force; the narration names something the call's earlier
   * narrations did not, at most {@link MAX_ITEM_TERMS} terms, and says again at least
   * {@link STEP_SHARE} of what all of them said).
   * Call once per call made.
   *
   * @param call - What names the call (its hash).
   * @param narration - The terms of the text beside the call (`narrationTerms`), if any.
   * @returns Whether it is a step on a new item.
   */
  step(call: string, narration: readonly string[] | undefined): boolean {
    const terms = narration ?? [];
    const named = this.#named.get(call) ?? new Set<string>();
    const template = this.#template.get(call);
    const novel = terms.filter((term) => !named.has(term)).length;
    // The same step said of another item: most of what every earlier narration said (the step's
    // template) said again, something new named ("2번째 판을 위해 230도로" after "1번째 판을 위해
    // 230도로"); a narration reworded throughout is no step of a protocol.
    const shared = template === undefined ? new Set(terms) : new Set(terms.filter((term) => template.has(term)));
    const sameStep = template === undefined || (template.size > 0 && shared.size / template.size >= STEP_SHARE);
    for (const term of terms) named.add(term);
    this.#named.set(call, named);
    this.#template.set(call, shared);
    return this.#inForce && novel > 0 && novel <= MAX_ITEM_TERMS && sameStep;
  }

  /**
   * Records one count of a repeat.
   *
   * @param key - What names the repeat (a call, an outcome, a cycle).
   * @param count - Its count so far, this one included.
   * @param step - Whether the call that made this count was a step on a new item ({@link StandingOrderRuns.step}).
   * @returns The count granted for it: a count no larger is the standing order's steps.
   */
  grant(key: string, count: number, step: boolean): number {
    if (step) this.#granted.set(key, Math.max(count, this.#granted.get(key) ?? 0));
    return this.#granted.get(key) ?? 0;
  }
}
