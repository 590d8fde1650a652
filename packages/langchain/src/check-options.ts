import { CairnError, checkBudgetOption, checkSessionKey } from '@cairn/core';
import type { CairnSessionOptions } from './cairn-session-options.js';

/** Throws the `INVALID_OPTIONS` error of an adapter's option. @internal */
export function invalidOption(owner: string, name: string, expected: string, value: unknown, cause?: unknown): never {
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value === 'object' && value !== null ? 'an object' : String(value);
  throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid ${owner} options: ${name} must be ${expected}; got ${shown}.`, details: { option: name }, ...(cause !== undefined ? { cause } : {}) });
}

/** Checks that `value`, when given, is an object with these methods. @internal */
export function checkMethods(owner: string, name: string, value: unknown, methods: readonly string[], what: string): void {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || methods.some((method) => typeof (value as Record<string, unknown>)[method] !== 'function')) {
    invalidOption(owner, name, `${what} (an object with ${methods.join(', ')})`, value);
  }
}

function checkKeyPart(owner: string, name: 'sessionId' | 'tenant', value: unknown): void {
  if (value === undefined) return;
  try {
    checkSessionKey({ tenant: name === 'tenant' ? (value as string) : 'default', sessionId: name === 'sessionId' ? (value as string) : 'check' });
  } catch (error) {
    invalidOption(owner, name, "1–128 characters of letters, digits, '.', '_', ':', '@' or '-', without '..'", value, error);
  }
}

/** Checks that `value`, when given, is a whole number ≥ 1. @internal */
export function checkCount(owner: string, name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) invalidOption(owner, name, 'a whole number ≥ 1', value);
}

/**
 * Checks the options every adapter shares when it is made, so a mistake fails there with a
 * `CairnError` `INVALID_OPTIONS` naming the option, not at the first call. (Engine options are
 * checked by making an engine; `engine` by the session resolver.)
 *
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function checkSessionOptions(owner: string, options: unknown): CairnSessionOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) invalidOption(owner, 'the options', 'an object', options);
  const { sessionId, tenant, store, checkpointEvery, budget, contextWindow, embeddings, onBackgroundError, summarizer, reflector, reflectEvery } = options as Record<string, unknown>;
  checkBudgetOption(owner, budget);
  checkCount(owner, 'contextWindow', contextWindow);
  if (typeof sessionId !== 'function') checkKeyPart(owner, 'sessionId', sessionId);
  checkKeyPart(owner, 'tenant', tenant);
  checkMethods(owner, 'store', store, ['load', 'append', 'saveState', 'delete'], 'a cairn SessionStore');
  checkCount(owner, 'checkpointEvery', checkpointEvery);
  if (embeddings !== undefined && typeof (embeddings as { embed?: unknown }).embed !== 'function') checkMethods(owner, 'embeddings', embeddings, ['embedQuery', 'embedDocuments'], 'a LangChain Embeddings or a cairn Embedder');
  if (summarizer !== undefined && typeof summarizer !== 'function') checkMethods(owner, 'summarizer', summarizer, ['invoke'], 'a LangChain chat model or a cairn Summarizer');
  if (reflector !== undefined && typeof reflector !== 'function') checkMethods(owner, 'reflector', reflector, ['invoke'], 'a LangChain chat model or a cairn PlaybookReflector');
  checkCount(owner, 'reflectEvery', reflectEvery);
  if (onBackgroundError !== undefined && typeof onBackgroundError !== 'function') invalidOption(owner, 'onBackgroundError', 'a function (error, { sessionId }) => void', onBackgroundError);
  return options as CairnSessionOptions;
}
