import type { AssembleMetadata, BudgetOption, ContextEngine, ContextEngineOptions, Embedder, PlaybookReflector, SessionStore, Summarizer, VitalityPulse } from '@cairn/core';
import type { EmbeddingModel, LanguageModel } from 'ai';

/** Sessions (branches included) the middleware holds open at once; the least recently used is closed past it. */
export const DEFAULT_MAX_OPEN_SESSIONS = 100;
/**
 * Engines built for calls that name no session kept for reuse by a later such call whose prompt
 * history extends exactly the messages one holds (the next step of a tool loop). 0 keeps none.
 */
export const DEFAULT_MAX_UNNAMED_ENGINES = 16;
/**
 * Prompt messages the kept engines of calls that name no session may hold in all (about 35 MB of
 * heap for messages of a few hundred characters); an engine holding more is never kept.
 */
export const DEFAULT_MAX_UNNAMED_MESSAGES = 10_000;
/** Default dead-end guard mode. */
export const DEFAULT_GUARD: CairnGuardMode = 'warn';
/** Default number of immediate retries after an answer whose every tool call was blocked. */
export const DEFAULT_MAX_BLOCKED_RETRIES = 2;
/** Default reaction to a history that does not continue the session. */
export const DEFAULT_ON_HISTORY_MISMATCH: HistoryMismatchMode = 'branch';
/** Default of `reflectEvery`: new messages the reflector model waits for between runs. */
export const DEFAULT_REFLECT_EVERY = 20;

/**
 * What the guard does with a tool call that repeats a dead end: `off` nothing; `warn` marks it
 * (`providerMetadata.cairn` on the call) and shows the model a note on its next step; `block`
 * also replaces calls that repeat a long-term dead end with a tool error the model reads.
 */
export type CairnGuardMode = 'off' | 'warn' | 'block';

/**
 * What happens when a prompt's history does not continue what the session holds (the caller
 * edited or removed a message, or went back to regenerate an answer): `branch` continues in a
 * branch session (`<sessionId>:b1`, …) that holds the history as given, leaving the original
 * untouched (a core branch forked where the history diverged, sharing the messages before it); `append` ingests the messages the session does not hold yet (the view keeps the
 * old ones too); `throw` rejects the call with a `CairnError` (`INVALID_MESSAGE`).
 */
export type HistoryMismatchMode = 'branch' | 'append' | 'throw';

/** What {@link CairnMiddlewareOptions.onView} is told about each view. */
export interface CairnViewInfo {
  /** The call's session, or `undefined` for a call scoped to itself (or one on the caller's `engine`). */
  sessionId: string | undefined;
  /**
   * Tokens of the leading system messages (and the guard's note), counted in the budget. For the
   * view of a guard retry planned again (its blocked answer and errors would not have fit), the
   * appended messages' tokens too.
   */
  reserved: number;
  /** Core's metadata of the view: `budget` (what was left for the history), `tokens`, `historyTokens`, `mode`, `counts` per fidelity, per-unit `decisions`, … */
  metadata: AssembleMetadata;
}

/** Options of {@link cairnMiddleware}. Every field is optional. */
export interface CairnMiddlewareOptions extends Omit<ContextEngineOptions, 'sessionId' | 'budget' | 'embedder' | 'summarizer'> {
  /**
   * An engine to use for every call (opts into one shared, persistent state: every call sees
   * what earlier calls sent). Without one, each session id gets its own stored session (core's
   * `openSession`).
   */
  engine?: ContextEngine;
  /**
   * The session of calls that name none; a call names one with
   * `providerOptions: { cairn: { sessionId } }`. 1–128 characters of `[A-Za-z0-9._:@-]`, no `..`.
   *
   * Without a session id (here or per call) and without `engine`, a call is scoped to itself: it
   * sees only the messages of its own prompt and nothing of it is stored (its tool loop's steps
   * are separate calls, each with its whole history; an engine built for one may be reused by
   * the next, see `maxUnnamedEngines`). Name a session to keep state (dead ends, fidelity
   * decisions, summaries) between calls.
   * @default undefined (each call scoped to itself)
   */
  sessionId?: string;
  /** Where sessions are stored (any `SessionStore`, e.g. `@cairn/store-sqlite`). @default one in-memory store per middleware */
  store?: SessionStore;
  /** The tenant of the sessions. @default core's DEFAULT_TENANT ('default') */
  tenant?: string;
  /** Save a session's state once this many messages arrived since the last save. @default core's DEFAULT_CHECKPOINT_EVERY (20) */
  checkpointEvery?: number;
  /**
   * Sessions (branches included) held open at once. Past it, the least recently used one is
   * closed (its state saved; the store keeps its log) and reopened from the store on its next
   * call, so nothing is lost.
   * @default DEFAULT_MAX_OPEN_SESSIONS (100)
   */
  maxOpenSessions?: number;
  /**
   * Engines built for calls that name no session (and no `engine`) kept in memory for reuse: a
   * later such call whose prompt history starts with exactly the messages one holds (same
   * messages, same order — the next step of a tool loop, a retry) gets that engine and ingests
   * only the new messages, instead of its whole prompt. An engine is reused only while it holds
   * nothing but what the middleware ingested from the prompts (no dead end or message from
   * anywhere else), never by two calls at once, and only once the call that used it is done
   * (the guard included; a stream once it has been read to the end); after a reuse it holds
   * exactly the new call's history. The least recently used is dropped past this number or
   * past `maxUnnamedMessages`. Nothing is stored. `0` builds a fresh engine for every call.
   * @default DEFAULT_MAX_UNNAMED_ENGINES (16)
   */
  maxUnnamedEngines?: number;
  /**
   * Prompt messages (AI SDK messages, system messages not counted) the engines kept by
   * `maxUnnamedEngines` may hold in all; past it the least recently used are dropped, and an
   * engine holding more on its own is not kept. `0` keeps none.
   * @default DEFAULT_MAX_UNNAMED_MESSAGES (10000)
   */
  maxUnnamedMessages?: number;
  /**
   * Token budget of the prompt: a number is tokens (an integer ≥ 1); a share of the context
   * window is only ever `{ fraction }` (in (0, 1]) with `contextWindow`. The leading system
   * messages are counted in it (they pass through unchanged). Core's `BudgetOption`.
   * @default core's DEFAULT_BUDGET (32000)
   */
  budget?: BudgetOption;
  /** The model's context window in tokens (an integer ≥ 1); required with `{ fraction }` (the AI SDK does not report it). */
  contextWindow?: number;
  /** The dead-end guard. @default DEFAULT_GUARD ('warn') */
  guard?: CairnGuardMode;
  /** Immediate retries after an answer whose every tool call was blocked. @default DEFAULT_MAX_BLOCKED_RETRIES (2) */
  maxBlockedRetries?: number;
  /** An AI SDK embedding model for dense intent match (mapped to core's `Embedder`). */
  embeddingModel?: EmbeddingModel;
  /** A core `Embedder`, instead of `embeddingModel`. */
  embedder?: Embedder;
  /**
   * A model (or a core `Summarizer`) that writes the summaries shown for compressed messages.
   * It runs in the background after a call of a named session, never delaying one; summaries
   * are cached in the session (a call without a session ends before one could be used, so it
   * asks for none).
   */
    summarizer?: LanguageModel | Summarizer;
  /**
   * A model (or a core `PlaybookReflector`) that curates the session's playbook (ACE's
   * reflector): after a call of a named session, once `reflectEvery` new messages were logged
   * since its last run, it reads them with the playbook and answers with delta operations (add,
   * count, merge, prune — never a rewrite). In the background, one run at a time per session,
   * never delaying a call; failures (including a reply that holds no operations) go to
   * `onBackgroundError`. Takes the place of `playbook.reflector`.
   * @default none (the deterministic curator alone)
   */
  reflector?: LanguageModel | PlaybookReflector;
  /** New messages the reflector waits for between runs (one model call per batch). @default DEFAULT_REFLECT_EVERY (20) */
  reflectEvery?: number;
  /** @default DEFAULT_ON_HISTORY_MISMATCH ('branch'); with `engine`, `'branch'` acts as `'append'` */
  onHistoryMismatch?: HistoryMismatchMode;
  /**
   * Called with errors of background work (summaries, checkpoints, saving an evicted session);
   * they never fail the call that started them. Without it, the first such error is raised by
   * the next call of the middleware (or by `close()`), so a failed write is never lost silently.
   * @default undefined (raise on the next call)
   */
  onBackgroundError?: (error: unknown) => void;
  /** Called after each view is assembled, before the model is called (logging, metrics, showing what the view kept). @default none */
  onView?: (info: CairnViewInfo) => void;
  /**
   * Called with each turn's vitality pulse (context sovereignty): pressure, phase, hashes of the
   * assistant turn and its tool calls, `stuck` when the agent loops, the session id. Zero tokens:
   * the prompt is the same with or without it. Merged with `sovereignty.onPulse`; not used with
   * `engine` (that engine's own options apply). @default none
   */
  onPulse?: (pulse: VitalityPulse) => void;
}
