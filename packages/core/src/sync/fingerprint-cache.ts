import { fingerprint } from './fingerprint.js';

/** The host's `URL` class, when it has one (core's types carry no DOM or Node globals). */
const UrlClass = (globalThis as { URL?: abstract new (...args: never[]) => { readonly href: string } }).URL;

/** A structural copy of a fingerprinted value: containers copied, strings and other primitives shared. */
type Shape = { readonly primitive: unknown } | { readonly bytes: Uint8Array } | { readonly url: string } | { readonly items: readonly Shape[] } | { readonly keys: readonly string[]; readonly values: readonly Shape[] };

function shapeOf(value: unknown): Shape {
  if (value === null || typeof value !== 'object') return { primitive: value };
  if (value instanceof Uint8Array) return { bytes: Uint8Array.from(value) };
  if (UrlClass !== undefined && value instanceof UrlClass) return { url: value.href };
  if (Array.isArray(value)) return { items: value.map(shapeOf) };
  const keys = Object.keys(value);
  return { keys, values: keys.map((key) => shapeOf((value as Record<string, unknown>)[key])) };
}

/**
 * Whether `value` still has the recorded shape — the same containers, keys in the same order and
 * primitives equal by `===` (a string held by reference compares without reading it). Equal
 * shapes have equal canonical texts, so equal fingerprints; a difference `fingerprint` ignores
 * (key order, say) only costs a recomputation.
 */
function sameShape(shape: Shape, value: unknown): boolean {
  if ('primitive' in shape) return shape.primitive === value && (value === null || typeof value !== 'object');
  if (value === null || typeof value !== 'object') return false;
  if ('bytes' in shape) {
    if (!(value instanceof Uint8Array) || value.length !== shape.bytes.length) return false;
    for (let index = 0; index < value.length; index++) if (value[index] !== shape.bytes[index]) return false;
    return true;
  }
  if (value instanceof Uint8Array) return false;
  const isUrl = UrlClass !== undefined && value instanceof UrlClass;
  if ('url' in shape) return isUrl && (value as { href: string }).href === shape.url;
  if (isUrl) return false;
  if ('items' in shape) {
    if (!Array.isArray(value) || value.length !== shape.items.length) return false;
    for (let index = 0; index < value.length; index++) if (!sameShape(shape.items[index]!, value[index])) return false;
    return true;
  }
  if (Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== shape.keys.length) return false;
  for (let index = 0; index < keys.length; index++) {
    if (keys[index] !== shape.keys[index] || !sameShape(shape.values[index]!, (value as Record<string, unknown>)[keys[index]!])) return false;
  }
  return true;
}

/**
 * The {@link fingerprint}s of a message list that grows call after call, without hashing again
 * the messages the previous call already saw: each position keeps a structural copy of what it
 * held (strings shared, not copied) and its fingerprint, and a message that still has that shape
 * keeps it. The check is exact — a message edited in place, or replaced by an equal-looking one
 * with different text, is fingerprinted again — so the result is always what
 * `values.map(fingerprint)` returns; only the cost differs (a re-sent history costs a walk over
 * its structure comparing string references, not a hash of every character).
 *
 * @example
 * ```ts
 * const cache = new FingerprintCache();
 * cache.fingerprints(history);                  // hashes every message
 * cache.fingerprints([...history, next]);       // hashes `next` only
 * ```
 */
export class FingerprintCache {
  #shapes: Shape[] = [];
  #fingerprints: string[] = [];

  /** `values.map(fingerprint)`, reusing the previous call's work where a value is unchanged. */
  fingerprints(values: readonly unknown[]): string[] {
    const shapes: Shape[] = new Array(values.length);
    const result: string[] = new Array(values.length);
    for (let index = 0; index < values.length; index++) {
      const value = values[index];
      const known = this.#shapes[index];
      if (known !== undefined && sameShape(known, value)) {
        shapes[index] = known;
        result[index] = this.#fingerprints[index]!;
        continue;
      }
      result[index] = fingerprint(value);
      shapes[index] = shapeOf(value);
    }
    this.#shapes = shapes;
    this.#fingerprints = result;
    return [...result];
  }
}
