import { toolVerb } from '../dead-ends/index.js';
import { parseIfJson, termSet } from './near-repeat-features.js';

/** Most characters of a call's argument values read for its subject. */
export const MAX_SUBJECT_CHARS = 2_000;

/** The text of every value inside the arguments (keys left out), in key order. */
function valuesText(args: unknown): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (value: unknown, depth: number): void => {
    if (length >= MAX_SUBJECT_CHARS) return;
    if (value !== null && typeof value === 'object' && depth < 16) {
      if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
      else for (const key of Object.keys(value).sort()) walk((value as Record<string, unknown>)[key], depth + 1);
      return;
    }
    const text = typeof value === 'string' ? value : String(value);
    parts.push(text);
    length += text.length + 1;
  };
  walk(parseIfJson(args), 0);
  return parts.join(' ').slice(0, MAX_SUBJECT_CHARS);
}

/** A token that names something rather than says it: it has a digit, an underscore, an inner capital, or a dot or slash inside (`ORD-1014`, `parseInvoice`, `src/app.py`, `numpy.__version__`). */
const NAME_TOKEN = /[\p{L}\p{N}_$][\p{L}\p{N}_$.\/:-]*/gu;
const NAME_MARK = /\p{N}|_|\p{Ll}\p{Lu}|[\p{L}\p{N}][./][\p{L}\p{N}]/u;
/** Most names kept per call. */
export const MAX_SUBJECT_NAMES = 32;

/**
 * The names in a call's argument values (see {@link NAME_TOKEN}), lower case, distinct, sorted, at
 * most {@link MAX_SUBJECT_NAMES}: what a question is about when it is about a particular thing. Two
 * calls about the same words but different names (`grep parseInvoice` and `grep formatTotal`,
 * order `ORD-1014` and `ORD-1015`) ask different questions.
 */
export function callNames(args: unknown): string[] {
  return namesIn(valuesText(args));
}

function namesIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(NAME_TOKEN)) {
    const token = match[0].replace(/[.:/-]+$/, '');
    if (NAME_MARK.test(token)) names.add(token.toLowerCase());
    if (names.size >= MAX_SUBJECT_NAMES) break;
  }
  return [...names].sort();
}

/**
 * What a call asks about: the terms of its argument values (keys left out), without the terms
 * of the tool's name and of its verb (`grep` in a shell tool's `grep -rn foo`), which say how
 * it asks, not what about. `pip show numpy` and `python -c "import numpy; print(numpy.__version__)"`
 * both ask about `numpy`; `search_file "def fit"` and `search_file "class Base"` ask about different things.
 *
 * @returns Distinct terms, sorted.
 */
export function callSubject(name: string, args: unknown): string[] {
  return subjectIn(name, args, valuesText(args));
}

function subjectIn(name: string, args: unknown, text: string): string[] {
  const how = new Set([...termSet(name), ...termSet(toolVerb(name, args))]);
  return termSet(text).filter((term) => !how.has(term));
}

/** {@link callSubject} and {@link callNames} of one call, its argument values read once. */
export function callQuestion(name: string, args: unknown): { subjectTerms: string[]; subjectNames: string[] } {
  const text = valuesText(args);
  return { subjectTerms: subjectIn(name, args, text), subjectNames: namesIn(text) };
}
