/** Fewest characters of a standalone hexadecimal id masked in a respelled read's answer (letters and digits both: `a4b8bd`); the outcome masks 8 or more (`MIN_HEX_ID`). */
export const MIN_SHORT_HEX_ID = 6;

const SHORT_HEX_ID = new RegExp(String.raw`\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{${MIN_SHORT_HEX_ID},}\b`, 'g');

/**
 * A masked output (`steadyOutputText`, folded) with its standalone hexadecimal ids of
 * {@link MIN_SHORT_HEX_ID} or more letters and digits both masked too (`a4b8bd`: a query id a tool
 * hands out with each answer), or `undefined` when it names none.
 */
export function shortHexIdsMasked(steady: string): string | undefined {
  const masked = steady.replace(SHORT_HEX_ID, '#');
  return masked === steady ? undefined : masked;
}
