import { CairnError } from '../log/index.js';

/**
 * How a question's view picks units by value per token. A view for a question selects units by
 * the square of their score per token; a unit shorter than `shortUnitTokens` is charged as if it
 * had that many tokens (its value is scaled by `tokens / shortUnitTokens`). Without this floor a
 * three-word acknowledgement ("Cool! What did it look like?") that shares a word with the
 * question, or borrows half its neighbour's match, outbids a longer message that answers it,
 * only because it is cheap — and a short text's match rests on one or two words, so it says
 * less. Only views for a question (`assemble({ query })`) apply it; agent turns are unchanged.
 */
export interface SelectionOptions {
  /**
   * Tokens below which a unit's value per token is charged as this many; `0` turns the floor off.
   * (LoCoMo evidence recall at 5 / 10 / 20% of each conversation: on the 3 shared conversations
   * 0.764 / 0.853 / 0.903 → 0.793 / 0.851 / 0.908; on 7 conversations not tuned on 0.749 / 0.828 /
   * 0.883 → 0.753 / 0.842 / 0.893.)
   * @default DEFAULT_SELECTION_OPTIONS.shortUnitTokens (50)
   */
  shortUnitTokens?: number;
}

/** Defaults of {@link SelectionOptions}. */
export const DEFAULT_SELECTION_OPTIONS: Readonly<Required<SelectionOptions>> = Object.freeze({ shortUnitTokens: 50 });

/** Resolved selection options. @internal */
export type ResolvedSelectionOptions = Readonly<Required<SelectionOptions>>;

/**
 * Applies the defaults of the `selection` engine option and checks it.
 * @throws CairnError `INVALID_OPTIONS` for a value that is not an object, or a `shortUnitTokens`
 *   that is not a finite number from 0 to 1,000,000.
 * @internal
 */
export function resolveSelectionOptions(options: SelectionOptions | undefined): ResolvedSelectionOptions {
  if (options === undefined) return DEFAULT_SELECTION_OPTIONS;
  if (typeof options !== 'object' || options === null) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option selection: got ${String(options)}; expected an object like { shortUnitTokens: 50 }.` });
  }
  const { shortUnitTokens = DEFAULT_SELECTION_OPTIONS.shortUnitTokens } = options;
  if (typeof shortUnitTokens !== 'number' || !Number.isFinite(shortUnitTokens) || shortUnitTokens < 0 || shortUnitTokens > 1_000_000) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option selection.shortUnitTokens: got ${String(shortUnitTokens)}; expected a number from 0 to 1000000 (0 turns the floor off).` });
  }
  return Object.freeze({ shortUnitTokens });
}
