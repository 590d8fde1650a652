import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { compareLabellers, type LabellerComparison } from './compare-labellers.js';
import { replayLoopDetection, type LoopDetectorKind } from './replay-loop-detection.js';
import { scoreAgainstLabels, type LabelledScore } from './score-against-labels.js';

/** How the third labeller chose the units it shares with the second (the rest are fresh). */
export const OVERLAP_CHOICE = 'overlap';

/** One row: a detector scored against one labeller on one subset of the third labeller's units. */
export interface ThirdLabellerScoreRow extends LabelledScore {
  labeller: 'second' | 'third';
  subset: string;
  detector: LoopDetectorKind;
}

/** What the third labeller's labels show: agreement with the second on the overlap, and the detectors on the fresh units. */
export interface ThirdLabellerReport {
  /** Second (as "first") against third (as "second") on the overlap units both labelled. */
  agreement: LabellerComparison;
  /** The same, leaving out the overlap units either labeller marked borderline. */
  agreementWithoutBorderline: LabellerComparison;
  rows: ThirdLabellerScoreRow[];
}

/** The inputs: the units (id and messages), both labellers' labels and how the third chose each unit. */
export interface ThirdLabellerInput {
  units: readonly { id: string; messages: readonly CairnMessage[] }[];
  second: ReadonlyMap<string, boolean>;
  third: ReadonlyMap<string, boolean>;
  /** Unit id → how the third labeller chose it: `overlap` (drawn from the second's units) or a way of drawing fresh units (`random`, `long`, …). */
  chosen: ReadonlyMap<string, string>;
  /** Units either labeller marked borderline. */
  borderline?: ReadonlySet<string>;
  /** Ways of choosing fresh units that get a row even when no unit was chosen that way (default `random`, `long`). */
  freshWays?: readonly string[];
}

type Subset = [ThirdLabellerScoreRow['labeller'], string, ReadonlyMap<string, boolean>, readonly string[]];

/**
 * Replays every unit through the detectors once and scores them against the third labeller on its
 * fresh units (per way of choosing, all, without borderline units) and on the overlap, and against
 * the second labeller on the same overlap units; compares the two labellers there (Cohen's kappa).
 *
 * @param input - Units and labels.
 * @param options - The detector's window and repeats.
 * @param detectors - Which detectors to score.
 * @returns Agreement and score rows.
 */
export function reportThirdLabeller(input: ThirdLabellerInput, options: DetectLoopOptions, detectors: readonly LoopDetectorKind[] = ['cairn', 'naive']): ThirdLabellerReport {
  const { units, second, third, chosen, borderline = new Set<string>(), freshWays = ['random', 'long'] } = input;
  const overlap = [...third.keys()].filter((id) => chosen.get(id) === OVERLAP_CHOICE);
  const fresh = [...third.keys()].filter((id) => chosen.get(id) !== OVERLAP_CHOICE);
  const freshClear = fresh.filter((id) => !borderline.has(id));
  const ways = [...new Set([...freshWays, ...fresh.map((id) => chosen.get(id) ?? 'unknown')])];
  const subsets: Subset[] = [
    ...ways.map((way): Subset => {
      const ids = fresh.filter((id) => chosen.get(id) === way);
      return ['third', `fresh, chosen ${way} (${ids.length})`, third, ids];
    }),
    ['third', `fresh, all (${fresh.length})`, third, fresh],
    ['third', `fresh, borderline left out (${freshClear.length})`, third, freshClear],
    ['third', `overlap with the second (${overlap.length})`, third, overlap],
    ['second', `the same overlap units (${overlap.filter((id) => second.has(id)).length})`, second, overlap],
  ];
  const rows: ThirdLabellerScoreRow[] = [];
  for (const detector of detectors) {
    const fired = new Map(units.map((unit) => [unit.id, replayLoopDetection(unit.messages, options, detector).fired]));
    for (const [labeller, subset, labels, ids] of subsets) rows.push({ labeller, subset, detector, ...scoreAgainstLabels(fired, labels, ids) });
  }
  const onOverlap = (ids: readonly string[]): Map<string, boolean> => new Map(ids.filter((id) => third.has(id)).map((id) => [id, third.get(id)!]));
  return {
    agreement: compareLabellers(second, onOverlap(overlap)),
    agreementWithoutBorderline: compareLabellers(second, onOverlap(overlap.filter((id) => !borderline.has(id)))),
    rows,
  };
}
