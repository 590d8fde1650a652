import type { LanguageModelV4CallOptions, LanguageModelV4Message, LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { CairnError, countMessageTokens, createBpeTokenCounter, checkEngineOptions, createInMemorySessionStore, FingerprintCache, LruMap, type ContextEngine, type Summarizer } from '@cairn/core';
import type { LanguageModelMiddleware } from 'ai';
import { BackgroundErrors } from './background-errors.js';
import { callScopedEntry } from './call-scoped-entry.js';
import { callSessionId } from './call-session-id.js';
import {
  DEFAULT_GUARD,
  DEFAULT_MAX_BLOCKED_RETRIES,
  DEFAULT_MAX_OPEN_SESSIONS,
  DEFAULT_MAX_UNNAMED_ENGINES,
  DEFAULT_MAX_UNNAMED_MESSAGES,
  DEFAULT_ON_HISTORY_MISMATCH,
  DEFAULT_REFLECT_EVERY,
  type CairnMiddlewareOptions,
} from './cairn-middleware-options.js';
import { checkMiddlewareOptions } from './check-middleware-options.js';
import { embeddingModelEmbedder } from './embedding-model-embedder.js';
import { fitRetryPrompt, type ReplanView } from './fit-retry-prompt.js';
import { guardGenerate } from './guard-generate.js';
import { guardStream } from './guard-stream.js';
import { languageModelReflector } from './language-model-reflector.js';
import { languageModelSummarizer } from './language-model-summarizer.js';
import { normalizeBlockedCalls } from './normalize-blocked-calls.js';
import { plannedToolsOf } from './planned-tools.js';
import type { SessionEntry } from './session-entry.js';
import { SessionResolver } from './session-resolver.js';
import { ingestFrom, syncSession } from './sync-session.js';
import { UnnamedEngineCache } from './unnamed-engine-cache.js';
import { viewToPrompt } from './view-to-prompt.js';
import { warnNote } from './warn-note.js';
import { withPulse } from './with-pulse.js';

/** What the middleware holds now (for monitoring and tests). */
export interface CairnMiddlewareStats {
  /** Sessions (branches included) held open; at most `maxOpenSessions`. Calls without a session hold none. */
  openSessions: number;
  /** Engines of calls without a session kept for reuse; at most `maxUnnamedEngines`. */
  unnamedEngines: number;
  /** Prompt messages those engines hold in all; at most `maxUnnamedMessages`. */
  unnamedMessages: number;
}

/** The middleware, plus access to the engines behind it. */
export interface CairnMiddleware extends LanguageModelMiddleware {
  /**
   * The engine of a session (for `listDeadEnds`, `getDirectionState`, `registerDeadEnd` …).
   * @param sessionId - @default the middleware's `sessionId`
   * @throws CairnError `INVALID_OPTIONS` when no session is named and the middleware has neither
   *   `sessionId` nor `engine` (calls without a session keep no engine).
   */
  engine(sessionId?: string): Promise<ContextEngine>;
  /** True when `engine(sessionId)` has an engine to give: a session is named (here or at construction) or `engine` was passed. */
  hasSession(sessionId?: string): boolean;
  /** What the middleware holds now. */
  stats(): CairnMiddlewareStats;
  /** Saves and releases every stored session and drops the engines kept for calls without a session (call it when the app shuts down); raises a background error not raised yet. */
  close(): Promise<void>;
}

function isSummarizer(value: unknown): value is Summarizer {
  return typeof value === 'function';
}

/**
 * cairn as AI SDK middleware: every model call sees cairn's budgeted, direction-aligned view of
 * the whole history instead of the raw prompt. It converts the prompt to cairn messages, ingests
 * what is new (re-sent history is recognised), assembles the view within the budget and converts
 * it back (messages shown in full are the original AI SDK messages, every part and provider
 * option kept). The dead-end guard watches the tool calls the model makes.
 *
 * A call that names no session (`providerOptions.cairn.sessionId`, the `sessionId` option) and
 * has no `engine` is scoped to itself: it sees only its own prompt and nothing of it is stored.
 * Its engine may be reused by a later such call whose history extends exactly the messages it
 * holds (at most `maxUnnamedEngines` are kept, see {@link CairnMiddlewareOptions.maxUnnamedEngines}).
 * Named sessions live in `store`; at most `maxOpenSessions` are held open.
 *
 * @param options - See {@link CairnMiddlewareOptions}; validated here, once.
 * @returns A middleware for `wrapLanguageModel` (with `engine()` and `close()`).
 * @throws CairnError `INVALID_OPTIONS` for options that make no sense.
 *
 * @example
 * ```ts
 * const model = wrapLanguageModel({
 *   model: openai('gpt-4.1'),
 *   middleware: cairnMiddleware({ budget: 16_000, guard: 'block' }),
 * });
 * await generateText({ model, messages, tools, stopWhen: stepCountIs(20) });
 * ```
 */
export function cairnMiddleware(options: CairnMiddlewareOptions = {}): CairnMiddleware {
  const {
    engine,
    sessionId: defaultSessionId,
    store,
    tenant,
    checkpointEvery,
    maxOpenSessions = DEFAULT_MAX_OPEN_SESSIONS,
    maxUnnamedEngines = DEFAULT_MAX_UNNAMED_ENGINES,
    maxUnnamedMessages = DEFAULT_MAX_UNNAMED_MESSAGES,
    budget: _budget,
    contextWindow,
    guard = DEFAULT_GUARD,
    maxBlockedRetries = DEFAULT_MAX_BLOCKED_RETRIES,
    embeddingModel,
    embedder,
    summarizer,
    reflector,
    reflectEvery = DEFAULT_REFLECT_EVERY,
    onHistoryMismatch = DEFAULT_ON_HISTORY_MISMATCH,
    onBackgroundError,
    onView,
    onPulse,
    ...engineOptions
  } = options;
  const budget = checkMiddlewareOptions(options);
  const background = new BackgroundErrors(onBackgroundError);
  const tokenCounter = engineOptions.tokenCounter ?? createBpeTokenCounter();
  const resolvedEngineOptions = {
    ...engineOptions,
    tokenCounter,
    budget,
    embedder: embedder ?? (embeddingModel ? embeddingModelEmbedder(embeddingModel) : undefined),
    summarizer: summarizer === undefined ? undefined : isSummarizer(summarizer) ? summarizer : languageModelSummarizer(summarizer),
    sovereignty: withPulse(engineOptions.sovereignty, onPulse),
    ...(reflector === undefined ? {} : { playbook: { ...engineOptions.playbook, reflector: typeof reflector === 'function' ? reflector : languageModelReflector(reflector) } }),
  };
  // Core checks the engine options here, once, rather than at the first call.
  if (!engine) checkEngineOptions(resolvedEngineOptions);
  const resolver = new SessionResolver({
    engine,
    store: store ?? createInMemorySessionStore(),
    tenant,
    checkpointEvery,
    maxOpenSessions,
    onBackgroundError: background.report,
    engineOptions: resolvedEngineOptions,
  });
  const hasEmbedder = embedder !== undefined || embeddingModel !== undefined || engine !== undefined;
  /** Transformed call params → the entry that made them (for the guard); weak, so nothing outlives the call. */
  const entries = new WeakMap<object, SessionEntry>();
  /** Transformed call params → what a guard retry needs to plan its view again (tokens outside the view, the replanner). */
  const views = new WeakMap<object, { reserved: number; replan: ReplanView }>();
  /** Engines of calls without a session, kept for a call whose history extends one exactly. */
  const unnamed = new UnnamedEngineCache(maxUnnamedEngines, maxUnnamedMessages);
  /**
   * The fingerprints of each session's last history, and of the last call without a session: a
   * re-sent history is compared by structure (strings by reference), only new messages are hashed.
   */
  const fingerprintCaches = new LruMap<string, FingerprintCache>(maxOpenSessions);
  const unnamedFingerprints = new FingerprintCache();
  const fingerprintsOf = (sessionId: string, history: LanguageModelV4Prompt): string[] => {
    let cache = fingerprintCaches.get(sessionId);
    if (!cache) {
      cache = new FingerprintCache();
      fingerprintCaches.set(sessionId, cache);
    }
    return cache.fingerprints(history);
  };
  /** Transformed params of calls without a session → the engine to put back once the call is done with it. */
  const checkedOut = new WeakMap<object, SessionEntry>();
  /**
   * Puts back the engine of a call without a session, once. The params forget it: another call
   * may get it next, so a guard run again with these params gets an engine of its own.
   */
  const putBack = (params: object): void => {
    const entry = checkedOut.get(params);
    if (!entry) return;
    checkedOut.delete(params);
    entries.delete(params);
    unnamed.put(entry);
  };
  /** The session of a call, or `undefined` when the call is scoped to itself. */
  const sessionOf = (params: LanguageModelV4CallOptions): string | undefined => callSessionId(params) ?? defaultSessionId ?? (engine ? 'engine' : undefined);

  /** The summariser (compressed units, then consolidated pages), then the reflector, in the background: one run at a time per session. */
  const workInBackground = (entry: SessionEntry): void => {
    if ((summarizer === undefined && reflector === undefined) || entry.summarizing) return;
    const { engine: current } = entry.handle;
    entry.summarizing = (summarizer === undefined ? Promise.resolve() : current.summarize().then(() => current.summarizePages()).catch(background.report))
      .then(() => (reflector === undefined ? undefined : current.reflect({ minMessages: reflectEvery }).catch(background.report)))
      .finally(() => {
        entry.summarizing = undefined;
      });
  };

  /** The entry holding a call's history: its named session brought up to date, or a fresh call-scoped one. */
  const entryFor = async (sessionId: string | undefined, history: LanguageModelV4Prompt, pinned: string[]): Promise<SessionEntry> => {
    if (sessionId !== undefined) return syncSession(resolver, sessionId, history, onHistoryMismatch, pinned, fingerprintsOf(sessionId, history));
    const fps = unnamedFingerprints.fingerprints(history);
    // An engine that holds exactly the start of this history (the call's previous step), or a fresh one.
    const entry = unnamed.take(fps) ?? callScopedEntry(resolvedEngineOptions);
    await ingestFrom(entry, history, fps, entry.known.length);
    unnamed.seal(entry);
    return entry;
  };

  /** The tool names offered so far to each engine, to tell a narrowed `activeTools` list (PAACE). */
  const offeredTools = new WeakMap<ContextEngine, Set<string>>();

  const transform = async (params: LanguageModelV4CallOptions): Promise<LanguageModelV4CallOptions> => {
    background.raise();
    const sessionId = sessionOf(params);
    /** The sessions this call uses: none is closed under it. */
    const pinned: string[] = [];
    const run = async (): Promise<LanguageModelV4CallOptions> => {
      const prompt = normalizeBlockedCalls(params.prompt);
      let lead = 0;
      while (lead < prompt.length && prompt[lead]!.role === 'system') lead++;
      const systems = prompt.slice(0, lead);
      const history = prompt.slice(lead);
      const entry = await entryFor(sessionId, history, pinned);
      const { engine: current } = entry.handle;
      if (hasEmbedder) await current.prepare();
      const note = guard === 'off' ? undefined : warnNote(history);
      let reserved = 0;
      for (const system of systems) reserved += countMessageTokens({ id: 's', role: 'system', content: system.content as string }, tokenCounter);
      if (note) reserved += countMessageTokens({ id: 'n', role: 'user', content: note }, tokenCounter);
      if (reserved >= budget) {
        throw new CairnError({
          code: 'BUDGET_EXCEEDED',
          message: `The system prompt (${reserved} tokens) leaves nothing of the budget (${budget} tokens) for the history. Raise the budget or shorten the system prompt.`,
          details: { reserved, budget },
        });
      }
      let offered = offeredTools.get(current);
      if (!offered) offeredTools.set(current, (offered = new Set()));
      const plannedTools = plannedToolsOf(params, offered);
      /** The prompt of a view assembled for `historyBudget`: the system messages, the view, the guard's note. */
      const promptFor = (historyBudget: number): LanguageModelV4Prompt => {
        const view = entry.handle.assemble({ budget: historyBudget, ...(plannedTools ? { plannedTools } : {}) });
        onView?.({ sessionId: engine ? undefined : sessionId, reserved: budget - historyBudget, metadata: view.metadata });
        const out: LanguageModelV4Prompt = [...systems, ...viewToPrompt(view.messages, { getMessage: (id) => current.getMessage(id), decoded: entry.decoded })];
        if (note) out.push({ role: 'user', content: [{ type: 'text', text: note }] });
        return out;
      };
      const out = promptFor(budget - reserved);
      if (sessionId !== undefined) workInBackground(entry);
      const transformed = { ...params, prompt: out };
      entries.set(transformed, entry);
      views.set(transformed, { reserved, replan: (historyBudget) => replanView(sessionId, historyBudget, promptFor) });
      if (sessionId === undefined && unnamed.enabled) checkedOut.set(transformed, entry);
      return transformed;
    };
    if (sessionId === undefined) return run();
    try {
      return await (await resolver.get(sessionId, pinned)).exclusive(run);
    } finally {
      resolver.release(pinned);
    }
  };

  /**
   * A guard retry's view, planned again for a smaller history budget (under the session's lock,
   * like the first); `undefined` when no view fits it.
   */
  const replanView = async (sessionId: string | undefined, historyBudget: number, promptFor: (historyBudget: number) => LanguageModelV4Prompt): Promise<LanguageModelV4Prompt | undefined> => {
    const attempt = async (): Promise<LanguageModelV4Prompt | undefined> => {
      try {
        return promptFor(historyBudget);
      } catch (error) {
        if (CairnError.isInstance(error) && error.code === 'BUDGET_EXCEEDED') return undefined;
        throw error;
      }
    };
    if (sessionId === undefined) return attempt();
    const pinned: string[] = [];
    try {
      return await (await resolver.get(sessionId, pinned)).exclusive(attempt);
    } finally {
      resolver.release(pinned);
    }
  };

  /** The prompt of a guard retry of the call made with `params`, within the budget (see `fitRetryPrompt`). */
  const retryPromptOf =
    (params: LanguageModelV4CallOptions) =>
    (appended: readonly LanguageModelV4Message[]): Promise<LanguageModelV4Prompt | undefined> => {
      const view = views.get(params);
      return fitRetryPrompt({ prompt: params.prompt, appended, budget, reserved: view?.reserved ?? 0, counter: tokenCounter, replan: view?.replan });
    };

  const guardContext = async (params: LanguageModelV4CallOptions): Promise<ContextEngine> => {
    const known = entries.get(params);
    if (known) return known.handle.engine;
    const sessionId = sessionOf(params);
    return sessionId === undefined ? callScopedEntry(resolvedEngineOptions).handle.engine : (await resolver.get(sessionId)).handle.engine;
  };

  const noSession = (): never => {
    throw new CairnError({
      code: 'INVALID_OPTIONS',
      message: 'This middleware keeps no engine for calls that name no session: each is scoped to itself. Pass a sessionId (to cairnMiddleware, or per call in providerOptions.cairn.sessionId) or an engine to keep a session, then ask for it by id.',
    });
  };

  return {
    specificationVersion: 'v4',
    transformParams: ({ params }) => transform(params),
    wrapGenerate: async ({ doGenerate, params, model }) => {
      try {
        const result = await doGenerate();
        if (guard === 'off') return result;
        return await guardGenerate(result, params, { engine: await guardContext(params), mode: guard, model, retries: maxBlockedRetries, retryPrompt: retryPromptOf(params) });
      } finally {
        // The guard (retries included) is done with the engine.
        putBack(params);
      }
    },
    wrapStream: async ({ doStream, params, model }) => {
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        putBack(params);
        throw error;
      }
      if (guard === 'off') {
        putBack(params);
        return result;
      }
      const guarded = guardStream(result, params, { engine: await guardContext(params), mode: guard, model, retries: maxBlockedRetries, retryPrompt: retryPromptOf(params) });
      if (!checkedOut.has(params)) return guarded;
      // The guard reads the engine until the stream ends: put it back then (never when the stream
      // is cancelled or fails: that engine is simply dropped).
      const done = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({ flush: () => putBack(params) });
      return { ...guarded, stream: guarded.stream.pipeThrough(done) };
    },
    engine: async (sessionId) => {
      const id = sessionId ?? defaultSessionId ?? (engine ? 'engine' : undefined) ?? noSession();
      return (await resolver.get(resolver.line(id)[0]!)).handle.engine;
    },
    hasSession: (sessionId) => sessionId !== undefined || defaultSessionId !== undefined || engine !== undefined,
    stats: () => ({ openSessions: resolver.openSessions, unnamedEngines: unnamed.engines, unnamedMessages: unnamed.messages }),
    close: async () => {
      unnamed.clear();
      await resolver.close();
      background.raise();
    },
  };
}
