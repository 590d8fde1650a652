/** A confusion count and what it gives. */
export interface DetectionScore {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** TP / (TP + FP); 1 when nothing fired. */
  precision: number;
  /** TP / (TP + FN); 1 when nothing was to be found. */
  recall: number;
}

/**
 * Scores predictions against labels.
 *
 * @param pairs - `[predicted, actual]` per labelled item.
 * @returns Counts, precision and recall.
 */
export function scoreDetections(pairs: readonly (readonly [boolean, boolean])[]): DetectionScore {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let trueNegatives = 0;
  for (const [predicted, actual] of pairs) {
    if (predicted && actual) truePositives++;
    else if (predicted) falsePositives++;
    else if (actual) falseNegatives++;
    else trueNegatives++;
  }
  return {
    truePositives,
    falsePositives,
    falseNegatives,
    trueNegatives,
    precision: truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives),
    recall: truePositives + falseNegatives === 0 ? 1 : truePositives / (truePositives + falseNegatives),
  };
}
