/**
 * The third labeller's section of `loop-detection.ts`: reads `src/loops/loop-labels-third.json`
 * (fresh units neither earlier labeller read, plus an overlap with the second) and prints the
 * detectors against it and its agreement with the second labeller.
 */
import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { formatThirdLabellerReport, reportThirdLabeller } from '../src/index.js';
import { readLoopLabels } from './read-loop-labels.js';

/**
 * Prints the third labeller's report for the units read from ../shared/data.
 *
 * @param units - Every unit (id `set/run/agent`) with its messages.
 * @param options - The detector's window and repeats.
 */
export function printThirdLabellerReport(units: readonly { id: string; messages: readonly CairnMessage[] }[], options: DetectLoopOptions): void {
  const present = new Set(units.map((unit) => unit.id));
  const second = readLoopLabels('loop-labels-second.json', present);
  const third = readLoopLabels('loop-labels-third.json', present);
  const borderline = new Set([...second.borderline, ...third.borderline]);
  const report = reportThirdLabeller({ units, second: second.labels, third: third.labels, chosen: third.chosen, borderline }, options, ['cairn', 'cairn+near', 'cairn+restate', 'cairn+stall', 'naive']);
  process.stdout.write(`\nThird labeller (${third.labels.size} units; ${third.labelledBy})\n${formatThirdLabellerReport(report)}\n`);
}
