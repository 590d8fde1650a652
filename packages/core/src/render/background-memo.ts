import type { Fidelity, SessionLog, ViewMessage } from '../log/index.js';
import type { BackgroundEntry } from '../pages/index.js';

/**
 * One Background_Context block of a view: the units it stands for and its message, fixed when it
 * was built. A turn that frees more history adds a block after it and leaves it byte for byte.
 * @internal
 */
export interface BackgroundSegment {
  /** The units it stands for, as first and last unit, flat: `[start, end, start, end, …]` in log order. */
  readonly covers: readonly number[];
  readonly block: ViewMessage;
  readonly blockTokens: number;
  /** Pages it names, in log order. */
  readonly pages: readonly string[];
  /** Its entries (its pages, with the keywords it showed), what its text is rendered from. */
  readonly entries: readonly BackgroundEntry[];
}

/**
 * The Background_Context blocks of the last turn that built them (`pages.consolidation.background`),
 * kept so that a steady turn shows the same blocks, byte for byte, and a turn that frees more
 * history keeps the earlier ones: every placeholder run of that turn, the runs the blocks replaced,
 * and the blocks (segments, oldest first). In snapshots (`background-memo-snapshot.ts`): a restored
 * engine shows the blocks the live one would. @internal
 */
export interface BackgroundMemo {
  /** Every placeholder run then, as first and last unit, flat: `[start, end, start, end, …]` in log order. */
  readonly runs: readonly number[];
  /** The runs the blocks replaced (each a placeholder run then), by first and last unit, in log order. */
  readonly folded: readonly { readonly start: number; readonly end: number }[];
  /** Their tokens in the history then. */
  readonly runTokens: number;
  /** The blocks, in view order (each after the one before it). */
  readonly segments: readonly BackgroundSegment[];
  /** Pages the blocks name, block by block. */
  readonly pages: readonly string[];
  /** The run messages it folded, as last rendered (not in snapshots): while they are the same objects, the blocks' `sourceIds` hold. */
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
 * Whether `memo` still describes this turn's history: the same placeholder runs (what the blocks
 * name depends on nothing else; a changed unit outside them changes no run). The pages they name
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

/** Whether every unit `segment` stands for is still a placeholder (then it may stay, byte for byte). @internal */
export function segmentStillHolds(segment: BackgroundSegment, fidelities: readonly Fidelity[]): boolean {
  const covers = segment.covers;
  for (let at = 0; at < covers.length; at += 2) {
    const end = covers[at + 1]!;
    if (end >= fidelities.length) return false;
    for (let unit = covers[at]!; unit <= end; unit++) if (fidelities[unit] !== 'placeholder') return false;
  }
  return true;
}

/** Ids of the log messages of the units in `covers` (flat ranges), in unit order: what a block stands for. @internal */
export function coveredSourceIds(log: SessionLog, covers: readonly number[]): string[] {
  const ids: string[] = [];
  for (let at = 0; at < covers.length; at += 2) {
    for (let unit = covers[at]!; unit <= covers[at + 1]!; unit++) for (const position of log.units[unit]!.positions) ids.push(log.entries[position]!.message.id);
  }
  return ids;
}
