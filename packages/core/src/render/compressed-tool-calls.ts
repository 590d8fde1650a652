import { compressToolArguments, MAX_ARGUMENT_ARRAY_ITEMS } from '../text/index.js';
import type { ToolCall } from '../log/index.js';

/** Nesting from which `compressToolArguments` replaces an object (checked conservatively here). */
const MAX_WHOLE_DEPTH = 64;

/**
 * Whether `compressToolArguments` would give back a value equal to `value` (the same keys in the
 * same order, the same items, the same primitives): plain data whose strings are at most
 * `maxStringChars` long, arrays of at most {@link MAX_ARGUMENT_ARRAY_ITEMS} items, not nested too
 * deep. Anything else (a long string or array, `undefined`, a `toJSON`, a class instance, …) is
 * reported as changed, which is always safe: the caller then compresses it.
 */
function keptWhole(value: unknown, maxStringChars: number, depth: number): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return true;
  if (typeof value === 'string') return value.length <= maxStringChars;
  if (typeof value !== 'object' || depth >= MAX_WHOLE_DEPTH) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) {
    if (value.length > MAX_ARGUMENT_ARRAY_ITEMS) return false;
    for (let index = 0; index < value.length; index++) if (value[index] === undefined || !keptWhole(value[index], maxStringChars, depth + 1)) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || !keptWhole(item, maxStringChars, depth + 1)) return false;
  }
  return true;
}

/**
 * A compressed message's tool calls: each call's arguments through `compressToolArguments`, where
 * that changes them. A call it would leave equal is kept as it is (not copied), and the list itself
 * when every call is: the same JSON as copying them all, without a second copy of short arguments
 * held by every compressed rendering (heap per logged message). @internal
 */
export function compressedToolCalls(calls: readonly ToolCall[], maxStringChars: number): readonly ToolCall[] {
  let changed = false;
  const compressed = calls.map((call) => {
    if (keptWhole(call.arguments, maxStringChars, 0)) return call;
    changed = true;
    return { ...call, arguments: compressToolArguments(call.arguments, { maxStringChars }) };
  });
  return changed ? compressed : calls;
}
