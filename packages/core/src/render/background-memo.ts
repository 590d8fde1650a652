import type { Fidelity, SessionLog, ViewMessage } from '../log/index.js';
import type { BackgroundEntry } from '../pages/index.js';
import { unitSourceIds } from './unit-source-ids.js';

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

/** Least share of a block's units that must still be placeholders for the block to stay (else it folds afresh). */
export const MIN_HELD_SHARE = 0.5;

/**
 * The block `segment` as it stands this turn: the same text, standing for its units that are still
 * placeholders (a unit a new question brought back into view drops out of its `covers`; the page
 * stays named, one consult away, and the text stays byte for byte). `segment` itself when every
 * unit is; `undefined` when fewer than {@link MIN_HELD_SHARE} of them are, or none. The caller
 * recounts the sources of a trimmed block. @internal
 */
export function segmentStillHolds(segment: BackgroundSegment, fidelities: readonly Fidelity[]): BackgroundSegment | undefined {
  const covers = segment.covers;
  const held: number[] = [];
  let total = 0;
  let kept = 0;
  for (let at = 0; at < covers.length; at += 2) {
    for (let unit = covers[at]!; unit <= covers[at + 1]!; unit++) {
      total++;
      if (unit >= fidelities.length || fidelities[unit] !== 'placeholder') continue;
      kept++;
      if (held.length > 0 && held[held.length - 1] === unit - 1) held[held.length - 1] = unit;
      else held.push(unit, unit);
    }
  }
  if (kept === total) return segment;
  if (kept === 0 || kept < total * MIN_HELD_SHARE) return undefined;
  return { ...segment, covers: held };
}

/** Ids of the log messages of the units in `covers` (flat ranges), in unit order: what a block stands for. @internal */
export function coveredSourceIds(log: SessionLog, covers: readonly number[]): string[] {
  const { ids: all, starts } = unitSourceIds(log);
  const ids: string[] = [];
  for (let at = 0; at < covers.length; at += 2) {
    const end = starts[covers[at + 1]! + 1]!;
    for (let index = starts[covers[at]!]!; index < end; index++) ids.push(all[index]!);
  }
  return ids;
}
