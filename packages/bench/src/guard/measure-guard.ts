import type { CairnMessage } from '@cairn/core';
import { mayChangeEnvironment } from './may-change-environment.js';
import { callSignature, createLexicalVectoriser, DeadEndTracker } from './core-dead-ends.js';
import { INJECTED_TRANSIENT } from './inject-transient-faults.js';

/** A session to replay: its id and messages in log order (one agent's own context). */
export interface GuardSession {
  id: string;
  messages: readonly CairnMessage[];
}

/** Flag counts of one guard over a set of sessions; see {@link measureGuard}. */
export interface GuardFlags {
  /** Exact repeats of an earlier failed call that failed again, flagged (warn or block). */
  exactFlagged: number;
  /** Of those, the ones that failed with the same error again. */
  exactSameErrorFlagged: number;
  /** Near-identical repeats (same `near`, new `exact`) of an earlier failed call that failed again, flagged. */
  nearFlagged: number;
  /** Unchanged exact repeats (see `GuardMeasurement.unchangedRepeats`) flagged. */
  unchangedFlagged: number;
  /** Unchanged near repeats (see `GuardMeasurement.unchangedNearRepeats`) flagged. */
  unchangedNearFlagged: number;
  /** Flagged calls that succeeded or repeated no failed call. */
  falseFlags: number;
  /** Of those, blocked (the tracker's guard only). */
  falseBlocks: number;
  /**
   * Of `falseFlags`, warnings (not blocks) on repeats of a failed call that then succeeded: what a
   * warning after a state change costs when the change did fix it.
   */
  succeededRepeatWarns: number;
  /** Retries after a transient fault (see `GuardMeasurement.transientRetries`) blocked. */
  transientBlocked: number;
  /** Retries after a transient fault warned about. */
  transientWarned: number;
  /**
   * Of `transientBlocked`, by attempt: index k counts the retries made after k planted faults of
   * the same call in a row (index 1: the second attempt, index 2: the third…).
   */
  transientBlockedByAttempt: number[];
  /** Of `transientWarned`, by attempt (as `transientBlockedByAttempt`). */
  transientWarnedByAttempt: number[];
  /**
   * Exact repeats of a failed call that failed again with the same output, blocked (not only
   * warned): the share of the recall that is a block.
   */
  exactSameErrorBlocked: number;
}

/** What {@link measureGuard} counts. */
export interface GuardMeasurement {
  sessions: number;
  /** Tool calls replayed. */
  calls: number;
  /** Calls whose result is marked `isError` (the data's label). */
  failedCalls: number;
  /** Exact repeats of an earlier failed call that failed again: the true dead-end repeats. */
  exactRepeats: number;
  /**
   * Of `exactRepeats`, those that failed with the same error as the call's previous failure (the
   * data's `error_signature` label, else the first line of the output): the same dead end again,
   * not a retry whose outcome the change in between did alter.
   */
  exactSameErrorRepeats: number;
  /**
   * Of `exactRepeats`, those with no successful call between the earlier failure and the repeat
   * that may have changed the environment (`mayChangeEnvironment`): the agent retried into an
   * unchanged state. The data sets' own "strict" repeat counts mean the same.
   */
  unchangedRepeats: number;
  /** Exact repeats into an unchanged state that then succeeded (part of `otherCalls`). */
  unchangedRepeatsThatSucceeded: number;
  /** Near-identical (not exact) repeats of an earlier failed call that failed again. */
  nearRepeats: number;
  /** Of `nearRepeats`, those into an unchanged state (as for `unchangedRepeats`). */
  unchangedNearRepeats: number;
  /** Calls that are neither: the denominator of the false-flag rate. */
  otherCalls: number;
  /** Repeats (exact or near) of a failed call that then succeeded: part of `otherCalls`. */
  repeatsThatSucceeded: number;
  /**
   * Calls whose same call failed last with a transient fault (marked
   * `metadata.injectedTransientFault` by `injectTransientFaults`): retries that should never be blocked.
   */
  transientRetries: number;
  /** `transientRetries` by attempt: index k counts retries made after k planted faults of the same call in a row. */
  transientRetriesByAttempt: number[];
  /** The tracker's guard (`DeadEndTracker.check`). */
  guard: GuardFlags;
  /** The naive guard: flag any call whose exact signature failed before. */
  naive: GuardFlags;
}

/** Options of {@link measureGuard}. */
export interface MeasureGuardOptions {
  /** Passed to the tracker. @default 0.82 */
  similarity?: number;
  /**
   * Passed to the tracker: `false` measures the guard as it was before failure classes, `'two-way'`
   * as it was before the unknown class. @default true
   */
  failureClasses?: boolean | 'two-way';
  /** Passed to the tracker. @default 3 */
  unknownFailureBlockAfter?: number;
}

const emptyFlags = (): GuardFlags => ({ exactFlagged: 0, exactSameErrorFlagged: 0, unchangedFlagged: 0, unchangedNearFlagged: 0, nearFlagged: 0, falseFlags: 0, falseBlocks: 0, succeededRepeatWarns: 0, transientBlocked: 0, transientWarned: 0, transientBlockedByAttempt: [], transientWarnedByAttempt: [], exactSameErrorBlocked: 0 });

/**
 * Replays each session through a fresh `DeadEndTracker` and asks its guard about every tool call
 * before the call is observed, then learns the real outcome (`isError`) from the result. A call
 * is an exact repeat when an earlier call with the same exact signature failed, a near repeat when
 * only an earlier near signature matches; it counts as a true dead-end repeat when it fails again.
 * The naive exact-match guard is measured in the same pass.
 *
 * @param sessions - The sessions, each replayed on its own.
 * @param options - Tracker options.
 * @returns The counts, summed over sessions.
 *
 * @example
 * ```ts
 * const measurement = measureGuard(sessions);
 * measurement.guard.exactFlagged / measurement.exactRepeats; // exact-repeat recall
 * ```
 */
export function measureGuard(sessions: readonly GuardSession[], { similarity, failureClasses, unknownFailureBlockAfter }: MeasureGuardOptions = {}): GuardMeasurement {
  const result: GuardMeasurement = { sessions: sessions.length, calls: 0, failedCalls: 0, exactRepeats: 0, exactSameErrorRepeats: 0, unchangedRepeats: 0, unchangedRepeatsThatSucceeded: 0, nearRepeats: 0, unchangedNearRepeats: 0, otherCalls: 0, repeatsThatSucceeded: 0, transientRetries: 0, transientRetriesByAttempt: [], guard: emptyFlags(), naive: emptyFlags() };
  const trackerOptions = { ...(similarity === undefined ? {} : { similarity }), ...(failureClasses === undefined ? {} : { failureClasses }), ...(unknownFailureBlockAfter === undefined ? {} : { unknownFailureBlockAfter }) };
  for (const session of sessions) replaySession(session, result, trackerOptions);
  return result;
}

interface PendingCall {
  /** Whether the call, when it succeeds, may change the environment. */
  changes: boolean;
  exact: string;
  near: string;
  flagged: boolean;
  blocked: boolean;
}

/** Adds one to `counts[index]`, filling the gaps with zeros. */
function bump(counts: number[], index: number): void {
  while (counts.length <= index) counts.push(0);
  counts[index]!++;
}

function replaySession(session: GuardSession, result: GuardMeasurement, trackerOptions: Omit<MeasureGuardOptions, 'similarity'> & { similarity?: number }): void {
  let clock = 0;
  const tracker = new DeadEndTracker({ sessionId: session.id, now: () => clock, vectorise: createLexicalVectoriser().vector, ...trackerOptions });
  /** Planted faults in a row, per exact signature, up to the latest result of that call. */
  const transientLast = new Map<string, number>();
  const failedExact = new Set<string>();
  const failedNear = new Set<string>();
  const lastError = new Map<string, string>();
  const failedUnchanged = new Set<string>();
  const failedNearUnchanged = new Set<string>();
  const pending = new Map<string, PendingCall>();
  for (const [index, message] of session.messages.entries()) {
    clock = message.timestamp ?? index * 1000;
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) {
        const verdict = tracker.check({ name: call.name, arguments: call.arguments }).verdict;
        const signature = callSignature(call.name, call.arguments);
        pending.set(call.id, { changes: mayChangeEnvironment(call.name, call.arguments), exact: signature.exact, near: signature.near, flagged: verdict !== 'allow', blocked: verdict === 'block' });
      }
    }
    tracker.observe(message);
    const call = message.role === 'tool' && message.toolCallId !== undefined ? pending.get(message.toolCallId) : undefined;
    if (!call) continue;
    pending.delete(message.toolCallId!);
    const planted = transientLast.get(call.exact) ?? 0;
    if (planted > 0) {
      result.transientRetries++;
      bump(result.transientRetriesByAttempt, planted);
      if (call.blocked) result.guard.transientBlocked++;
      else if (call.flagged) result.guard.transientWarned++;
      if (call.blocked) bump(result.guard.transientBlockedByAttempt, planted);
      else if (call.flagged) bump(result.guard.transientWarnedByAttempt, planted);
      if (failedExact.has(call.exact)) result.naive.transientWarned++;
    }
    if (message.metadata?.[INJECTED_TRANSIENT] === true) transientLast.set(call.exact, planted + 1);
    else transientLast.delete(call.exact);
    count(result, call, message.isError === true ? errorKey(message) : undefined, { failedExact, failedNear, lastError, failedUnchanged, failedNearUnchanged });
  }
}

/** What a failure said: the data's `error_signature` label, else its first non-empty line. */
function errorKey(message: CairnMessage): string {
  const label = message.metadata?.error_signature;
  if (typeof label === 'string') return label;
  const text = typeof message.content === 'string' ? message.content : message.content.map((part) => part.text).join('\n');
  return text.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
}

/** What the replay remembers of earlier calls. */
interface ReplayMemory {
  failedExact: Set<string>;
  failedNear: Set<string>;
  lastError: Map<string, string>;
  /** Exact signatures that failed with no environment-changing success since. */
  failedUnchanged: Set<string>;
  /** The same for near signatures. */
  failedNearUnchanged: Set<string>;
}

function count(
  result: GuardMeasurement,
  call: PendingCall,
  error: string | undefined,
  { failedExact, failedNear, lastError, failedUnchanged, failedNearUnchanged }: ReplayMemory,
): void {
  const failed = error !== undefined;
  result.calls++;
  if (failed) result.failedCalls++;
  const exactRepeat = failedExact.has(call.exact);
  const nearRepeat = !exactRepeat && failedNear.has(call.near);
  const naiveFlagged = exactRepeat;
  const unchanged = failedUnchanged.has(call.exact);
  if (exactRepeat && failed) {
    result.exactRepeats++;
    if (unchanged) result.unchangedRepeats++;
    if (unchanged && call.flagged) result.guard.unchangedFlagged++;
    if (unchanged && naiveFlagged) result.naive.unchangedFlagged++;
    const sameError = lastError.get(call.exact) === error;
    if (sameError) result.exactSameErrorRepeats++;
    if (call.flagged) result.guard.exactFlagged++;
    if (call.flagged && sameError) result.guard.exactSameErrorFlagged++;
    if (call.blocked && sameError) result.guard.exactSameErrorBlocked++;
    if (naiveFlagged) result.naive.exactFlagged++;
    if (naiveFlagged && sameError) result.naive.exactSameErrorFlagged++;
  } else if (nearRepeat && failed) {
    result.nearRepeats++;
    const nearUnchanged = failedNearUnchanged.has(call.near);
    if (nearUnchanged) result.unchangedNearRepeats++;
    if (nearUnchanged && call.flagged) result.guard.unchangedNearFlagged++;
    if (call.flagged) result.guard.nearFlagged++;
    if (naiveFlagged) result.naive.nearFlagged++;
  } else {
    result.otherCalls++;
    if (exactRepeat || nearRepeat) result.repeatsThatSucceeded++;
    if (unchanged) result.unchangedRepeatsThatSucceeded++;
    if (call.flagged) result.guard.falseFlags++;
    if (call.blocked) result.guard.falseBlocks++;
    if (call.flagged && !call.blocked && (exactRepeat || nearRepeat) && !failed) result.guard.succeededRepeatWarns++;
    if (naiveFlagged) result.naive.falseFlags++;
    if (naiveFlagged && !failed) result.naive.succeededRepeatWarns++;
  }
  if (!failed && call.changes) {
    failedUnchanged.clear();
    failedNearUnchanged.clear();
  }
  if (!failed) {
    failedUnchanged.delete(call.exact);
    failedNearUnchanged.delete(call.near);
  }
  if (failed) {
    failedUnchanged.add(call.exact);
    failedNearUnchanged.add(call.near);
    failedExact.add(call.exact);
    failedNear.add(call.near);
    lastError.set(call.exact, error);
  }
}
