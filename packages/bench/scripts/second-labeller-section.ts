/**
 * The second labeller's section of `loop-detection.ts`: reads `src/loops/loop-labels-second.json`
 * and prints agreement with the first labeller and the detectors against each labeller.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { formatSecondLabellerReport, reportSecondLabeller } from '../src/index.js';

interface SecondLabelFile {
  labelledBy: string;
  units: { set: string; run: string; agent: string; loop: boolean; chosen: string; borderline?: boolean }[];
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Prints the second labeller's report for the units read from ../shared/data.
 *
 * @param units - Every unit (id `set/run/agent`) with its messages.
 * @param first - The first labeller's labels by id.
 * @param options - The detector's window and repeats.
 */
export function printSecondLabellerReport(units: readonly { id: string; messages: readonly CairnMessage[] }[], first: ReadonlyMap<string, boolean>, options: DetectLoopOptions): void {
  const file = JSON.parse(readFileSync(join(here, '../src/loops/loop-labels-second.json'), 'utf8')) as SecondLabelFile;
  const present = new Set(units.map((unit) => unit.id));
  const labelled = file.units.map((unit) => ({ ...unit, id: `${unit.set}/${unit.run}/${unit.agent}` })).filter((unit) => present.has(unit.id));
  const second = new Map(labelled.map((unit) => [unit.id, unit.loop]));
  const chosen = new Map(labelled.map((unit) => [unit.id, unit.chosen]));
  const borderline = new Set(labelled.filter((unit) => unit.borderline === true).map((unit) => unit.id));
  const report = reportSecondLabeller({ units, first, second, chosen, borderline }, options, ['cairn', 'cairn+near', 'naive']);
  process.stdout.write(`\nSecond labeller (${second.size} units; ${file.labelledBy})\n${formatSecondLabellerReport(report)}\n`);
}
