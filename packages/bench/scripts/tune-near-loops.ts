/**
 * Tunes the near-repeat loop similarities (issue 16): a grid over reply / argument / result
 * similarity, scored against both labellers on the units both read (the tuning set), with the
 * second labeller's held-out units (never read by the first) and the first labeller's full set
 * printed beside each setting — pick on the tuning set only.
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/tune-near-loops.ts [--data ../shared/data]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_LOOP_REPEATS, DEFAULT_LOOP_WINDOW, DEFAULT_NEAR_LOOP_SIMILARITY, type NearLoopSimilarity } from '@cairn/core';
import { replayLoopDetection, scoreDetections } from '../src/index.js';
import { loadLoopUnits } from './load-loop-units.js';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { data: { type: 'string', default: join(here, '../../../../shared/data') } } });
const options = { window: DEFAULT_LOOP_WINDOW, repeats: DEFAULT_LOOP_REPEATS };
type Labels = { units: { set: string; run: string; agent: string; loop: boolean }[] };
const read = (name: string) => new Map((JSON.parse(readFileSync(join(here, `../src/loops/${name}`), 'utf8')) as Labels).units.map((unit) => [`${unit.set}/${unit.run}/${unit.agent}`, unit.loop]));
const first = read('loop-labels.json');
const second = read('loop-labels-second.json');
const units = await loadLoopUnits(values.data!);
const both = units.filter((unit) => first.has(unit.id) && second.has(unit.id));
const heldOut = units.filter((unit) => !first.has(unit.id) && second.has(unit.id));

function score(chosen: typeof units, labels: ReadonlyMap<string, boolean>, similarity: NearLoopSimilarity) {
  return scoreDetections(chosen.map((unit) => [replayLoopDetection(unit.messages, options, 'cairn+near', similarity).fired, labels.get(unit.id) ?? false] as const));
}
const pct = (value: number) => (Number.isNaN(value) ? '  n/a' : `${(value * 100).toFixed(0).padStart(4)}%`);
process.stdout.write(`units: tuning (read by both) ${both.length}, held-out (second only) ${heldOut.length}, first labeller all ${units.length}\n`);
process.stdout.write('reply  args  result | tune: P/R first  P/R second | held-out P/R second | all units P/R first (unread = no loop)\n');
for (const replySimilarity of [0.3, 0.4, 0.5, 0.6]) {
  for (const argumentSimilarity of [0.3, 0.5, 0.7]) {
    for (const resultSimilarity of [0.4, 0.6, 0.8]) {
      const similarity = { ...DEFAULT_NEAR_LOOP_SIMILARITY, replySimilarity, argumentSimilarity, resultSimilarity };
      const a = score(both, first, similarity);
      const b = score(both, second, similarity);
      const c = score(heldOut, second, similarity);
      const d = score(units, first, similarity);
      process.stdout.write(`${replySimilarity.toFixed(1).padStart(5)} ${argumentSimilarity.toFixed(1).padStart(5)} ${resultSimilarity.toFixed(1).padStart(7)} | ${pct(a.precision)} ${pct(a.recall)}  ${pct(b.precision)} ${pct(b.recall)} | ${pct(c.precision)} ${pct(c.recall)} (fired ${c.truePositives + c.falsePositives}) | ${pct(d.precision)} ${pct(d.recall)} (fired ${d.truePositives + d.falsePositives})\n`);
    }
  }
}
