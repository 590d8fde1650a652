import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { CairnError, countMessageTokens, createBpeTokenCounter, createInMemorySessionStore, type ContextEngine, type Summarizer } from '@cairn/core';
import type { LanguageModelMiddleware } from 'ai';
import {
  DEFAULT_GUARD,
  DEFAULT_MAX_BLOCKED_RETRIES,
  DEFAULT_ON_HISTORY_MISMATCH,
  DEFAULT_SESSION_ID,
  type CairnMiddlewareOptions,
} from './cairn-middleware-options.js';
import { embeddingModelEmbedder } from './embedding-model-embedder.js';
import { guardGenerate } from './guard-generate.js';
import { guardStream } from './guard-stream.js';
import { languageModelSummarizer } from './language-model-summarizer.js';
import { normalizeBlockedCalls } from './normalize-blocked-calls.js';
import { resolveBudget } from './resolve-budget.js';
import type { SessionEntry } from './session-entry.js';
import { SessionResolver } from './session-resolver.js';
import { syncSession } from './sync-session.js';
import { viewToPrompt } from './view-to-prompt.js';
import { warnNote } from './warn-note.js';

/** The middleware, plus access to the engines behind it. */
export interface CairnMiddleware extends LanguageModelMiddleware {
  /** The engine of a session (for `listDeadEnds`, `getDirectionState`, `registerDeadEnd` …). @param sessionId - @default the middleware's `sessionId` */
  engine(sessionId?: string): Promise<ContextEngine>;
  /** Saves and releases every stored session (call it when the app shuts down). */
  close(): Promise<void>;
}

function sessionIdOf(params: LanguageModelV4CallOptions, fallback: string): string {
  const cairn = params.providerOptions?.cairn as { sessionId?: unknown } | undefined;
  return typeof cairn?.sessionId === 'string' ? cairn.sessionId : fallback;
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
    sessionId: defaultSessionId = DEFAULT_SESSION_ID,
    store,
    tenant,
    checkpointEvery,
    budget: budgetOption,
    contextWindow,
    guard = DEFAULT_GUARD,
    maxBlockedRetries = DEFAULT_MAX_BLOCKED_RETRIES,
    embeddingModel,
    embedder,
    summarizer,
    onHistoryMismatch = DEFAULT_ON_HISTORY_MISMATCH,
    onBackgroundError = () => undefined,
    ...engineOptions
  } = options;
  const budget = resolveBudget(budgetOption, contextWindow);
  if (guard !== 'off' && guard !== 'warn' && guard !== 'block') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid cairn middleware options: unrecognised guard '${String(guard)}'. Must be one of 'off', 'warn' or 'block'.` });
  }
  if (onHistoryMismatch !== 'branch' && onHistoryMismatch !== 'append' && onHistoryMismatch !== 'throw') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid cairn middleware options: unrecognised onHistoryMismatch '${String(onHistoryMismatch)}'. Must be one of 'branch', 'append' or 'throw'.` });
  }
  if (!Number.isInteger(maxBlockedRetries) || maxBlockedRetries < 0) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid cairn middleware options: maxBlockedRetries must be a non-negative integer, got ${maxBlockedRetries}.` });
  }
  const tokenCounter = engineOptions.tokenCounter ?? createBpeTokenCounter();
  const resolver = new SessionResolver({
    engine,
    store: store ?? createInMemorySessionStore(),
    tenant,
    checkpointEvery,
    onBackgroundError,
    engineOptions: {
      ...engineOptions,
      tokenCounter,
      budget,
      embedder: embedder ?? (embeddingModel ? embeddingModelEmbedder(embeddingModel) : undefined),
      summarizer: summarizer === undefined ? undefined : isSummarizer(summarizer) ? summarizer : languageModelSummarizer(summarizer),
    },
  });
  const hasEmbedder = embedder !== undefined || embeddingModel !== undefined || engine !== undefined;
  const entries = new WeakMap<object, SessionEntry>();

  const summarizeInBackground = (entry: SessionEntry): void => {
    if (summarizer === undefined || entry.summarizing) return;
    entry.summarizing = entry.handle.engine
      .summarize()
      .catch(onBackgroundError)
      .finally(() => {
        entry.summarizing = undefined;
      });
  };

  const transform = async (params: LanguageModelV4CallOptions): Promise<LanguageModelV4CallOptions> => {
    const sessionId = sessionIdOf(params, defaultSessionId);
    const base = await resolver.get(sessionId);
    return base.exclusive(async () => {
      const prompt = normalizeBlockedCalls(params.prompt);
      let lead = 0;
      while (lead < prompt.length && prompt[lead]!.role === 'system') lead++;
      const systems = prompt.slice(0, lead);
      const history = prompt.slice(lead);
      const entry = await syncSession(resolver, sessionId, history, onHistoryMismatch);
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
      const view = entry.handle.assemble({ budget: budget - reserved });
      summarizeInBackground(entry);
      const out: LanguageModelV4Prompt = [...systems, ...viewToPrompt(view.messages, { getMessage: (id) => current.getMessage(id), decoded: entry.decoded })];
      if (note) out.push({ role: 'user', content: [{ type: 'text', text: note }] });
      const transformed = { ...params, prompt: out };
      entries.set(transformed, entry);
      return transformed;
    });
  };

  const guardContext = async (params: LanguageModelV4CallOptions) => {
    const entry = entries.get(params) ?? (await resolver.get(sessionIdOf(params, defaultSessionId)));
    return entry.handle.engine;
  };

  return {
    specificationVersion: 'v4',
    transformParams: ({ params }) => transform(params),
    wrapGenerate: async ({ doGenerate, params, model }) => {
      const result = await doGenerate();
      if (guard === 'off') return result;
      return guardGenerate(result, params, { engine: await guardContext(params), mode: guard, model, retries: maxBlockedRetries });
    },
    wrapStream: async ({ doStream, params, model }) => {
      const result = await doStream();
      if (guard === 'off') return result;
      return guardStream(result, params, { engine: await guardContext(params), mode: guard, model, retries: maxBlockedRetries });
    },
    engine: async (sessionId = defaultSessionId) => {
      const line = resolver.line(sessionId);
      return (await resolver.get(line[0]!)).handle.engine;
    },
    close: () => resolver.close(),
  };
}
