/** Options of {@link sampleTurnPoints}. */
export interface SampleTurnPointsOptions {
  /** Every turn point of the session, ascending. */
  turnPoints: readonly number[];
  /** At most about this many turns are sampled (besides `required`). @default 60 */
  maxTurns?: number;
  /** Turn points always included (the turns right before repeated failed calls). */
  required?: readonly number[];
}

/**
 * Picks the turns to measure: all of them when there are few, otherwise evenly spaced pairs of
 * adjacent turns (so prefix stability compares a turn with the very next one), plus `required`.
 *
 * @param options - The turn points, the cap and the required points.
 * @returns Sampled turn points, ascending, without duplicates.
 *
 * @example
 * ```ts
 * sampleTurnPoints({ turnPoints: findTurnPoints(messages), maxTurns: 60, required: [412] });
 * ```
 */
export function sampleTurnPoints({ turnPoints, maxTurns = 60, required = [] }: SampleTurnPointsOptions): number[] {
  const chosen = new Set<number>(required);
  if (turnPoints.length <= maxTurns) {
    for (const point of turnPoints) chosen.add(point);
  } else {
    const pairs = Math.max(1, Math.floor(maxTurns / 2));
    const lastStart = turnPoints.length - 2;
    for (let pair = 0; pair < pairs; pair++) {
      const start = pairs === 1 ? lastStart : Math.round((pair * lastStart) / (pairs - 1));
      chosen.add(turnPoints[start]!);
      chosen.add(turnPoints[start + 1]!);
    }
  }
  return [...chosen].sort((left, right) => left - right);
}
