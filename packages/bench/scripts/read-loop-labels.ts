/**
 * Reads a hand-labelled loop file of `src/loops/` (`loop-labels-second.json`, `loop-labels-third.json`):
 * the labels, how each unit was chosen and which were marked borderline, for the units present.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface LoopLabelFile {
  labelledBy: string;
  units: { set: string; run: string; agent: string; loop: boolean; chosen: string; borderline?: boolean }[];
}

/** A labeller's labels keyed by unit id (`set/run/agent`). */
export interface LoopLabels {
  labelledBy: string;
  labels: Map<string, boolean>;
  chosen: Map<string, string>;
  borderline: Set<string>;
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Loads one labels file, keeping only the units whose ids are present in the data read.
 *
 * @param name - File name inside `src/loops/`.
 * @param present - Ids of the units read from ../shared/data.
 * @returns Labels, choices and borderline ids.
 */
export function readLoopLabels(name: string, present: ReadonlySet<string>): LoopLabels {
  const file = JSON.parse(readFileSync(join(here, '../src/loops', name), 'utf8')) as LoopLabelFile;
  const labelled = file.units.map((unit) => ({ ...unit, id: `${unit.set}/${unit.run}/${unit.agent}` })).filter((unit) => present.has(unit.id));
  return {
    labelledBy: file.labelledBy,
    labels: new Map(labelled.map((unit) => [unit.id, unit.loop])),
    chosen: new Map(labelled.map((unit) => [unit.id, unit.chosen])),
    borderline: new Set(labelled.filter((unit) => unit.borderline === true).map((unit) => unit.id)),
  };
}
