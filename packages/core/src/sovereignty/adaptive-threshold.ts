/** What moves the adaptive threshold. */
export interface AdaptiveThresholdInput {
  /** The base threshold (0.70 by default). */
  base: number;
  /** Task progress 0–1, or `undefined` when unknown (no early/late adjustment). */
  progress: number | undefined;
  /** Share of recent tool results that failed, 0–1. */
  errorRate: number;
  /** A loop is detected. */
  loop: boolean;
}

/** Lowest and highest value of the adaptive threshold. */
export const ADAPTIVE_THRESHOLD_RANGE = Object.freeze({ min: 0.5, max: 0.95 });

/**
 * The adaptive compaction threshold (ACON-style): base; +0.10 early in a task (progress < 0.2:
 * keep more context while the task is being understood); −0.10 near its end (progress > 0.8:
 * compress harder); +0.15 × the recent error rate (keep debugging context); −0.15 while a loop
 * is detected (compress to break the pattern); clamped to 0.5–0.95.
 *
 * @param input - Base, progress, error rate and loop flag.
 * @returns The threshold, a share of the budget.
 *
 * @example
 * ```ts
 * adaptiveThreshold({ base: 0.7, progress: 0.1, errorRate: 0, loop: false }); // 0.8
 * ```
 */
export function adaptiveThreshold({ base, progress, errorRate, loop }: AdaptiveThresholdInput): number {
  let threshold = base;
  if (progress !== undefined && progress < 0.2) threshold += 0.1;
  if (progress !== undefined && progress > 0.8) threshold -= 0.1;
  threshold += 0.15 * Math.min(1, Math.max(0, errorRate));
  if (loop) threshold -= 0.15;
  // Rounded to a millionth so that sums like 0.7 + 0.1 give one stable value on every platform.
  return Math.round(Math.min(ADAPTIVE_THRESHOLD_RANGE.max, Math.max(ADAPTIVE_THRESHOLD_RANGE.min, threshold)) * 1e6) / 1e6;
}
