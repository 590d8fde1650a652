import { CairnError } from '../log/index.js';

/**
 * Prompt-cache-aware planning: `ContextEngineOptions.prefix`. Every field is optional.
 *
 * Providers cache the leading part of a prompt and bill cached tokens at about a tenth of the
 * price, so a view that changes early costs more than its size says. With `cacheAware` on, a
 * steady turn (no new query, same budget) changes nothing already shown while the plan stays
 * within `compactAt` of the budget. Past it, causal-chain restores held back until then are
 * made, and units are degraded down to the yellow pressure level only from the latest point
 * where that is enough: the earlier messages, placeholder runs included, render byte-identical
 * to the previous turn's. Questions and new budgets plan afresh as before.
 */
export interface PrefixOptions {
  /** Keep the view's prefix stable across steady turns (see above); `false`: the regrade and compaction at the red level of before. @default true */
  cacheAware?: boolean;
  /**
   * Share of the budget past which a cache-aware steady turn frees tokens (instead of the red
   * pressure level): the higher, the fewer turns break the prefix.
   * @default 0.95
   */
  compactAt?: number;
  /**
   * Where a cache-aware curated view (one that does not show the history whole) shows the brief
   * (dead ends, lessons, loop notice, page index) that follows the history. `'sticky'`: where the
   * previous view showed it, while its text is
   * unchanged and every history message before it is shown as before — new messages are appended
   * after it, so the brief is billed at the cached price instead of again each turn; it moves to
   * the end when it changes or the prefix breaks before it (never between a tool call and its
   * result). A change of the playbook lessons' helpful/harmful counters alone does not change it
   * (when the text shown takes no more tokens): the counters refresh with the next change of its
   * lines. `'end'`: always the last
   * message, counters always current (the behaviour before). Without `cacheAware`, as `'end'`.
   * @default 'sticky'
   */
  brief?: 'sticky' | 'end';
  /**
   * How a sticky brief (`brief: 'sticky'`) shows a change of its lines (a dead end's status or
   * count, a new dead end, a lesson). `'appended'`: the brief stays as the view showed it and a
   * short message after the history names the lines that changed since ("Changed since the brief
   * above: …", each in its current form, and those no longer listed), so the brief and everything
   * after it stay cached; the brief takes the changes in (and that message goes) when it is placed
   * anew anyway — the prefix breaks before it (a compaction) — or when the changes would cost more
   * than half the brief. `'chained'`: as `'appended'`, but a changes message once shown is never
   * rewritten: the ones the previous view showed stay where they stood and a new one after the
   * history names only what changed since them ("Changed since the changes above: …"), so a change
   * re-sends no history that followed an earlier changes message; past the brief's own tokens
   * the chain collapses into one message. `'rewritten'`: the brief is rewritten and moves to the
   * end on every change (the behaviour before).
   * @default 'chained'
   */
  briefChanges?: 'chained' | 'appended' | 'rewritten';
  /**
   * How a cache-aware engine words the dead-end brief's lines, so that a line changes only when
   * its meaning for the next call does. `'settled'`: counts past two are shown as a floor that
   * changes only at 3, 5, 10, 20, 50, 100… ("failed 5+×", "3+ different calls");
   * a dead end that turned "since changed, may work now" because a later call changed what it
   * depended on keeps the status it had ("dead end", "suspect") while its latest failure is among
   * the last 7 logged messages (an edit-and-run loop repeats the run right after the edit) and
   * shows it once that has settled; the guard lets the call through either way. A new dead end, a suspect becoming a
   * dead end, a new reason and a call that then succeeded are shown at once. Only the wording
   * changes: the guard blocks and warns as before. `'exact'`: every count and status as it is
   * now (the behaviour before). Without `cacheAware`, as `'exact'`.
   * @default 'settled'
   */
  briefLines?: 'settled' | 'exact';
  /**
   * Share of the budget a cache-aware steady turn frees tokens down to once it passes
   * `compactAt`: the lower, the more turns after it only append (each batch breaks the prefix
   * once), and the smaller the view that every turn bills at the cached price. A steady turn's
   * upgrades (units whose score rose) also stay under it (and under the yellow level), so they do
   * not fill back what it freed. From above 0 to `compactAt`; the yellow level (0.7) is the
   * behaviour before.
   * @default 0.5 (`compactAt` when that is lower)
   */
  compactTo?: number;
}

/** Prefix options with every default applied. @internal */
export interface ResolvedPrefixOptions {
  cacheAware: boolean;
  compactAt: number;
  brief: 'sticky' | 'end';
  briefChanges: 'chained' | 'appended' | 'rewritten';
  briefLines: 'settled' | 'exact';
  compactTo: number;
}

/**
 * Default prefix options: cache-aware, freeing tokens past 95% of the budget down to 50% (on the
 * synthetic agent runs 11–12% fewer billed tokens than down to the yellow level, 0.7, at 8k–32k
 * budgets, with the same recall: core README, "Prefix stability and billing"), the brief kept in
 * place.
 */
export const DEFAULT_PREFIX_OPTIONS: Readonly<ResolvedPrefixOptions> = Object.freeze({ cacheAware: true, compactAt: 0.95, brief: 'sticky', briefChanges: 'chained', briefLines: 'settled', compactTo: 0.5 });

function invalid(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({
    code: 'INVALID_OPTIONS',
    message: `Invalid context engine option prefix.${parameter}: got ${String(value)}; expected ${expected}.`,
    details: { parameter: `prefix.${parameter}`, value },
  });
}

/**
 * Applies the defaults of the `prefix` option and checks it. `compactAt` must be at least the
 * yellow pressure level (what a cache-aware turn frees down to).
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function resolvePrefixOptions(options: PrefixOptions | undefined, yellow: number): ResolvedPrefixOptions {
  if (options === undefined) {
    const compactAt = Math.max(yellow, DEFAULT_PREFIX_OPTIONS.compactAt);
    return { ...DEFAULT_PREFIX_OPTIONS, compactAt, compactTo: Math.min(DEFAULT_PREFIX_OPTIONS.compactTo, compactAt) };
  }
  if (typeof options !== 'object' || options === null) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option prefix: got ${String(options)}; expected an object.`, details: { parameter: 'prefix' } });
  }
  const {
    cacheAware = DEFAULT_PREFIX_OPTIONS.cacheAware,
    compactAt = Math.max(yellow, DEFAULT_PREFIX_OPTIONS.compactAt),
    brief = DEFAULT_PREFIX_OPTIONS.brief,
    briefChanges = DEFAULT_PREFIX_OPTIONS.briefChanges,
    briefLines = DEFAULT_PREFIX_OPTIONS.briefLines,
    compactTo = Math.min(DEFAULT_PREFIX_OPTIONS.compactTo, compactAt),
  } = options;
  if (typeof cacheAware !== 'boolean') throw invalid('cacheAware', cacheAware, 'true or false');
  if (brief !== 'sticky' && brief !== 'end') throw invalid('brief', brief, "'sticky' or 'end'");
  if (briefChanges !== 'chained' && briefChanges !== 'appended' && briefChanges !== 'rewritten') throw invalid('briefChanges', briefChanges, "'chained', 'appended' or 'rewritten'");
  if (briefLines !== 'settled' && briefLines !== 'exact') throw invalid('briefLines', briefLines, "'settled' or 'exact'");
  if (typeof compactAt !== 'number' || !Number.isFinite(compactAt) || compactAt < yellow || compactAt > 1) {
    throw invalid('compactAt', compactAt, `a number from the yellow pressure level (${yellow}) to 1`);
  }
  if (typeof compactTo !== 'number' || !Number.isFinite(compactTo) || compactTo <= 0 || compactTo > compactAt) {
    throw invalid('compactTo', compactTo, `a number above 0, at most compactAt (${compactAt})`);
  }
  return { cacheAware, compactAt, brief, briefChanges, briefLines, compactTo };
}
