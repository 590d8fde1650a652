import type { ContextEngineOptions } from './engine-options.js';
import { resolveOptions } from './resolve-options.js';

/**
 * Checks engine options the way `createContextEngine` does, without making an engine: for an
 * adapter that takes engine options at construction and opens engines later.
 *
 * @throws CairnError `INVALID_OPTIONS` / `INVALID_BUDGET` for the first bad value, as
 *   `createContextEngine` would.
 */
export function checkEngineOptions(options: ContextEngineOptions = {}): void {
  resolveOptions(options);
}
