import { BaseChatStore, BaseEmbedding, BaseLLM, Memory } from 'llamaindex';
import type { CairnLogger } from './cairn-logger.js';

/** The classes of the `llamaindex` copy cairn extends; another copy's classes have the same names. */
const INSTALLED: readonly { readonly name: string }[] = [Memory, BaseLLM, BaseEmbedding, BaseChatStore];

/** The text of the one-time warning: what is wrong, what it breaks, how to fix it. */
export function foreignCopyMessage(what: string): string {
  return (
    `cairn: two copies of @llamaindex/core are loaded: ${what} comes from a different copy than the \`llamaindex\` package @cairn/llamaindex uses. ` +
    'LlamaIndex checks `instanceof Memory`, so a chat engine from the other copy silently ignores cairn\'s memory (and LlamaIndex logs "llamaindex was already imported"). ' +
    'Fix: install versions that share one @llamaindex/core (`npm ls @llamaindex/core` lists the copies; llamaindex 0.12.1 pins @llamaindex/core 0.6.22, so use @llamaindex/openai 0.4.22, not 0.4.23), ' +
    'do not depend on @llamaindex/core yourself at another version, and import the chat engines from `llamaindex`.'
  );
}

/**
 * LlamaIndex's `MockLLM` bundle (`@llamaindex/core/llms/mock`) carries its own copy of `BaseLLM`,
 * even with one `@llamaindex/core` installed: a chain through it says nothing about copies.
 */
const BUNDLES_ITS_OWN_BASE = new Set(['MockLLM']);

/**
 * The LlamaIndex base class `value` descends from in another copy of `@llamaindex/core` (a
 * class with the same name that is not the installed one), if any.
 *
 * @internal
 */
export function foreignBaseOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const chain: { readonly name: string }[] = [];
  for (let proto: unknown = Object.getPrototypeOf(value); proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const constructor = (proto as { constructor?: unknown }).constructor;
    if (typeof constructor === 'function') chain.push(constructor);
  }
  if (chain.some((constructor) => BUNDLES_ITS_OWN_BASE.has(constructor.name))) return undefined;
  for (const constructor of chain) {
    for (const installed of INSTALLED) {
      if (constructor === installed) return undefined;
      if (constructor.name === installed.name) return installed.name;
    }
  }
  return undefined;
}

let warned = false;

/**
 * Warns once per process that a second copy of `@llamaindex/core` is in use, with the fix.
 * @internal
 */
export function warnForeignCopy(logger: CairnLogger, what: string): void {
  if (warned) return;
  warned = true;
  logger.warn(foreignCopyMessage(what));
}

/**
 * Warns (once per process) when any of the given options is an instance of another copy's
 * LlamaIndex class.
 * @internal
 */
export function checkForeignOptions(logger: CairnLogger, owner: string, values: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(values)) {
    const base = foreignBaseOf(value);
    if (base !== undefined) return warnForeignCopy(logger, `the ${owner} option \`${name}\` (a ${base})`);
  }
}

/** Lets a test see the warning again. @internal */
export function resetForeignCopyWarning(): void {
  warned = false;
}

/**
 * `Memory`'s constructor reads `options.customAdapters`; `Memory` itself has no such member. A
 * chat engine from another copy of `@llamaindex/core` fails its `instanceof Memory` check on a
 * `CairnMemory` and calls `createMemory(cairnMemory)`, which passes the memory as those options:
 * this getter is read then, and only then, and warns.
 * @internal
 */
export function trapForeignMemoryWrapping(prototype: object, loggerOf: (memory: object) => CairnLogger): void {
  Object.defineProperty(prototype, 'customAdapters', {
    configurable: true,
    enumerable: false,
    get(this: object) {
      warnForeignCopy(loggerOf(this), 'a chat engine or agent that was given this CairnMemory (it took the memory for the options of a new, empty Memory)');
      return undefined;
    },
  });
}
