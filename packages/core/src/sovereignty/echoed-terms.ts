/**
 * Least share of the terms a failing call's answer echoes from its arguments that must be new
 * (in no earlier call's arguments) for the call to ask about a new target (loops17).
 */
export const NEW_ECHO_SHARE = 0.5;

/**
 * Whether a call asks about a new target (loops17): of the terms of its arguments its answer
 * echoes back (`No matches found for "TextRun"`), at least {@link NEW_ECHO_SHARE} are in no
 * earlier call's arguments. A search for a new term each time is exploration, not the same try
 * again; a search reworded with the same words (`"retry budget exceeded"`, then `"retry budget
 * exceeded error"`) echoes mostly old terms. An answer that echoes nothing tells nothing of it. Pure.
 *
 * @param argumentTerms - The call's argument terms.
 * @param resultTerms - The terms of its answer.
 * @param earlier - The argument terms of the calls before it.
 * @returns Whether it asks about a new target.
 *
 * @example
 * ```ts
 * asksNewTarget(['search', 'textrun'], ['no', 'match', 'textrun'], new Set(['search', 'glyph'])); // true
 * ```
 */
export function asksNewTarget(argumentTerms: readonly string[], resultTerms: readonly string[], earlier: ReadonlySet<string>): boolean {
  const answer = new Set(resultTerms);
  const echoed = argumentTerms.filter((term) => answer.has(term));
  if (echoed.length === 0) return false;
  return echoed.filter((term) => !earlier.has(term)).length / echoed.length >= NEW_ECHO_SHARE;
}
