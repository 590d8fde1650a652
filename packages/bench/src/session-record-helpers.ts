import type { Role, TextPart } from '@cairn/core';

/** The roles cairn accepts. @internal */
export const ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool'];

/** Throws a located {@link SessionFormatError}. @internal */
export type Fail = (reason: string, cause?: unknown) => never;

/** A plain JSON object. @internal */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `null`, `array`, `number`… for error messages. @internal */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The last path segment of `source` (`runs/x.jsonl` → `x.jsonl`). @internal */
export function sourceBasename(source: string): string {
  return source.split(/[\\/]/).filter((segment) => segment !== '').at(-1) ?? source;
}

const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Epoch milliseconds from a number (taken as milliseconds) or an ISO 8601 string (read as UTC when
 * it has no offset, so results do not depend on the machine's time zone); `undefined` when invalid.
 * @internal
 */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const trimmed = value.trim();
  const milliseconds = Date.parse(ISO_WITHOUT_ZONE.test(trimmed) ? `${trimmed.replace(' ', 'T')}Z` : trimmed);
  return Number.isNaN(milliseconds) ? undefined : milliseconds;
}

/** Content as cairn keeps it, plus the types of parts that are not text. @internal */
export interface NormalizedContent {
  content: string | TextPart[];
  droppedPartTypes: string[];
}

/**
 * A string stays a string; `null` or absent becomes `''`; an array keeps its text parts (plain
 * strings and OpenAI `refusal` parts count as text) and reports the others.
 * @internal
 */
export function normalizeContent(value: unknown, fail: Fail): NormalizedContent {
  if (typeof value === 'string') return { content: value, droppedPartTypes: [] };
  if (value === null || value === undefined) return { content: '', droppedPartTypes: [] };
  if (!Array.isArray(value)) return fail(`"content" must be a string or an array of parts, got ${describeJson(value)}`);
  const parts: TextPart[] = [];
  const droppedPartTypes: string[] = [];
  for (const part of value) {
    if (typeof part === 'string') parts.push({ type: 'text', text: part });
    else if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') parts.push({ type: 'text', text: part.text });
    else if (isRecord(part) && part.type === 'refusal' && typeof part.refusal === 'string') parts.push({ type: 'text', text: part.refusal });
    else droppedPartTypes.push(isRecord(part) && typeof part.type === 'string' ? part.type : describeJson(part));
  }
  return { content: parts, droppedPartTypes };
}

/** The entries of `record` whose keys are not in `known`, or `undefined` when there are none. @internal */
export function extraFields(record: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> | undefined {
  const extra: Record<string, unknown> = {};
  let any = false;
  for (const [key, value] of Object.entries(record)) {
    if (known.has(key)) continue;
    extra[key] = value;
    any = true;
  }
  return any ? extra : undefined;
}
