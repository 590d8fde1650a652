import type { FailureDependencies } from './failure-dependencies.js';

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The failure dependencies a `DeadEndTracker` snapshot keeps beside a dead end (`dependencies`),
 * or undefined when absent or malformed: the dead end then turns stale on any state change.
 * @internal
 */
export function readDependencies(entry: object): FailureDependencies | undefined {
  const value = (entry as { dependencies?: unknown }).dependencies;
  if (typeof value !== 'object' || value === null) return undefined;
  const { paths, modules, anyFile, missingFile, openFile } = value as Record<string, unknown>;
  if (!isStrings(paths) || !isStrings(modules) || typeof anyFile !== 'boolean' || typeof missingFile !== 'boolean' || typeof openFile !== 'boolean') return undefined;
  return { paths: [...paths], modules: [...modules], anyFile, missingFile, openFile };
}

/** The open file a `DeadEndTracker` snapshot keeps (`openFile`), or undefined. @internal */
export function readOpenFile(snapshot: object): string | undefined {
  const value = (snapshot as { openFile?: unknown }).openFile;
  return typeof value === 'string' ? value : undefined;
}
