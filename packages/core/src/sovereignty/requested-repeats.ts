/** Most repeats a request is read as asking for (a larger count is read as this many). */
export const MAX_REQUESTED_REPEATS = 100;

/** Small counts written as words, in the languages the rule reads (English, Spanish, Portuguese, French, Italian, German, Dutch; Japanese and Chinese numerals). */
const COUNT_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, twenty: 20,
    dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
    duas: 2, três: 3, quatro: 4, sete: 7, oito: 8, nove: 9, dez: 10,
    deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10,
    due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, dieci: 10,
    zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10,
    twee: 2, drie: 3, vijf: 5, zes: 6, zeven: 7, negen: 9, tien: 10,
    二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 两: 2,
  }),
);

/**
 * Korean case particles (locative, instrumental, object, genitive, topic) ending a noun right after
 * `N번`: the number is the noun's label ("oven No. 4"), not a count of goes (loops16).
 */
const LABEL_PARTICLE = '(?:에서|에|으로|로|을|를|의|은|는)';

/** A count: digits or one of {@link COUNT_WORDS}. */
const COUNT = String.raw`(\d{1,3}|[a-zäöüßàâçéèêëîïôûùç]+|[二三四五六七八九十两])`;

/**
 * A count followed by a word for "times" or for one go of a repeated run: English `3 times`,
 * `5 runs`, `4 rounds`, `3 iterations`, `3 passes`, `3 trials`, `3 attempts`, `3 tries`;
 * Spanish `veces`, Portuguese `vezes`, French `fois`, Italian `volte`, German `mal` (`3 mal`,
 * `dreimal`), Dutch `keer`, Russian `раз`, Japanese `回` / `度`, Chinese `次` / `遍`, Korean `번` / `회`.
 */
const REPEAT_REQUEST = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}])${COUNT}\s?(?:times|runs|rounds|iterations|repetitions|passes|trials|attempts|tries|veces|vezes|fois|volte|-?mal|keer|раза?)(?![\p{L}\p{N}])`,
    // An ordinal is no count (loops16): `3回目`, `第3次`, `4번째` name the third or fourth go, and a
    // Korean `N번` before a noun that takes a case particle (`4번 오븐에`, "into oven No. 4") names a thing.
    String.raw`(?<!第[\s\d二三四五六七八九十两]*)(?<!\d)${COUNT}\s?(?:回|度|次|遍|번|회)(?!\s?目|째)(?!\s\p{Script=Hangul}+${LABEL_PARTICLE}(?![\p{L}\p{N}]))`,
  ].join('|'),
  'gu',
);

/**
 * How many runs of one thing a user's turn asks for: the largest count it names before a word for
 * "times" or for one go of a run (`run the benchmark 5 times`, `3 runs`, `cinco veces`, `dreimal`,
 * `3回`), at least 2 and at most {@link MAX_REQUESTED_REPEATS}; `undefined` when it names none. A
 * user who asks for that many runs requires the repeats (a benchmark run several times to take a
 * median, a flaky test re-run to see whether it fails): the identical call made up to that many
 * times is what was asked for, not a loop. Reads digits and small number words in English,
 * Spanish, Portuguese, French, Italian, German and Dutch, and Japanese and Chinese numerals; no
 * phrase of a particular task. An ordinal (`3回目`, `第3次`, `4번째`) or a Korean label number
 * (`4번 오븐에`, "into oven No. 4") is no count (loops16). Pure.
 *
 * @param text - The user's turn.
 * @returns The count asked for, or `undefined`.
 *
 * @example
 * ```ts
 * requestedRepeats('Run `npm test` 5 times and tell me whether it ever fails.'); // 5
 * requestedRepeats('Ejecuta la prueba tres veces.'); // 3
 * requestedRepeats('Run the tests.'); // undefined
 * ```
 */
export function requestedRepeats(text: string): number | undefined {
  let most: number | undefined;
  for (const match of text.toLowerCase().matchAll(REPEAT_REQUEST)) {
    const word = match[1] ?? match[2]!;
    const count = /^\d+$/.test(word) ? Number(word) : COUNT_WORDS.get(word);
    if (count === undefined || count < 2) continue;
    most = Math.max(most ?? 0, Math.min(count, MAX_REQUESTED_REPEATS));
  }
  return most;
}


/**
 * The repeats of each call the user asked to have again: a call made in a turn whose user's words
 * ask for something again (`promptAsksAgain`: "once more", "もう一度", "otra vez") is the run
 * asked for, so its count so far is granted; the identical call made again unasked counts past it
 * (a phrase played again each time the learner asks is what was asked; a search re-run twice more
 * after one "check again" is still a loop). Keyed by whatever names a repeated call.
 */
export class AskedAgainRuns {
  readonly #granted = new Map<string, number>();

  /**
   * Records one count of a repeated call.
   *
   * @param key - What names the repeated call.
   * @param count - Its count so far, this one included.
   * @param askedAgain - Whether the turn that made it follows a user's turn asking for something again.
   * @returns The count granted for it: a count no larger is what the user asked for.
   */
  see(key: string, count: number, askedAgain: boolean): number {
    if (askedAgain) this.#granted.set(key, Math.max(count, this.#granted.get(key) ?? 0));
    return this.#granted.get(key) ?? 0;
  }
}

/** Most assistant turns before the window searched for the user's latest turn (bounded work per check). */
export const REQUEST_LOOKBACK = 64;

/** What {@link RequestedRuns} reads of a turn: its user's words and its calls. */
interface RequestTurn {
  promptTerms?: readonly string[];
  promptRepeats?: number;
  calls: readonly { callHash: string }[];
}

/**
 * The runs the user's latest turn asked for ({@link requestedRepeats}: "play it five times"),
 * less those of each call already made before the window (loops14): a count stated before the
 * window still holds while the runs it asked for go on past the window's start, and only the
 * runs it has left are granted in the window — the same call made past the count still counts.
 * Looks back at most {@link REQUEST_LOOKBACK} turns before the window; a user's turn in the
 * window replaces what was read ({@link RequestedRuns.heard}). Memory: one count per call made
 * between the request and the window.
 */
export class RequestedRuns {
  #count = 0;
  #made: ReadonlyMap<string, number> = new Map();

  /**
   * @param turns - The hashed turns, in order.
   * @param window - The detector's window (the last `window` turns); 0 or more turns before it are read.
   */
  constructor(turns: readonly RequestTurn[], window: number) {
    const start = Math.max(0, turns.length - window);
    for (let index = start - 1; index >= Math.max(0, start - REQUEST_LOOKBACK); index--) {
      const turn = turns[index]!;
      if ((turn.promptTerms ?? []).length === 0) continue;
      this.#count = turn.promptRepeats ?? 0;
      if (this.#count === 0) return;
      const made = new Map<string, number>();
      for (const earlier of turns.slice(index, start)) for (const hash of new Set(earlier.calls.map((call) => call.callHash))) made.set(hash, (made.get(hash) ?? 0) + 1);
      this.#made = made;
      return;
    }
  }

  /** Reads a turn of the window: a user's turn there names the count anew (none: 0), no run made yet. */
  heard(turn: RequestTurn): void {
    if ((turn.promptTerms ?? []).length === 0) return;
    this.#count = turn.promptRepeats ?? 0;
    this.#made = new Map();
  }

  /** The runs of a call the request still grants in the window: its count less the call's runs before the window (0: none). */
  allowance(callHash: string): number {
    return Math.max(0, this.#count - (this.#made.get(callHash) ?? 0));
  }
}
