import { CairnError, checkSessionKey, DEFAULT_TENANT, resolveBudgetOption } from '@cairn/core';
import type { CairnMiddlewareOptions } from './cairn-middleware-options.js';

const OWNER = 'cairnMiddleware';

const fail = (message: string, details: Record<string, unknown>, cause?: unknown): never => {
  throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${OWNER} options: ${message}`, details, cause });
};

const hasMethods = (value: unknown, names: readonly string[]): boolean =>
  typeof value === 'object' && value !== null && names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');

function checkInteger(name: string, value: unknown, min: number): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < min)) {
    fail(`${name} must be an integer ≥ ${min}; got ${String(value)}.`, { [name]: String(value) });
  }
}

function checkOneOf(name: string, value: unknown, allowed: readonly string[]): void {
  if (value !== undefined && !allowed.includes(value as string)) {
    fail(`unrecognised ${name} '${String(value)}'. Must be one of ${allowed.slice(0, -1).map((item) => `'${item}'`).join(', ')} or '${allowed[allowed.length - 1]}'.`, { [name]: String(value) });
  }
}

/**
 * Checks the adapter's own options of {@link cairnMiddleware} once, when it is made, and
 * resolves the budget to tokens (core's `resolveBudgetOption`). Engine options are checked by
 * core when the middleware builds a first engine from them.
 *
 * @returns The budget in tokens.
 * @throws CairnError `INVALID_OPTIONS` naming the option, what it got and what it takes.
 * @internal
 */
export function checkMiddlewareOptions(options: CairnMiddlewareOptions): number {
  const { sessionId, tenant, contextWindow, guard, onHistoryMismatch, maxBlockedRetries, checkpointEvery, maxOpenSessions, maxUnnamedEngines, maxUnnamedMessages, store, engine, onBackgroundError, onView, summarizer, embedder, embeddingModel, reflector, reflectEvery } = options;
  if (contextWindow !== undefined) checkInteger('contextWindow', contextWindow, 1);
  const budget = resolveBudgetOption(OWNER, options.budget, contextWindow);
  if (sessionId !== undefined || tenant !== undefined) {
    try {
      checkSessionKey({ tenant: tenant ?? DEFAULT_TENANT, sessionId: sessionId ?? 'probe' });
    } catch (error) {
      fail((error as Error).message, { sessionId, tenant }, error);
    }
  }
  checkOneOf('guard', guard, ['off', 'warn', 'block']);
  checkOneOf('onHistoryMismatch', onHistoryMismatch, ['branch', 'append', 'throw']);
  checkInteger('maxBlockedRetries', maxBlockedRetries, 0);
  checkInteger('checkpointEvery', checkpointEvery, 1);
  checkInteger('maxOpenSessions', maxOpenSessions, 1);
  checkInteger('maxUnnamedEngines', maxUnnamedEngines, 0);
  checkInteger('maxUnnamedMessages', maxUnnamedMessages, 0);
  if (store !== undefined && !hasMethods(store, ['load', 'append', 'saveState'])) fail('store must be a SessionStore (load, append, saveState, …).', {});
  if (engine !== undefined && !hasMethods(engine, ['ingest', 'assemble', 'getMessages'])) fail('engine must be a cairn ContextEngine (createContextEngine).', {});
  if (engine !== undefined && (store !== undefined || sessionId !== undefined)) fail('engine is used for every call, so store and sessionId have no effect with it; pass one or the other.', {});
  if (onBackgroundError !== undefined && typeof onBackgroundError !== 'function') fail('onBackgroundError must be a function.', {});
  if (onView !== undefined && typeof onView !== 'function') fail('onView must be a function.', {});
  if (options.onPulse !== undefined && typeof options.onPulse !== 'function') fail('onPulse must be a function.', {});
  if (summarizer !== undefined && typeof summarizer !== 'function' && typeof summarizer !== 'string' && !hasMethods(summarizer, ['doGenerate'])) {
    fail('summarizer must be an AI SDK language model or a core Summarizer function.', {});
  }
  if (reflector !== undefined && typeof reflector !== 'function' && typeof reflector !== 'string' && !hasMethods(reflector, ['doGenerate'])) {
    fail('reflector must be an AI SDK language model or a core PlaybookReflector function.', {});
  }
  checkInteger('reflectEvery', reflectEvery, 1);
  if (embedder !== undefined && !hasMethods(embedder, ['embed'])) fail('embedder must be a core Embedder ({ id, embed }).', {});
  if (embeddingModel !== undefined && typeof embeddingModel !== 'string' && !hasMethods(embeddingModel, ['doEmbed'])) fail('embeddingModel must be an AI SDK embedding model.', {});
  if (embedder !== undefined && embeddingModel !== undefined) fail('pass embedder or embeddingModel, not both.', {});
  return budget;
}
