import { callSignature, type CallSignature } from './call-signature.js';
import { classifyToolEffect, type ToolEffect } from './classify-tool-effect.js';
import type { DeadEnd, DeadEndTrackerOptions, GuardVerdict, ProposedToolCall, RegisterDeadEndInput } from './dead-end-types.js';
import { DEFAULT_DEAD_END_SIMILARITY, DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER } from './dead-end-types.js';
import { classifyFailure, type FailureClass } from './failure-class.js';
import { describeCall } from './describe-call.js';
import { detectFailure, isGuardNoteOnly, type FailureSignal } from './detect-failure.js';
import type { FailureReadings } from './failure-readings.js';
import { failureDependencies, type FailureDependencies } from './failure-dependencies.js';
import { readDependencies, readOpenFile } from './dead-end-dependencies-snapshot.js';
import { nextOpenFile, stateChangeTargets, touchesFailure, type StateChangeTargets } from './state-change-targets.js';
import type { ExperienceRecord } from './discover-hot-experiences.js';
import { CairnError } from '../log/index.js';
import { cosine, type SparseVector } from '../text/index.js';
import { contentText } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { changedVerdict, guardVerdict, rankDeadEnds, transientVerdict } from './dead-end-ranking.js';
import { parseDeadEndSnapshot, type DeadEndSnapshot, type PendingCall } from './dead-end-snapshot.js';
import { boundSourceIds, deadEndsToEvict, DEFAULT_MAX_DEAD_ENDS, EXPERIENCES_PER_DEAD_END } from './bound-registry.js';

/** Options of {@link DeadEndTracker.list}. */
export interface ListDeadEndsOptions {
  /** The most dead ends returned. @default all */
  topK?: number;
  /** The session direction: dead ends closer to it (cosine) come first. */
  direction?: SparseVector;
}

/**
 * The dead-end registry and guard of one session. Fed every message in log order, it learns
 * failed tool calls (a failed result creates or bumps the dead end of its call: `suspect` after one
 * failure, `dead` from two) and answers {@link DeadEndTracker.check} before a call is made.
 *
 * **Invalidation rule** (derived from the CodeR and tau-bench runs): a state change invalidates a
 * failure only when it touches what the failure depended on. A dead end learnt from a call turns
 * `stale` (no longer flagged) when, after it last failed, (1) the same call succeeds, or (2) a
 * successful state change touches its dependencies (`touchesFailure`). A failure depends on the
 * files named in the call's command line and in its output (traceback frames, error lines), on the
 * modules its output says are missing, on the open file when it is an in-file call (`edit`, `goto`,
 * `search_file` without a file) and on every file when it is a run without a traceback or a
 * folder-wide search (`failureDependencies`); a "command not found" failure depends on no project
 * file. A change touches it when its target is unknown (any tool not known to observe, run or
 * navigate and naming no file: bookings, `cd`, `submit`; an edit while no open file is known),
 * when a file it writes overlaps a dependency (trailing path parts: `reproduce.py` meets
 * `/repo/reproduce.py`; an edit naming no file writes the file last opened or created), when it
 * opens another file and the failure acted on the open file, or when it installs a package and
 * the failure named a missing module or that package (`stateChangeTargets`); an edit of an
 * existing file never revives a call that failed because a file was missing. Failed calls
 * (rejected edits included), reads and runs change nothing. A stale dead end that fails again is
 * live again. So re-running a script after editing it, or after editing a file its traceback
 * went through, is allowed, while re-running it after editing an unrelated file, or retrying a web
 * search after opening a file, is flagged.
 *
 * **Failure classes** (`classifyFailure`): a `transient` failure never makes a call flagged; a
 * `permanent` one turns `dead` (blocked) from its second failure; an `unknown` one stays `suspect`
 * (warned) until it has failed identically `unknownFailureBlockAfter` times in a row with nothing
 * changed (`identicalFailures`), and goes back to `suspect` when a new reason or a change breaks
 * the streak.
 *
 * @example
 * ```ts
 * const tracker = new DeadEndTracker({ sessionId: 's1', now: () => clock, vectorise: createLexicalVectoriser().vector });
 * for (const message of log) tracker.observe(message);
 * tracker.check({ name: 'run', arguments: { command: 'npm test' } }); // { verdict: 'warn', deadEnd, reason }
 * ```
 */
export class DeadEndTracker {
  readonly #options: Required<DeadEndTrackerOptions>;
  #deadEnds: DeadEnd[] = [];
  #effects = new Map<string, ToolEffect>();
  #dependencies = new Map<string, FailureDependencies>();
  /** The file last opened or created by a successful call: what an edit naming no file changes. */
  #openFile: string | undefined;
  #pending = new Map<string, PendingCall>();
  #experiences: ExperienceRecord[] = [];
  #lastApproach = '';
  #nextId = 1;

  constructor({ similarity = DEFAULT_DEAD_END_SIMILARITY, failureClasses = true, maxDeadEnds = DEFAULT_MAX_DEAD_ENDS, unknownFailureBlockAfter = DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER, ...options }: DeadEndTrackerOptions) {
    if (!(similarity > 0 && similarity <= 1)) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid similarity ${similarity}: use a number in (0, 1].` });
    }
    if (!(Number.isSafeInteger(maxDeadEnds) && maxDeadEnds >= 1)) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid maxDeadEnds ${maxDeadEnds}: use a whole number from 1 (default ${DEFAULT_MAX_DEAD_ENDS}).`, details: { maxDeadEnds } });
    }
    if (!(Number.isSafeInteger(unknownFailureBlockAfter) && unknownFailureBlockAfter >= 2)) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid unknownFailureBlockAfter ${unknownFailureBlockAfter}: use a whole number from 2 (default ${DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER}).`, details: { unknownFailureBlockAfter } });
    }
    if (failureClasses !== true && failureClasses !== false && failureClasses !== 'two-way') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid failureClasses ${String(failureClasses)}: use true, false or 'two-way'.`, details: { failureClasses } });
    }
    this.#options = { similarity, failureClasses, maxDeadEnds, unknownFailureBlockAfter, ...options };
  }

  /** The session this tracker learns in. */
  get sessionId(): string {
    return this.#options.sessionId;
  }

  /**
   * Learns from the next message of the log: tool calls, their results, user corrections.
   * `readings` (the engine's, per ingested batch) lets another reader of the same batch reuse
   * the failures read here; the result is the same without it.
   */
  observe(message: CairnMessage, readings?: FailureReadings): void {
    if (message.role === 'assistant') {
      const calls = message.toolCalls ?? [];
      for (const call of calls) this.#pending.set(call.id, { name: call.name, arguments: call.arguments });
      const text = contentText(message.content).trim();
      this.#lastApproach = [text, ...calls.map((call) => describeCall(call.name, call.arguments))].filter(Boolean).join('\n');
      return;
    }
    // A user message is a correction only when it contradicts the assistant turn just before it.
    const failureClasses = this.#options.failureClasses !== false;
    const signal = readings && message.role === 'tool' ? readings.read(message, failureClasses) : detectFailure(message, { failureClasses, ...(message.role === 'user' ? { previousAssistant: this.#lastApproach } : {}) });
    if (message.role === 'tool') {
      const call = message.toolCallId === undefined ? undefined : this.#pending.get(message.toolCallId);
      if (!call) return;
      this.#pending.delete(message.toolCallId!);
      const output = contentText(message.content);
      // A call an adapter's guard blocked never ran: one more of the same failure, not a new reason.
      const known = signal && isGuardNoteOnly(output) ? this.#deadEnds.find((each) => each.trace.signature === callSignature(call.name, call.arguments).exact) : undefined;
      if (signal) this.#fail(call, known ? { ...signal, reason: known.reason } : signal, message.id, output);
      else this.#succeed(call);
    } else if (message.role === 'user') {
      if (signal && this.#lastApproach !== '') this.#create({ approach: this.#lastApproach }, signal.reason, message.id, 'suspect');
      // What a later user message could correct is the next assistant turn, not this one.
      if (this.#options.failureClasses) this.#lastApproach = '';
    }
  }

  /**
   * The guard: `block` a call repeating a long-term dead end into an unchanged state, `warn` on a
   * suspect one and on a repeat of a failed call after a state change (naming the earlier error and
   * what changed), else `allow` — always for a retry after a transient fault. Deterministic;
   * changes nothing.
   */
  check(call: ProposedToolCall): GuardVerdict {
    const classes = this.#options.failureClasses;
    const signature = callSignature(call.name, call.arguments);
    const exact = this.#deadEnds.find((deadEnd) => deadEnd.trace.signature === signature.exact);
    if (exact && classes && exact.transient) return transientVerdict(exact);
    if (exact && !exact.stale) return guardVerdict(exact, 'the same call');
    const near = this.#deadEnds.filter((deadEnd) => !deadEnd.stale && !(classes && deadEnd.transient) && deadEnd.trace.nearSignature === signature.near);
    if (near.length > 0) return guardVerdict(rankDeadEnds(near)[0]!, 'a near-identical call');
    const approaches = this.#deadEnds.filter((deadEnd) => !deadEnd.stale && deadEnd.trace.signature === undefined);
    if (approaches.length > 0) {
      const vector = this.#options.vectorise(describeCall(call.name, call.arguments));
      const similar = approaches.filter((deadEnd) => cosine(vector, toSparse(deadEnd.vector)) >= this.#options.similarity);
      if (similar.length > 0) return guardVerdict(rankDeadEnds(similar)[0]!, 'a similar approach');
    }
    if (exact && classes && exact.changedSince !== undefined) return changedVerdict(exact);
    if (exact) return { verdict: 'allow', deadEnd: { ...exact }, reason: `This call failed before (${exact.reason}), but the state has changed since.` };
    return { verdict: 'allow', reason: 'No known dead end matches this call.' };
  }

  /**
   * Registers a dead end explicitly. It is `dead` at once (the caller knows), and never turns
   * stale by state changes; a tool call in the trace is matched by signature, an approach alone
   * by similarity. Registering a known call again counts another failure.
   */
  register({ trace, reason }: RegisterDeadEndInput): DeadEnd {
    const signature = trace.toolName === undefined ? undefined : callSignature(trace.toolName, trace.arguments ?? {});
    const approach = trace.approach ?? (trace.toolName === undefined ? '' : describeCall(trace.toolName, trace.arguments ?? {}));
    if (signature === undefined && approach.trim() === '') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: 'A dead end needs a trace: give trace.toolName (with arguments) or trace.approach.' });
    }
    const deadEnd = signature && this.#deadEnds.find((each) => each.trace.signature === signature.exact);
    if (deadEnd) {
      this.#bump(deadEnd, reason, []);
      deadEnd.status = 'dead';
      return { ...deadEnd };
    }
    return { ...this.#create({ approach, signature, toolName: trace.toolName }, reason, undefined, 'dead', 'explicit') };
  }

  /**
   * Records an outcome for a dead end (by its id or the id of a message in its `sourceIds`): a
   * `miss` is another failure (status `dead`, live again), a `hit` means it worked (stale). Each
   * outcome is kept as an experience record (see `discoverHotExperiences`).
   * @throws CairnError `UNKNOWN_MESSAGE` when no dead end has that id or source.
   */
  recordOutcome(id: string, outcome: 'hit' | 'miss', alignment = 1): void {
    const deadEnd = this.#deadEnds.find((each) => each.id === id) ?? this.#deadEnds.find((each) => each.sourceIds.includes(id));
    if (!deadEnd) throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `No dead end has id or source "${id}"; pass a dead end's id or a message id in its sourceIds.` });
    this.#experiences.push({ key: deadEnd.id, outcome, alignment, at: this.#options.now() });
    this.#boundExperiences();
    if (outcome === 'hit') deadEnd.stale = true;
    else {
      this.#bump(deadEnd, deadEnd.reason, []);
      deadEnd.status = 'dead';
    }
  }

  /** Dead ends, live before stale, most relevant to `direction` first, then most recent and frequent. */
  list({ topK, direction }: ListDeadEndsOptions = {}): DeadEnd[] {
    const ranked = rankDeadEnds(this.#deadEnds, direction);
    return (topK === undefined ? ranked : ranked.slice(0, Math.max(0, topK))).map((deadEnd) => ({ ...deadEnd }));
  }

  /** The hit/miss records of {@link DeadEndTracker.recordOutcome}, oldest first. */
  experiences(): ExperienceRecord[] {
    return this.#experiences.map((record) => ({ ...record }));
  }

  /** A JSON-safe snapshot of the registry (and calls awaiting their result). */
  toJSON(): DeadEndSnapshot {
    return {
      version: 1,
      sessionId: this.#options.sessionId,
      nextId: this.#nextId,
      deadEnds: this.#deadEnds.map((deadEnd) => {
        const dependencies = this.#dependencies.get(deadEnd.id);
        return { ...(JSON.parse(JSON.stringify(deadEnd)) as DeadEnd), effect: this.#effects.get(deadEnd.id) ?? 'explicit', ...(dependencies ? { dependencies: JSON.parse(JSON.stringify(dependencies)) as FailureDependencies } : {}) };
      }),
      pending: [...this.#pending].map(([id, call]) => ({ id, ...call })),
      experiences: this.experiences(),
      lastApproach: this.#lastApproach,
      ...(this.#openFile === undefined ? {} : { openFile: this.#openFile }),
    } as DeadEndSnapshot;
  }

  /**
   * Restores a tracker from {@link DeadEndTracker.toJSON}'s output.
   * @throws CairnError `INVALID_SNAPSHOT` when `json` is not such a snapshot.
   */
  static fromJSON(json: unknown, options: DeadEndTrackerOptions): DeadEndTracker {
    const snapshot = parseDeadEndSnapshot(json);
    const tracker = new DeadEndTracker(options);
    tracker.#nextId = snapshot.nextId;
    tracker.#deadEnds = snapshot.deadEnds.map(({ effect, ...entry }) => {
      const { dependencies: _stored, ...deadEnd } = entry as typeof entry & { dependencies?: unknown };
      if (effect !== 'explicit') tracker.#effects.set(deadEnd.id, effect);
      const dependencies = readDependencies(entry);
      if (dependencies) tracker.#dependencies.set(deadEnd.id, dependencies);
      return deadEnd;
    });
    tracker.#openFile = readOpenFile(snapshot);
    for (const { id, ...call } of snapshot.pending) tracker.#pending.set(id, call);
    tracker.#experiences = snapshot.experiences;
    tracker.#lastApproach = snapshot.lastApproach;
    // A snapshot taken under a larger bound (or before there was one) restores within this one.
    tracker.#evict();
    tracker.#boundExperiences();
    return tracker;
  }

  #fail(call: PendingCall, signal: FailureSignal, sourceId: string, output: string): void {
    const { reason } = signal;
    const transient = signal.transient === true;
    const signature = callSignature(call.name, call.arguments);
    const dependencies = failureDependencies(call.name, call.arguments, output, this.#openFile);
    const failureClass = this.#failureClass(signal, output);
    let deadEnd = this.#deadEnds.find((each) => each.trace.signature === signature.exact);
    if (deadEnd) this.#bump(deadEnd, reason, [sourceId], transient, failureClass);
    else {
      deadEnd = this.#create({ approach: describeCall(call.name, call.arguments), signature, toolName: call.name }, reason, sourceId, 'suspect', classifyToolEffect(call.name, call.arguments), transient);
      if (failureClass !== undefined) deadEnd.failureClass = failureClass;
      if (failureClass === 'unknown') deadEnd.identicalFailures = 1;
    }
    if (this.#deadEnds.includes(deadEnd)) this.#dependencies.set(deadEnd.id, dependencies);
  }

  #succeed(call: PendingCall): void {
    // The call's signature and what it changed are read only when a dead end asks (most successes
    // meet none that could): the same values, read at most once.
    let exact: string | undefined;
    let change: StateChangeTargets | undefined;
    for (const deadEnd of this.#deadEnds) {
      if (!this.#effects.has(deadEnd.id)) continue; // explicit
      if (deadEnd.trace.signature === (exact ??= callSignature(call.name, call.arguments).exact)) {
        // It worked: no longer a dead end, and nothing to warn about.
        deadEnd.stale = true;
        delete deadEnd.changedSince;
        delete deadEnd.transient;
      } else if (!deadEnd.stale && touchesFailure((change ??= stateChangeTargets(call.name, call.arguments, this.#openFile)), this.#dependencies.get(deadEnd.id))) {
        deadEnd.stale = true;
        if (this.#options.failureClasses) deadEnd.changedSince = shortCall(call);
      }
    }
    this.#openFile = nextOpenFile(call.name, call.arguments, this.#openFile);
  }

  /**
   * The class of a tool failure under the tracker's `failureClasses` option: none when off or
   * `'two-way'` (the guard before the unknown class: the transient flag alone, everything else as
   * permanent, and no class recorded, so its texts are exactly those of then).
   */
  #failureClass(signal: FailureSignal, output: string): FailureClass | undefined {
    return this.#options.failureClasses === true ? classifyFailure(signal, output) : undefined;
  }

  #bump(deadEnd: DeadEnd, reason: string, sourceIds: readonly string[], transient = false, failureClass?: FailureClass): void {
    const wasTransient = deadEnd.transient === true;
    // The same failure again into an unchanged state: not stale (no change touched it, the call did
    // not succeed in between), its latest failure not transient, the same reason.
    const identical = deadEnd.stale !== true && !wasTransient && sameFailure(reason, deadEnd.reason);
    deadEnd.frequency++;
    deadEnd.lastSeen = this.#options.now();
    if (reason !== deadEnd.reason) deadEnd.previousReason = deadEnd.reason;
    deadEnd.reason = reason;
    deadEnd.sourceIds.push(...sourceIds);
    boundSourceIds(deadEnd.sourceIds);
    delete deadEnd.stale;
    delete deadEnd.changedSince;
    if (transient && this.#options.failureClasses) {
      // A transient fault says nothing about the call: it never makes a dead end long-term.
      deadEnd.transient = true;
      if (failureClass !== undefined) deadEnd.failureClass = failureClass;
      delete deadEnd.identicalFailures;
      return;
    }
    delete deadEnd.transient;
    if (failureClass !== undefined) deadEnd.failureClass = failureClass;
    if (failureClass === 'unknown') {
      // Neither transient nor recognisably permanent: long-term only after enough identical
      // failures with nothing changed (a repeat before that gets a warning, not a block).
      // The streak decides, both ways: after a change the call needs the full streak again.
      deadEnd.identicalFailures = identical ? (deadEnd.identicalFailures ?? 1) + 1 : 1;
      deadEnd.status = deadEnd.identicalFailures >= this.#options.unknownFailureBlockAfter ? 'dead' : 'suspect';
      return;
    }
    delete deadEnd.identicalFailures;
    // The first permanent failure after transient ones is the first real one.
    if (deadEnd.frequency >= 2 && !wasTransient) deadEnd.status = 'dead';
  }

  #create(
    trace: { approach: string; signature?: CallSignature; toolName?: string },
    reason: string,
    sourceId: string | undefined,
    status: DeadEnd['status'],
    effect: ToolEffect | 'explicit' = 'explicit',
    transient = false,
  ): DeadEnd {
    const vector = this.#options.vectorise(trace.approach);
    const time = this.#options.now();
    const deadEnd: DeadEnd = {
      id: `de-${this.#nextId++}`,
      sessionId: this.#options.sessionId,
      trace: { approach: trace.approach },
      reason,
      vector: { ids: [...vector.ids], weights: [...vector.weights] },
      frequency: 1,
      firstSeen: time,
      lastSeen: time,
      status,
      sourceIds: sourceId === undefined ? [] : [sourceId],
    };
    if (trace.toolName !== undefined) deadEnd.trace.toolName = trace.toolName;
    if (trace.signature) Object.assign(deadEnd.trace, { signature: trace.signature.exact, nearSignature: trace.signature.near });
    if (effect !== 'explicit') this.#effects.set(deadEnd.id, effect);
    if (transient) deadEnd.transient = true;
    this.#deadEnds.push(deadEnd);
    // The one just learnt stays, unless it is transient (never flagged: as evictable as any other).
    this.#evict(transient ? undefined : deadEnd);
    return deadEnd;
  }

  /** Keeps the registry within `maxDeadEnds` (see `deadEndsToEvict`), with the state kept per dead end. */
  #evict(keep?: DeadEnd): void {
    const evicted = new Set(deadEndsToEvict(this.#deadEnds, this.#options.maxDeadEnds, keep));
    if (evicted.size === 0) return;
    const ids = new Set([...evicted].map((deadEnd) => deadEnd.id));
    this.#deadEnds = this.#deadEnds.filter((deadEnd) => !evicted.has(deadEnd));
    for (const id of ids) {
      this.#effects.delete(id);
      this.#dependencies.delete(id);
    }
    this.#experiences = this.#experiences.filter((record) => !ids.has(record.key));
  }

  /** Keeps the newest experience records, at most 8 per dead end the registry may hold. */
  #boundExperiences(): void {
    const max = EXPERIENCES_PER_DEAD_END * this.#options.maxDeadEnds;
    if (this.#experiences.length > max) this.#experiences.splice(0, this.#experiences.length - max);
  }
}

/** Leading `Error:` wrappers a framework may put before an error's message (`Error: Error(Error): …`). */
const ERROR_WRAPPERS = /^(?:\s*Error(?:\([\w.]*\))?:\s*)+/;

/** Whether two failure reasons say the same thing, bare `Error:` wrappers and surrounding space aside. */
function sameFailure(a: string, b: string): boolean {
  return a.replace(ERROR_WRAPPERS, '').trim() === b.replace(ERROR_WRAPPERS, '').trim();
}

/** Characters of a call's description a change keeps (what the warning names). */
const CHANGE_CHARS = 120;

/** A successful call in words, one line of at most {@link CHANGE_CHARS} characters. */
function shortCall(call: PendingCall): string {
  const text = describeCall(call.name, call.arguments).replace(/\s+/g, ' ').trim();
  return text.length <= CHANGE_CHARS ? text : `${text.slice(0, CHANGE_CHARS - 1)}…`;
}

function toSparse(vector: DeadEnd['vector']): SparseVector {
  return { ids: Int32Array.from(vector.ids), weights: Float32Array.from(vector.weights) };
}
