import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { compareLabellers, type LabellerComparison } from './compare-labellers.js';
import { replayLoopDetection, type LoopDetectorKind } from './replay-loop-detection.js';
import { scoreAgainstLabels, type LabelledScore } from './score-against-labels.js';

/** One row: a detector scored against one labeller on one subset of units. */
export interface LabellerScoreRow extends LabelledScore {
  labeller: 'first' | 'second';
  subset: string;
  detector: LoopDetectorKind;
}

/** What the second labeller's labels show: agreement with the first, and the detectors against each. */
export interface SecondLabellerReport {
  /** Both labellers on the units both read. */
  agreement: LabellerComparison;
  /** The same, leaving out the units the second labeller marked borderline. */
  agreementWithoutBorderline: LabellerComparison;
  /** The first labeller's labels, with every unit it did not read taken as "not a loop" (its rule), against the second on the units only the second read. */
  heldOutAgreement: LabellerComparison;
  rows: LabellerScoreRow[];
}

/** The inputs: the units (id and messages), both labellers' labels and how the second chose each unit. */
export interface SecondLabellerInput {
  units: readonly { id: string; messages: readonly CairnMessage[] }[];
  first: ReadonlyMap<string, boolean>;
  second: ReadonlyMap<string, boolean>;
  /** Unit id → how the second labeller chose it (`first-labelled`, `random`, `long`, …). */
  chosen: ReadonlyMap<string, string>;
  /** Units the second labeller marked borderline (scored once more without them). */
  borderline?: ReadonlySet<string>;
}

/**
 * Replays every unit through the detectors once and scores them against each labeller: the first
 * on the units it read and on all units (unread = not a loop, its rule), the second on all it read,
 * without the units it marked borderline, on the units the first also read, on the held-out units
 * (those the first never read), and per way of choosing.
 *
 * @param input - Units and labels.
 * @param options - The detector's window and repeats.
 * @param detectors - Which detectors to score.
 * @returns Agreement and score rows.
 */
export function reportSecondLabeller(input: SecondLabellerInput, options: DetectLoopOptions, detectors: readonly LoopDetectorKind[] = ['cairn', 'naive']): SecondLabellerReport {
  const { units, first, second, chosen, borderline = new Set<string>() } = input;
  const clear = [...second.keys()].filter((id) => !borderline.has(id));
  const firstByRule = new Map(units.map((unit) => [unit.id, first.get(unit.id) ?? false]));
  const heldOut = [...second.keys()].filter((id) => !first.has(id));
  const bothRead = [...second.keys()].filter((id) => first.has(id));
  const ways = [...new Set(chosen.values())].filter((way) => way !== 'first-labelled');
  const subsets: [LabellerScoreRow['labeller'], string, ReadonlyMap<string, boolean>, readonly string[]][] = [
    ['first', `read by the first (${first.size})`, first, [...first.keys()]],
    ['first', `all units, unread = no loop (${firstByRule.size})`, firstByRule, [...firstByRule.keys()]],
    ['second', `all read by the second (${second.size})`, second, [...second.keys()]],
    ['second', `all read, borderline left out (${clear.length})`, second, clear],
    ['second', `read by both (${bothRead.length})`, second, bothRead],
    ['second', `held-out: never read by the first (${heldOut.length})`, second, heldOut],
    ...ways.map((way) => {
      const ids = heldOut.filter((id) => chosen.get(id) === way);
      return ['second', `held-out, chosen ${way} (${ids.length})`, second, ids] as [LabellerScoreRow['labeller'], string, ReadonlyMap<string, boolean>, readonly string[]];
    }),
  ];
  const rows: LabellerScoreRow[] = [];
  for (const detector of detectors) {
    const fired = new Map(units.map((unit) => [unit.id, replayLoopDetection(unit.messages, options, detector).fired]));
    for (const [labeller, subset, labels, ids] of subsets) rows.push({ labeller, subset, detector, ...scoreAgainstLabels(fired, labels, ids) });
  }
  const heldOutFirst = new Map(heldOut.map((id) => [id, firstByRule.get(id) ?? false]));
  const secondClear = new Map(clear.map((id) => [id, second.get(id)!]));
  return { agreement: compareLabellers(first, second), agreementWithoutBorderline: compareLabellers(first, secondClear), heldOutAgreement: compareLabellers(heldOutFirst, second), rows };
}
