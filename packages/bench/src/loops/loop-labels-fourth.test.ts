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
const fourth = read('loop-labels-fourth.json');
const third = read('loop-labels-third.json');
const second = read('loop-labels-second.json');
const first = read('loop-labels.json');
const idOf = (unit: Pick<Unit, 'set' | 'run' | 'agent'>): string => `${unit.set}/${unit.run}/${unit.agent}`;

describe('the fourth labeller’s loop labels', () => {
  it('label each unit once by the second labeller’s rule, with a labeller and a short note (ids and notes only, no copied data)', () => {
    expect(fourth.rule).toBe(second.rule);
    expect(fourth.labelledBy).toMatch(/fourth labeller/);
    const ids = fourth.units.map(idOf);
    expect(new Set(ids).size).toBe(ids.length);
    for (const unit of fourth.units) {
      expect(['tau-bench-airline', 'coder-swebench-lite']).toContain(unit.set);
      expect(unit.set === 'coder-swebench-lite' ? unit.agent.length > 0 : unit.agent === '').toBe(true);
      expect(typeof unit.loop).toBe('boolean');
      expect(unit.note.length).toBeGreaterThan(0);
      expect(unit.note.length).toBeLessThan(300);
      // borderline is marked both in the note and as a flag, or in neither
      expect(unit.borderline === true).toBe(unit.note.startsWith('borderline'));
    }
  });

  it('draw fresh units from those no earlier labeller read, and the overlap only from the third’s fresh units', () => {
    const earlier = new Set([...first.units, ...second.units, ...third.units].map(idOf));
    const thirdFresh = new Set(third.units.filter((unit) => unit.chosen !== 'overlap').map(idOf));
    expect(Object.keys(fourth.chosen).sort()).toEqual(['fresh', 'overlap-third']);
    for (const unit of fourth.units) {
      expect(Object.keys(fourth.chosen)).toContain(unit.chosen);
      if (unit.chosen === 'overlap-third') expect(thirdFresh.has(idOf(unit))).toBe(true);
      else expect(earlier.has(idOf(unit))).toBe(false);
    }
    expect(fourth.units.filter((unit) => unit.chosen === 'fresh')).toHaveLength(126);
    expect(fourth.units.filter((unit) => unit.chosen === 'overlap-third')).toHaveLength(30);
  });
});
