/** Deepest nesting of objects and arrays accepted in tool arguments and metadata. */
export const MAX_JSON_DEPTH = 256;

/** Why a value cannot be stored: {@link copyJsonValue} reports it, the caller types the error. @internal */
export class JsonValueProblem extends Error {
  constructor(
    readonly problem: 'circular' | 'bigint' | 'to-json' | 'unreadable' | 'too-deep' | 'too-large',
    message: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Characters a primitive adds to a JSON text (an upper bound for strings, which may be escaped). */
function primitiveChars(value: string | number | boolean | null): number {
  return typeof value === 'string' ? value.length + 2 : String(value).length;
}

/** Reads a property (a getter or a proxy may throw). */
function read<T>(get: () => T, path: string): T {
  try {
    return get();
  } catch (error) {
    throw new JsonValueProblem('unreadable', `cannot be read (${error instanceof Error ? error.message : String(error)})`, path, { cause: error });
  }
}

/**
 * Copies a value the way `JSON.stringify` would see it, into frozen plain objects and arrays:
 * `toJSON` is called, `undefined`, functions and symbols are left out of objects (and become
 * `null` in arrays), non-finite numbers become `null`. Shared references are copied, so the copy
 * owns all of its data and nothing outside can change it later. Counts the characters of the
 * JSON text as it goes and stops as soon as `maxChars` is passed, so a huge value is refused
 * without being copied whole. Linear in the size of the value.
 *
 * @param value - What the caller passed (tool arguments, metadata).
 * @param maxChars - Most characters the JSON text of the value may have.
 * @returns The frozen copy (`undefined` when JSON has no text for the value) and its size.
 * @throws JsonValueProblem for a circular reference, a `BigInt`, a throwing `toJSON` or getter, nesting
 *   deeper than {@link MAX_JSON_DEPTH}, or more than `maxChars` characters.
 * @internal
 */
export function copyJsonValue(value: unknown, maxChars: number): { value: unknown; chars: number } {
  const ancestors = new Set<object>();
  let chars = 0;
  const add = (count: number, path: string): void => {
    chars += count;
    if (chars > maxChars) throw new JsonValueProblem('too-large', `is over ${maxChars} characters as JSON`, path);
  };
  const copy = (input: unknown, path: string, depth: number): unknown => {
    let current = input;
    if (typeof current === 'object' && current !== null && typeof (current as { toJSON?: unknown }).toJSON === 'function') {
      try {
        current = (current as { toJSON: (key: string) => unknown }).toJSON('');
      } catch (error) {
        throw new JsonValueProblem('to-json', `has a toJSON() that threw (${error instanceof Error ? error.message : String(error)})`, path, { cause: error });
      }
    }
    switch (typeof current) {
      case 'string':
      case 'boolean':
        add(primitiveChars(current), path);
        return current;
      case 'number': {
        const number = Number.isFinite(current) ? current : null;
        add(primitiveChars(number), path);
        return number;
      }
      case 'bigint':
        throw new JsonValueProblem('bigint', 'holds a BigInt, which JSON cannot represent (convert it to a string)', path);
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (current === null) {
      add(4, path);
      return null;
    }
    const object = current as object;
    if (ancestors.has(object)) throw new JsonValueProblem('circular', 'refers to itself (a circular reference)', path);
    if (depth >= MAX_JSON_DEPTH) throw new JsonValueProblem('too-deep', `is nested deeper than ${MAX_JSON_DEPTH} levels`, path);
    ancestors.add(object);
    add(2, path);
    let result: unknown;
    if (Array.isArray(object)) {
      const items: unknown[] = [];
      const length = read(() => object.length, path);
      for (let index = 0; index < length; index++) {
        const item = copy(read(() => object[index], `${path}[${index}]`), `${path}[${index}]`, depth + 1);
        items.push(item === undefined ? null : item);
        if (item === undefined) add(4, path);
        add(1, path);
      }
      result = Object.freeze(items);
    } else {
      const entries: Record<string, unknown> = {};
      for (const key of read(() => Object.keys(object), path)) {
        const item = copy(read(() => (object as Record<string, unknown>)[key], `${path}.${key}`), `${path}.${key}`, depth + 1);
        if (item === undefined) continue;
        add(key.length + 4, path);
        // defineProperty, not assignment: a "__proto__" key stays an own property, as in JSON.parse.
        Object.defineProperty(entries, key, { value: item, enumerable: true, writable: true, configurable: true });
      }
      result = Object.freeze(entries);
    }
    ancestors.delete(object);
    return result;
  };
  const result = copy(value, '', 0);
  return { value: result, chars };
}
