/**
 * The second labeller's section of `loop-detection.ts`: reads `src/loops/loop-labels-second.json`
 * and prints agreement with the first labeller and the detectors against each labeller.
 */
import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { formatSecondLabellerReport, reportSecondLabeller } from '../src/index.js';
import { readLoopLabels } from './read-loop-labels.js';

/**
 * Prints the second labeller's report for the units read from ../shared/data.
 *
 * @param units - Every unit (id `set/run/agent`) with its messages.
 * @param first - The first labeller's labels by id.
 * @param options - The detector's window and repeats.
 */
export function printSecondLabellerReport(units: readonly { id: string; messages: readonly CairnMessage[] }[], first: ReadonlyMap<string, boolean>, options: DetectLoopOptions): void {
  const { labelledBy, labels: second, chosen, borderline } = readLoopLabels('loop-labels-second.json', new Set(units.map((unit) => unit.id)));
  const report = reportSecondLabeller({ units, first, second, chosen, borderline }, options, ['cairn', 'cairn+near', 'cairn+restate', 'cairn+stall', 'naive']);
  process.stdout.write(`\nSecond labeller (${second.size} units; ${labelledBy})\n${formatSecondLabellerReport(report)}\n`);
}
