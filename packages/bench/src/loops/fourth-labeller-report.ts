import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { compareLabellers, type LabellerComparison } from './compare-labellers.js';
import { replayLoopDetection, type LoopDetectorKind } from './replay-loop-detection.js';
import { scoreAgainstLabels, type LabelledScore } from './score-against-labels.js';

/** How the fourth labeller chose the units it shares with the third (the rest are `fresh`). */
export const OVERLAP_THIRD_CHOICE = 'overlap-third';

/** One row: a detector scored against one labeller (or the pooled fresh labels) on one subset. */
export interface FourthLabellerScoreRow extends LabelledScore {
  labeller: 'third' | 'fourth' | 'pooled';
  subset: string;
  detector: LoopDetectorKind;
}

/** What the fourth labeller's labels show: agreement with the third, the detectors on its fresh units and on the pooled clean hold-out. */
export interface FourthLabellerReport {
  /** Third (as "first") against fourth (as "second") on the overlap units both labelled. */
  agreement: LabellerComparison;
  /** The same, leaving out the overlap units either labeller marked borderline. */
  agreementWithoutBorderline: LabellerComparison;
  rows: FourthLabellerScoreRow[];
}

/** The inputs: the units, both labellers' labels, how each chose its units, and the borderline marks. */
export interface FourthLabellerInput {
  units: readonly { id: string; messages: readonly CairnMessage[] }[];
  third: ReadonlyMap<string, boolean>;
  fourth: ReadonlyMap<string, boolean>;
  /** Unit id → how the third chose it: `overlap` (from the second's units) or a way of drawing fresh units. */
  thirdChosen: ReadonlyMap<string, string>;
  /** Unit id → how the fourth chose it: `overlap-third` or `fresh`. */
  fourthChosen: ReadonlyMap<string, string>;
  /** Units either labeller marked borderline. */
  borderline?: ReadonlySet<string>;
}

type Subset = [FourthLabellerScoreRow['labeller'], string, ReadonlyMap<string, boolean>, readonly string[]];

/**
 * Replays every unit through the detectors once and scores them against the fourth labeller on
 * its fresh units (all, without borderline units) and on the overlap, against the third on the
 * same overlap units, and against the pooled clean hold-out: the third's fresh units with the
 * third's labels (its overlap with the fourth included, as the third labelled it) plus the
 * fourth's fresh units with the fourth's (units nobody tuned on), all and without borderline units. Compares the third and fourth on the overlap (Cohen's kappa).
 *
 * @param input - Units and labels.
 * @param options - The detector's window and repeats.
 * @param detectors - Which detectors to score.
 * @returns Agreement and score rows.
 */
export function reportFourthLabeller(input: FourthLabellerInput, options: DetectLoopOptions, detectors: readonly LoopDetectorKind[] = ['cairn', 'naive']): FourthLabellerReport {
  const { units, third, fourth, thirdChosen, fourthChosen, borderline = new Set<string>() } = input;
  const clear = (ids: readonly string[]): string[] => ids.filter((id) => !borderline.has(id));
  const overlap = [...fourth.keys()].filter((id) => fourthChosen.get(id) === OVERLAP_THIRD_CHOICE);
  const fresh = [...fourth.keys()].filter((id) => fourthChosen.get(id) !== OVERLAP_THIRD_CHOICE);
  const thirdFresh = [...third.keys()].filter((id) => thirdChosen.get(id) !== 'overlap' && !fresh.includes(id));
  const pooled = new Map<string, boolean>([...thirdFresh.map((id): [string, boolean] => [id, third.get(id)!]), ...fresh.map((id): [string, boolean] => [id, fourth.get(id)!])]);
  const pooledIds = [...pooled.keys()];
  const subsets: Subset[] = [
    ['fourth', `fresh (${fresh.length})`, fourth, fresh],
    ['fourth', `fresh, borderline left out (${clear(fresh).length})`, fourth, clear(fresh)],
    ['pooled', `third's fresh + fourth's fresh (${pooledIds.length})`, pooled, pooledIds],
    ['pooled', `the same, borderline left out (${clear(pooledIds).length})`, pooled, clear(pooledIds)],
    ['fourth', `overlap with the third (${overlap.length})`, fourth, overlap],
    ['third', `the same overlap units (${overlap.filter((id) => third.has(id)).length})`, third, overlap],
  ];
  const rows: FourthLabellerScoreRow[] = [];
  for (const detector of detectors) {
    const fired = new Map(units.map((unit) => [unit.id, replayLoopDetection(unit.messages, options, detector).fired]));
    for (const [labeller, subset, labels, ids] of subsets) rows.push({ labeller, subset, detector, ...scoreAgainstLabels(fired, labels, ids) });
  }
  const onOverlap = (ids: readonly string[]): Map<string, boolean> => new Map(ids.map((id) => [id, fourth.get(id)!]));
  return {
    agreement: compareLabellers(third, onOverlap(overlap)),
    agreementWithoutBorderline: compareLabellers(third, onOverlap(clear(overlap))),
    rows,
  };
}
