import type { ContextEngine } from '@cairn/core';

/** Finds the engine of the session a tool call runs in, from the tool's config (`thread_id`). */
export type PageEngineLookup = (config: unknown) => Promise<ContextEngine | undefined>;

const lookups = new WeakMap<object, PageEngineLookup>();

/** Remembers how `pageTools` finds a middleware's engines (no change to the middleware's shape). @internal */
export function attachPageSessions<T extends object>(middleware: T, lookup: PageEngineLookup): T {
  lookups.set(middleware, lookup);
  return middleware;
}

/** The lookup a middleware made by `cairnMiddleware` carries. @internal */
export function pageSessionsOf(middleware: object): PageEngineLookup | undefined {
  return lookups.get(middleware);
}
