/**
 * How often each detector would raise `stuck` on the shared real runs (issue 16): every unit
 * replayed to its end, counting the turns it says stuck and the times stuck is raised afresh —
 * what decides whether a detector can be on by default (stuck feeds the adaptive threshold and
 * puts a notice in the view).
 */
import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { countStuckRaises, type LoopDetectorKind } from '../src/index.js';

/**
 * Prints stuck raises per detector over every unit, and over the units no labeller called a loop.
 *
 * @param units - Every unit of the shared runs, with its messages.
 * @param labelledLoops - Ids of the units any labeller labelled a loop.
 * @param options - Window and repeats.
 * @param detectors - The detectors to count (the naive baseline has no engine form and is skipped).
 */
export function printStuckRaises(units: readonly { id: string; messages: readonly CairnMessage[] }[], labelledLoops: ReadonlySet<string>, options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  process.stdout.write(`\nStuck raises on the shared real runs (${units.length} units, every assistant message checked, each unit replayed to its end; "raises": stuck going from false to true)\n`);
  process.stdout.write('detector       turns  stuck turns  raises  units raised | units no labeller called a loop: units raised, raises\n');
  for (const detector of detectors) {
    if (detector === 'naive') continue;
    let turns = 0;
    let stuckTurns = 0;
    let raises = 0;
    let unitsRaised = 0;
    let quietUnits = 0;
    let quietRaises = 0;
    let quietRaised = 0;
    for (const unit of units) {
      const count = countStuckRaises(unit.messages, options, detector);
      turns += count.turns;
      stuckTurns += count.stuckTurns;
      raises += count.raises;
      if (count.raises > 0) unitsRaised++;
      if (!labelledLoops.has(unit.id)) {
        quietUnits++;
        quietRaises += count.raises;
        if (count.raises > 0) quietRaised++;
      }
    }
    process.stdout.write(
      `${detector.padEnd(13)} ${String(turns).padStart(6)} ${String(stuckTurns).padStart(12)} ${String(raises).padStart(7)} ${String(unitsRaised).padStart(13)} | ${quietRaised} of ${quietUnits} units, ${quietRaises} raises\n`,
    );
  }
}
