import { classifyFailure, contentText, detectFailure } from '@cairn/core';
import type { CairnMessage } from '@cairn/core';

/** A run set's real failures by failure class; see {@link countFailureClasses}. */
export interface FailureClassCounts {
  /** Tool results that read as failures (the tool's error flag, or an error in the output). */
  failures: number;
  transient: number;
  permanent: number;
  unknown: number;
}

/**
 * Counts the tool failures in sessions (`detectFailure`) by failure class (`classifyFailure`):
 * transient, permanent or unknown. On runs with no planted faults, a transient reading is a
 * permanent failure the guard would never flag, and an unknown one a failure it blocks later than
 * before (warned first).
 *
 * @param sessions - Sessions in log order.
 * @returns The counts.
 *
 * @example
 * ```ts
 * countFailureClasses(holdout); // { failures: 310, transient: 0, permanent: 250, unknown: 60 }
 * ```
 */
export function countFailureClasses(sessions: readonly { messages: readonly CairnMessage[] }[]): FailureClassCounts {
  const counts: FailureClassCounts = { failures: 0, transient: 0, permanent: 0, unknown: 0 };
  for (const session of sessions) {
    for (const message of session.messages) {
      if (message.role !== 'tool') continue;
      const signal = detectFailure(message);
      if (!signal) continue;
      counts.failures++;
      counts[classifyFailure(signal, contentText(message.content))]++;
    }
  }
  return counts;
}
