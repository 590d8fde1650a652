/**
 * The fourth labeller's section of `loop-detection.ts`: reads `src/loops/loop-labels-fourth.json`
 * (126 fresh units no earlier labeller read, plus 30 of the third's fresh units) and prints the
 * detectors against it, against the pooled clean hold-out (the third's and the fourth's fresh
 * units) and its agreement with the third labeller.
 */
import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { formatFourthLabellerReport, reportFourthLabeller } from '../src/index.js';
import { readLoopLabels } from './read-loop-labels.js';

/**
 * Prints the fourth labeller's report for the units read from ../shared/data.
 *
 * @param units - Every unit (id `set/run/agent`) with its messages.
 * @param options - The detector's window and repeats.
 */
export function printFourthLabellerReport(units: readonly { id: string; messages: readonly CairnMessage[] }[], options: DetectLoopOptions): void {
  const present = new Set(units.map((unit) => unit.id));
  const third = readLoopLabels('loop-labels-third.json', present);
  const fourth = readLoopLabels('loop-labels-fourth.json', present);
  const borderline = new Set([...third.borderline, ...fourth.borderline]);
  const report = reportFourthLabeller({ units, third: third.labels, fourth: fourth.labels, thirdChosen: third.chosen, fourthChosen: fourth.chosen, borderline }, options, ['cairn', 'cairn+near', 'cairn+restate', 'cairn+stall', 'naive']);
  process.stdout.write(`\nFourth labeller (${fourth.labels.size} units; ${fourth.labelledBy})\n${formatFourthLabellerReport(report)}\n`);
}
