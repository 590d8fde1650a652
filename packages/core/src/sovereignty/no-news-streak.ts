/** The streak of observations that brought nothing new, as {@link NoNewsStreak} counts it. */
export interface Streak {
  count: number;
  /** Position of the turn that last counted (a turn counts once). */
  at: number;
  lastId: string;
  hash: string;
  toolName: string;
  /** What the streak's first call asked about. */
  subject: Set<string>;
  /** What the streak's first answer told (its novel terms) and its outcome. */
  told: Set<string>;
  outcome: string;
}

const HAS_DIGIT = /\p{N}/u;

/** One observation as the streak reads it. */
export interface NewsInput {
  novel: readonly string[];
  moved: boolean;
  terms: readonly string[];
  own: ReadonlySet<string>;
  subject: readonly string[];
  outcome: string;
  hash: string;
  toolName: string;
  at: number;
  id: string;
}

/**
 * Observations in a row that brought no news (prototype).
 */
export class NoNewsStreak {
  private streak: Streak | undefined;

  clear(): void {
    this.streak = undefined;
  }

  /** Counts one observation; returns the streak when it brought nothing new. */
  see(input: NewsInput): Streak | undefined {
    const known = this.streak;
    const related = known !== undefined && sameQuestion(known.subject, input.subject) && (known.outcome === input.outcome || input.terms.filter((term) => known.told.has(term) && !input.own.has(term)).length >= 2);
    if (input.novel.length > 0 || input.moved || !related) {
      this.streak = { count: 1, at: input.at, lastId: input.id, hash: input.hash, toolName: input.toolName, subject: new Set(input.subject), told: new Set(input.novel), outcome: input.outcome };
      return undefined;
    }
    if (known.at !== input.at) {
      known.count++;
      known.at = input.at;
      known.lastId = input.id;
    }
    return known;
  }
}

/** Whether a call asks what the first did: they share a subject term, and no value of the first was swapped for another (`ORD-1014` → `ORD-1015` asks about another order). */
function sameQuestion(first: ReadonlySet<string>, subject: readonly string[]): boolean {
  if (first.size === 0 && subject.length === 0) return true;
  if (!subject.some((term) => first.has(term))) return false;
  const values = subject.filter((term) => HAS_DIGIT.test(term));
  const swapped = values.some((term) => !first.has(term)) && [...first].some((term) => HAS_DIGIT.test(term) && !values.includes(term));
  return !swapped;
}
