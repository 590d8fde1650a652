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
}
const here = dirname(fileURLToPath(import.meta.url));
const read = (name: string): { rule: string; labelledBy: string; units: Unit[] } => JSON.parse(readFileSync(join(here, name), 'utf8'));
const second = read('loop-labels-second.json');
const first = read('loop-labels.json');
const idOf = (unit: Pick<Unit, 'set' | 'run' | 'agent'>): string => `${unit.set}/${unit.run}/${unit.agent}`;

describe('the second labeller’s loop labels', () => {
  it('label each unit once, with a rule, a labeller and a short note (ids and notes only, no copied data)', () => {
    expect(second.rule.length).toBeGreaterThan(200);
    expect(second.labelledBy).toMatch(/second labeller/);
    const ids = second.units.map(idOf);
    expect(new Set(ids).size).toBe(ids.length);
    for (const unit of second.units) {
      expect(['tau-bench-airline', 'coder-swebench-lite']).toContain(unit.set);
      expect(typeof unit.loop).toBe('boolean');
      expect(unit.note.length).toBeGreaterThan(0);
      expect(unit.note.length).toBeLessThan(300);
    }
  });

  it('re-label every unit of the first labeller and mark which units were chosen how', () => {
    const secondIds = new Set(second.units.map(idOf));
    for (const unit of first.units) expect(secondIds.has(idOf(unit))).toBe(true);
    const firstIds = new Set(first.units.map(idOf));
    for (const unit of second.units) expect(unit.chosen).toBe(firstIds.has(idOf(unit)) ? 'first-labelled' : unit.chosen === 'random' ? 'random' : 'long');
    expect(second.units.filter((unit) => unit.chosen === 'random').length).toBeGreaterThanOrEqual(40);
  });
});
