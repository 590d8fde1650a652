import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { replayLoopDetection, type LoopDetectorKind } from './replay-loop-detection.js';
import { scoreDetections, type DetectionScore } from './score-detections.js';

/** One labelled unit of the loop-detection set: an agent's messages and whether it loops. */
export interface LabelledLoopUnit {
  id: string;
  /** `dev` (looked at while designing the detector) or `held-out`. */
  split: 'dev' | 'held-out';
  loop: boolean;
  messages: readonly CairnMessage[];
}

/** One row of the loop-detection report. */
export interface LoopDetectionRow extends DetectionScore {
  split: LabelledLoopUnit['split'];
  detector: LoopDetectorKind;
  units: number;
  loops: number;
  /** Ids of the units it got wrong (for reading them). */
  missed: string[];
  falseAlarms: string[];
}

/**
 * Replays every unit through a detector and scores it per split: a unit counts as detected when
 * the detector fires at any of its assistant messages.
 *
 * @param units - The labelled units.
 * @param options - Window and repeats.
 * @param detectors - Which detectors to score (cairn's and the naive baseline by default).
 * @returns One row per split and detector.
 */
export function evaluateLoopDetection(units: readonly LabelledLoopUnit[], options: DetectLoopOptions, detectors: readonly LoopDetectorKind[] = ['cairn', 'naive']): LoopDetectionRow[] {
  const rows: LoopDetectionRow[] = [];
  for (const split of ['dev', 'held-out'] as const) {
    const chosen = units.filter((unit) => unit.split === split);
    for (const detector of detectors) {
      const predictions = chosen.map((unit) => ({ unit, fired: replayLoopDetection(unit.messages, options, detector).fired }));
      rows.push({
        split,
        detector,
        units: chosen.length,
        loops: chosen.filter((unit) => unit.loop).length,
        ...scoreDetections(predictions.map(({ unit, fired }) => [fired, unit.loop] as const)),
        missed: predictions.filter(({ unit, fired }) => unit.loop && !fired).map(({ unit }) => unit.id),
        falseAlarms: predictions.filter(({ unit, fired }) => !unit.loop && fired).map(({ unit }) => unit.id),
      });
    }
  }
  return rows;
}
