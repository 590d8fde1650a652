import type { Fidelity, ViewMessage } from '../log/index.js';
import type { BackgroundEntry } from '../pages/index.js';

/**
 * The Background_Context block of the last turn that built one (`pages.consolidation.background`),
 * kept so that a steady turn shows the same block, byte for byte: the placeholder runs it folded,
 * every placeholder run of that turn, and the block message with its tokens. In snapshots
 * (`background-memo-snapshot.ts`): a restored engine shows the block the live one would. @internal
 */
export interface BackgroundMemo {
  /** Every placeholder run then, as first and last unit, flat: `[start, end, start, end, …]` in log order. */
  readonly runs: readonly number[];
  /** The folded runs, by first and last unit, in log order. */
  readonly folded: readonly { readonly start: number; readonly end: number }[];
  /** Their tokens in the history then. */
  readonly runTokens: number;
  readonly block: ViewMessage;
  readonly blockTokens: number;
  /** Pages the block names, in log order. */
  readonly pages: readonly string[];
  /** The block's entries (its pages, with the keywords it showed), what its text is rendered from. */
  readonly entries: readonly BackgroundEntry[];
  /** The run messages it folded, as last rendered (not in snapshots): while they are the same objects, the block's `sourceIds` hold. */
  readonly sources?: readonly ViewMessage[];
}

/** The placeholder runs of `fidelities`, as first and last unit, flat: `[start, end, start, end, …]`. @internal */
export function placeholderRuns(fidelities: readonly Fidelity[]): number[] {
  const runs: number[] = [];
  for (let unit = 0; unit < fidelities.length; unit++) {
    if (fidelities[unit] !== 'placeholder') continue;
    runs.push(unit);
    while (unit + 1 < fidelities.length && fidelities[unit + 1] === 'placeholder') unit++;
    runs.push(unit);
  }
  return runs;
}

/**
 * Whether `memo` still describes this turn's history: the same placeholder runs (what the block
 * names depends on nothing else; a changed unit outside them changes no run). The pages it names
 * stay valid ids: original page ids are stable, and consolidated pages are never removed (a merge
 * keeps its children). @internal
 */
export function memoStillHolds(memo: BackgroundMemo, fidelities: readonly Fidelity[]): boolean {
  const runs = memo.runs;
  let at = 0;
  for (let unit = 0; unit < fidelities.length; unit++) {
    if (fidelities[unit] !== 'placeholder') continue;
    if (runs[at] !== unit) return false;
    while (unit + 1 < fidelities.length && fidelities[unit + 1] === 'placeholder') unit++;
    if (runs[at + 1] !== unit) return false;
    at += 2;
  }
  return at === runs.length;
}
