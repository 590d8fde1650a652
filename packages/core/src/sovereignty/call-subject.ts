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

/**
 * What a call asks about: the terms of its argument values (keys left out), without the terms
 * of the tool's name and of its verb (`grep` in a shell tool's `grep -rn foo`), which say how
 * it asks, not what about. `pip show numpy` and `python -c "import numpy; print(numpy.__version__)"`
 * both ask about `numpy`; `search_file "def fit"` and `search_file "class Base"` ask about different things.
 *
 * @returns Distinct terms, sorted.
 */
export function callSubject(name: string, args: unknown): string[] {
  const how = new Set([...termSet(name), ...termSet(toolVerb(name, args))]);
  return termSet(valuesText(args)).filter((term) => !how.has(term));
}
