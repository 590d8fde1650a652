import { detectFailure } from '@cairn/core';
import type { CairnMessage } from '@cairn/core';

/** How many of a run set's real failures the classifier reads as transient; see {@link countTransientReadings}. */
export interface TransientReadings {
  /** Tool results that read as failures (the tool's error flag, or an error in the output). */
  failures: number;
  /** Of those, read as transient: on real runs without planted faults, each is a permanent failure the guard would never block. */
  transient: number;
}

/**
 * Counts the real failures in sessions (tool results `detectFailure` reads as a failure) and how
 * many of them it reads as transient. On runs with no planted faults this is the classifier's cost:
 * every transient reading of a permanent failure lets a dead-end retry through unflagged.
 *
 * @param sessions - Sessions in log order.
 * @returns The failure and transient counts.
 *
 * @example
 * ```ts
 * countTransientReadings(holdout); // { failures: 310, transient: 0 }
 * ```
 */
export function countTransientReadings(sessions: readonly { messages: readonly CairnMessage[] }[]): TransientReadings {
  const counts: TransientReadings = { failures: 0, transient: 0 };
  for (const session of sessions) {
    for (const message of session.messages) {
      if (message.role !== 'tool') continue;
      const signal = detectFailure(message);
      if (!signal) continue;
      counts.failures++;
      if (signal.transient) counts.transient++;
    }
  }
  return counts;
}
