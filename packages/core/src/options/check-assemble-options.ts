import type { AssembleOptions } from './engine-options.js';
import { CairnError } from '../log/index.js';

function invalid(parameter: string, value: unknown, expected: string): CairnError {
  const shown = typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
  return new CairnError({
    code: 'INVALID_OPTIONS',
    message: `Invalid assemble option ${parameter}: got ${shown}; expected ${expected}.`,
    details: { parameter },
  });
}

/**
 * Checks a query from an untyped caller: a string, or `undefined` / `null` for none.
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function checkQuery(query: unknown, parameter = 'query'): string | undefined {
  if (query === undefined || query === null) return undefined;
  if (typeof query !== 'string') throw invalid(parameter, query, 'a string');
  return query;
}

/**
 * Checks `assemble` options from an untyped caller before anything changes: `query` a string,
 * `plannedTools` an array of tool names (a lone string is refused, not read as characters);
 * `null` for either means none. The budget is checked by `checkBudget`.
 *
 * @param options - What the caller passed.
 * @returns The options with `null`s removed.
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function checkAssembleOptions(options: unknown): AssembleOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) throw invalid('options', options, 'an object { query?, budget?, plannedTools? }');
  const { query, plannedTools, progress, format, ...rest } = options as Record<string, unknown>;
  if (format !== undefined && format !== null && format !== 'messages' && format !== 'xml') throw invalid('format', format, "'messages' or 'xml'");
  const checked: AssembleOptions = { ...rest };
  if (progress !== undefined && progress !== null) {
    if (typeof progress !== 'number' || !Number.isFinite(progress) || progress < 0 || progress > 1) throw invalid('progress', progress, 'a number from 0 to 1');
    checked.progress = progress;
  }
  const text = checkQuery(query);
  if (text !== undefined) checked.query = text;
  if (format === 'xml') checked.format = 'xml';
  if (plannedTools !== undefined && plannedTools !== null) {
    if (!Array.isArray(plannedTools)) throw invalid('plannedTools', plannedTools, `an array of tool names${typeof plannedTools === 'string' ? ` (write [${JSON.stringify(plannedTools)}])` : ''}`);
    plannedTools.forEach((name, index) => {
      if (typeof name !== 'string') throw invalid(`plannedTools[${index}]`, name, 'a tool name (a string)');
    });
    checked.plannedTools = plannedTools as string[];
  }
  return checked;
}
