import { DEFAULT_LOOP_REPEATS, DEFAULT_LOOP_WINDOW } from '@cairn/core';
import { countStuckRaises } from '../src/index.js';
import { loadLoopUnits } from './load-loop-units.js';
const units = await loadLoopUnits('/work/shared/data', () => {});
const o = { window: DEFAULT_LOOP_WINDOW, repeats: DEFAULT_LOOP_REPEATS };
for (const u of units) {
  const a = countStuckRaises(u.messages, o, 'cairn+near').raises, b = countStuckRaises(u.messages, o, 'cairn+stall').raises;
  if (a !== b) console.log(u.id, 'near', a, 'stall', b);
}
