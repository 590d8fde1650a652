import type { CallObservation } from './assistant-turn-hashes.js';

/** What an observation (a call's answer) told the window, as the stall detector judges it. */
export interface ObservationNews {
  /** Terms of the answer the window did not hold, nor the call's own arguments. */
  novel: readonly string[];
  /** The identical call was answered otherwise before in the window: the world moved (a poll). */
  moved: boolean;
  /** The call's own argument terms (an answer echoing them repeats nothing it was told). */
  own: ReadonlySet<string>;
}

/**
 * What one answer told: its terms that neither the window (`known`) nor the call's own arguments
 * held (an answer that only echoes the question tells nothing), and whether the identical call was
 * answered otherwise before (`previous`: its earlier outcome, if any).
 */
export function observationNews(call: CallObservation, outcome: string, known: ReadonlySet<string>, previous: string | undefined): ObservationNews {
  const own = new Set(call.argumentTerms ?? []);
  return { novel: call.resultTerms.filter((term) => !known.has(term) && !own.has(term)), moved: previous !== undefined && previous !== outcome, own };
}

/** A run of observations that brought nothing new, as {@link NoNewsStreak} counts it. */
export interface Streak {
  /** Observations in it: the one whose answer the others repeat, then each that repeated it. */
  count: number;
  /** Position of the turn that last counted (a turn counts once). */
  at: number;
  lastId: string;
  /** The first call's hash and tool (what the loop is reported as). */
  hash: string;
  toolName: string;
  /** What the first call asked about ({@link CallObservation.subjectTerms}) and the names it named. */
  subject: ReadonlySet<string>;
  names: ReadonlySet<string>;
  /** What the first answer told (its novel terms) and its outcome. */
  told: ReadonlySet<string>;
  outcome: string;
}

/** Terms of the first answer another answer must repeat (beyond echoing its own call) to give the same answer in another form. */
export const REPEATED_ANSWER_TERMS = 2;

/**
 * Whether a call asks what the streak's first call asked: the two share a subject term (`numpy`
 * in `pip show numpy` and in `python -c "import numpy; …"`; a word of a reworded query), and no
 * name of the first was swapped for another (`ORD-1014` → `ORD-1015`, one date or file or
 * identifier → another: a question about another thing, whose empty answer is news). Words may be
 * swapped (a query reworded); two calls with no subject ask the same.
 */
export function asksTheSame(first: { subject: ReadonlySet<string>; names: ReadonlySet<string> }, subject: readonly string[], names: readonly string[]): boolean {
  if (first.subject.size === 0 && subject.length === 0) return true;
  if (!subject.some((term) => first.subject.has(term))) return false;
  const added = names.some((name) => !first.names.has(name));
  const dropped = [...first.names].some((name) => !names.includes(name));
  return !(added && dropped);
}

/**
 * One question put to the world again and again, however it is worded, each answer telling
 * nothing new: reworded help searches each answered with the same empty list, the installed
 * version asked for by `pip show`, `python -c`, `pip list` and every answer `1.26.4`. Counts
 * observations in a row where each after the first
 * - brought no news ({@link observationNews}: no term the window lacked; not the identical call
 *   answered otherwise — a seat map that lists fewer seats moved on),
 * - asks what the first asked ({@link asksTheSame}), and
 * - gives the first's answer again: the same outcome, or at least {@link REPEATED_ANSWER_TERMS}
 *   terms the first answer told, beyond its own arguments (the same version in another format).
 * An observation that fails any of these starts a new streak with itself. The owner clears the
 * streak when the user speaks (a user who asks for each search directs it) and on a change of
 * state (what follows a change may turn out otherwise). Memory: one streak.
 */
export class NoNewsStreak {
  private streak: Streak | undefined;

  /**
   * Counts one observation.
   *
   * @returns The streak when the observation repeated its first answer (its count the
   *   observations in it), otherwise `undefined` (it starts a new streak).
   */
  see(call: CallObservation, outcome: string, news: ObservationNews, at: number, id: string): Streak | undefined {
    const known = this.streak;
    const sameAnswer = (streak: Streak): boolean => streak.outcome === outcome || call.resultTerms.filter((term) => streak.told.has(term) && !news.own.has(term)).length >= REPEATED_ANSWER_TERMS;
    const subject = call.subjectTerms ?? [];
    const names = call.subjectNames ?? [];
    if (known === undefined || news.novel.length > 0 || news.moved || !asksTheSame(known, subject, names) || !sameAnswer(known)) {
      this.streak = { count: 1, at, lastId: id, hash: call.callHash, toolName: call.toolName, subject: new Set(subject), names: new Set(names), told: new Set(news.novel), outcome };
      return undefined;
    }
    if (known.at !== at) {
      known.count++;
      known.at = at;
      known.lastId = id;
    }
    return known;
  }

  /** Forgets the streak (the user spoke, or the state changed). */
  clear(): void {
    this.streak = undefined;
  }
}
