import type { SparseVector } from '../text/index.js';
import type { FailureClass } from './failure-class.js';

/** What was tried, as a dead end remembers it. */
export interface DeadEndTrace {
  /** The tool called, for dead ends learnt from tool calls. */
  toolName?: string;
  /** The call's exact signature (`callSignature(...).exact`). */
  signature?: string;
  /** The call's near signature (`callSignature(...).near`). */
  nearSignature?: string;
  /** What was tried, in words: the tool and its (shortened) arguments, or an approach. */
  approach: string;
}

/** A failed approach the agent should not repeat (CDA's dead-end registry). */
export interface DeadEnd {
  /** `de-1`, `de-2`… in order of creation. */
  id: string;
  /** The session it was learnt in. */
  sessionId: string;
  trace: DeadEndTrace;
  /** Why it failed: the most telling error line, or the reason given (the latest failure's). */
  reason: string;
  /**
   * Why it failed the time before, when that differed from `reason`: the same call failing for a
   * new reason tells the agent its change moved the problem, not that it solved it.
   */
  previousReason?: string;
  /** The lexical vector of the approach: relevance to a direction, similarity to a call. */
  vector: { ids: number[]; weights: number[] };
  /** How many times it failed. */
  frequency: number;
  /** Injected-clock time of the first and the latest failure. */
  firstSeen: number;
  lastSeen: number;
  /** `suspect` after one failure, `dead` (long-term) after two or more, or when registered. */
  status: 'suspect' | 'dead';
  /** Ids of the messages that showed the failures (tool results, corrections). */
  sourceIds: string[];
  /** True when the state it depended on has changed since it last failed, or it then succeeded: the guard no longer blocks it. */
  stale?: boolean;
  /**
   * What changed since it last failed (the successful call that touched what the failure depended
   * on, in words), when it turned stale by a state change: a repeat then gets a `warn` naming the
   * earlier error and this change. Absent when it turned stale because the same call succeeded.
   */
  changedSince?: string;
  /**
   * Set when its latest failure was transient (HTTP 429/503, a timeout, a connection reset…): a
   * retry is never flagged, and lists show it as transient.
   */
  transient?: true;
  /**
   * The class of its latest failure, for dead ends learnt from tool results (see `FailureClass`):
   * `transient` (never flagged), `permanent` (an exact repeat into an unchanged state is blocked
   * once it failed twice) or `unknown` (warned; blocked only after `unknownFailureBlockAfter`
   * identical failures with nothing changed). Absent for registered dead ends, user corrections and
   * dead ends restored from a snapshot taken before failure classes had three values (they behave
   * as `permanent`, as they did then).
   */
  failureClass?: FailureClass;
  /**
   * For an `unknown`-class dead end: how many times in a row the call failed with this same reason
   * with nothing changed in between (no state change touching it, no success, no transient fault).
   */
  identicalFailures?: number;
}

/** The guard's answer for a proposed tool call. */
export interface GuardVerdict {
  /**
   * `block`: repeats a long-term dead end into an unchanged state; `warn`: repeats a suspect one,
   * or a failed call after a state change (the reason names the earlier error and what changed);
   * `allow` otherwise (also for a retry after a transient fault).
   */
  verdict: 'allow' | 'warn' | 'block';
  /** The dead end it matches (also for `allow` when the match is stale). */
  deadEnd?: DeadEnd;
  /** One line saying why. */
  reason: string;
  /** The failure class of the dead end it matches, when known (also in `deadEnd.failureClass`). */
  failureClass?: FailureClass;
}

/** A tool call the guard is asked about. */
export interface ProposedToolCall {
  name: string;
  arguments: unknown;
}

/** An explicit dead end; see `DeadEndTracker.register`. */
export interface RegisterDeadEndInput {
  /** What was tried: a tool call (`toolName` with `arguments`) and/or an approach in words. */
  trace: { toolName?: string; arguments?: unknown; approach?: string };
  /** Why it is a dead end. */
  reason: string;
}

/** Options of `DeadEndTracker`. */
export interface DeadEndTrackerOptions {
  /** The session dead ends are learnt in. */
  sessionId: string;
  /** The injected clock, in milliseconds. */
  now: () => number;
  /** The engine's semantic space, e.g. `createLexicalVectoriser().vector`. */
  vectorise: (text: string) => SparseVector;
  /**
   * Cosine similarity from which a call matches a dead end that has no call signature (registered
   * approaches, user corrections).
   * @default 0.82
   */
  similarity?: number;
  /**
   * Failure classes: transient faults are never flagged, a stated exit status beats the output's
   * text, a repeat of a failed call after a state change gets a `warn`, and a failure that reads
   * neither as transient nor as permanent (`unknown`) is warned about before it is blocked (see
   * `unknownFailureBlockAfter`). `'two-way'` reads every failure that is not transient as
   * permanent (the guard before the `unknown` class); `false` gives the guard as it was before
   * failure classes. Both are for comparisons.
   * @default true
   */
  failureClasses?: boolean | 'two-way';
  /**
   * How many identical failures in a row (same reason, nothing changed in between) an `unknown`-class
   * failure needs before an exact repeat is blocked; until then a repeat gets a `warn` naming the
   * earlier error. A whole number from 2. Permanent failures are blocked from their second failure.
   * @default 3 (`DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER`)
   */
  unknownFailureBlockAfter?: number;
  /**
   * The most dead ends the registry holds. Past it, dead ends go in this order: stale ones whose
   * call then worked, transient ones, stale ones by a state change (the guard still warns on
   * them), `suspect`, then `dead` — oldest latest failure first, the one just learnt never; a
   * live dead end goes only when every stale and transient one has gone. Experience records are kept
   * up to 8 per dead end (oldest dropped first) and a dead end keeps its first and newest 31
   * source ids.
   * @default 200
   */
  maxDeadEnds?: number;
}

/**
 * Default of {@link DeadEndTrackerOptions.unknownFailureBlockAfter}: an unknown-class failure is
 * blocked from its fourth attempt (after three identical failures), one attempt later than a
 * permanent one. Chosen on the failure-class report (issue 15, guard3 session): at 2 a transient
 * fault worded in a way nobody listed, retried twice with the same message, is blocked on the
 * third attempt; at 3 that takes a fault that persisted through three identical tries.
 */
export const DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER = 3;

/** Default of {@link DeadEndTrackerOptions.similarity}. */
export const DEFAULT_DEAD_END_SIMILARITY = 0.82;
