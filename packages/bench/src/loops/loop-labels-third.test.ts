import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Unit {
  set: string;
  run: string;
  agent: string;
  loop: boolean;
  chosen: string;
  note: string;
  borderline?: boolean;
}
interface LabelFile {
  about: string;
  rule: string;
  labelledBy: string;
  chosen: Record<string, string>;
  units: Unit[];
}
const here = dirname(fileURLToPath(import.meta.url));
const read = (name: string): LabelFile => JSON.parse(readFileSync(join(here, name), 'utf8'));
const third = read('loop-labels-third.json');
const second = read('loop-labels-second.json');
const first = read('loop-labels.json');
const idOf = (unit: Pick<Unit, 'set' | 'run' | 'agent'>): string => `${unit.set}/${unit.run}/${unit.agent}`;

describe('the third labeller’s loop labels', () => {
  it('label each unit once by the second labeller’s rule, with a labeller and a short note (ids and notes only, no copied data)', () => {
    expect(third.rule).toBe(second.rule);
    expect(third.labelledBy).toMatch(/third labeller/);
    const ids = third.units.map(idOf);
    expect(new Set(ids).size).toBe(ids.length);
    for (const unit of third.units) {
      expect(['tau-bench-airline', 'coder-swebench-lite']).toContain(unit.set);
      expect(unit.set === 'coder-swebench-lite' ? unit.agent.length > 0 : unit.agent === '').toBe(true);
      expect(typeof unit.loop).toBe('boolean');
      expect(unit.note.length).toBeGreaterThan(0);
      expect(unit.note.length).toBeLessThan(300);
      // borderline is marked both in the note and as a flag, or in neither
      expect(unit.borderline === true).toBe(unit.note.startsWith('borderline'));
    }
  });

  it('draw fresh units from those neither earlier labeller read, and the overlap only from the second’s units', () => {
    const earlier = new Set([...first.units, ...second.units].map(idOf));
    const secondIds = new Set(second.units.map(idOf));
    for (const unit of third.units) {
      expect(Object.keys(third.chosen)).toContain(unit.chosen);
      if (unit.chosen === 'overlap') expect(secondIds.has(idOf(unit))).toBe(true);
      else expect(earlier.has(idOf(unit))).toBe(false);
    }
    expect(third.units.filter((unit) => unit.chosen === 'random')).toHaveLength(90);
    expect(third.units.filter((unit) => unit.chosen === 'overlap')).toHaveLength(25);
  });
});
