import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/** One labelled unit of a loop label file (a tau-bench run, or one agent of a CodeR run). */
export interface LabelledUnit {
  set: string;
  run: string;
  agent: string;
  loop: boolean;
  chosen: string;
  note: string;
  borderline?: boolean;
}

/** A loop label file in `src/loops/`: ids, labels and short notes only. */
export interface LabelFile {
  about: string;
  rule: string;
  labelledBy: string;
  chosen: Record<string, string>;
  units: LabelledUnit[];
}

const loops = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Reads a label file of `src/loops/` by name. */
export const readLabelFile = (name: string): LabelFile => JSON.parse(readFileSync(join(loops, name), 'utf8'));

/** A unit's id, `set/run/agent`. */
export const idOf = (unit: Pick<LabelledUnit, 'set' | 'run' | 'agent'>): string => `${unit.set}/${unit.run}/${unit.agent}`;

/**
 * The shape every later labeller's file keeps: the second labeller's rule verbatim, the labeller
 * named, each unit once, a known set (CodeR units name their agent), a short note, and a
 * borderline flag exactly when the note says so.
 */
export function expectWellFormedLabels(file: LabelFile, rule: string, labeller: RegExp): void {
  expect(file.rule).toBe(rule);
  expect(file.labelledBy).toMatch(labeller);
  const ids = file.units.map(idOf);
  expect(new Set(ids).size).toBe(ids.length);
  for (const unit of file.units) {
    expect(['tau-bench-airline', 'coder-swebench-lite']).toContain(unit.set);
    expect(unit.set === 'coder-swebench-lite' ? unit.agent.length > 0 : unit.agent === '').toBe(true);
    expect(typeof unit.loop).toBe('boolean');
    expect(unit.note.length).toBeGreaterThan(0);
    expect(unit.note.length).toBeLessThan(300);
    // borderline is marked both in the note and as a flag, or in neither
    expect(unit.borderline === true).toBe(unit.note.startsWith('borderline'));
  }
}
