import { scoreDetections, type DetectionScore } from './score-detections.js';

/** A detector's score against one labeller on a set of ids, with the ids it got wrong. */
export interface LabelledScore extends DetectionScore {
  units: number;
  loops: number;
  missed: string[];
  falseAlarms: string[];
}

/**
 * Scores a detector's verdicts (already replayed, one per unit) against a labeller's labels, on
 * the ids given (every labelled id by default). An id the detector has no verdict for is skipped.
 *
 * @param fired - Unit id → whether the detector fired on it.
 * @param labels - Unit id → the labeller's label.
 * @param ids - The ids to score (a subset of `labels`).
 * @returns Counts, precision, recall and the missed / falsely flagged ids.
 */
export function scoreAgainstLabels(fired: ReadonlyMap<string, boolean>, labels: ReadonlyMap<string, boolean>, ids: Iterable<string> = labels.keys()): LabelledScore {
  const scored = [...ids].filter((id) => labels.has(id) && fired.has(id));
  return {
    units: scored.length,
    loops: scored.filter((id) => labels.get(id)).length,
    ...scoreDetections(scored.map((id) => [fired.get(id)!, labels.get(id)!] as const)),
    missed: scored.filter((id) => labels.get(id) && !fired.get(id)),
    falseAlarms: scored.filter((id) => !labels.get(id) && fired.get(id)),
  };
}
