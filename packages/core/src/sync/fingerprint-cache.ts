import { fingerprint } from './fingerprint.js';

/** The host's `URL` class, when it has one (core's types carry no DOM or Node globals). */
const UrlClass = (globalThis as { URL?: abstract new (...args: never[]) => { readonly href: string } }).URL;

/** Markers of the containers in a recorded shape: objects no recorded value can be `===` to. */
const ARRAY = Object.freeze({ mark: 'array' });
const OBJECT = Object.freeze({ mark: 'object' });
const BYTES = Object.freeze({ mark: 'bytes' });
const URL_MARK = Object.freeze({ mark: 'url' });

/**
 * Records the shape of a fingerprinted value, flat, into `out`: a primitive as itself; an array
 * as ARRAY, its length, its items; an object as OBJECT, its key count, then each key and value;
 * bytes as BYTES and a copy; a URL as URL_MARK and its href. Containers are not kept, strings are
 * shared (not copied).
 */
function record(value: unknown, out: unknown[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(value);
    return;
  }
  if (value instanceof Uint8Array) {
    out.push(BYTES, Uint8Array.from(value));
    return;
  }
  if (UrlClass !== undefined && value instanceof UrlClass) {
    out.push(URL_MARK, value.href);
    return;
  }
  if (Array.isArray(value)) {
    out.push(ARRAY, value.length);
    for (let index = 0; index < value.length; index++) record(value[index], out);
    return;
  }
  const keys = Object.keys(value);
  out.push(OBJECT, keys.length);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    out.push(key);
    record((value as Record<string, unknown>)[key], out);
  }
}

/**
 * Whether `value` still has the shape recorded at `shape[at]` — the same containers, keys in the
 * same order and primitives equal by `===` (a string held by reference compares without reading
 * it). Returns the index after the shape, or -1. Equal shapes have equal canonical texts, so
 * equal fingerprints; a difference `fingerprint` ignores (key order, say) only costs a
 * recomputation.
 */
function matchFrom(shape: readonly unknown[], at: number, value: unknown): number {
  const mark = shape[at];
  if (value === null || typeof value !== 'object') return mark === value ? at + 1 : -1;
  if (mark === BYTES) {
    const bytes = shape[at + 1] as Uint8Array;
    if (!(value instanceof Uint8Array) || value.length !== bytes.length) return -1;
    for (let index = 0; index < value.length; index++) if (value[index] !== bytes[index]) return -1;
    return at + 2;
  }
  if (value instanceof Uint8Array) return -1;
  const isUrl = UrlClass !== undefined && value instanceof UrlClass;
  if (mark === URL_MARK) return isUrl && (value as { href: string }).href === shape[at + 1] ? at + 2 : -1;
  if (isUrl) return -1;
  if (mark === ARRAY) {
    if (!Array.isArray(value) || value.length !== shape[at + 1]) return -1;
    let next = at + 2;
    for (let index = 0; index < value.length && next >= 0; index++) next = matchFrom(shape, next, value[index]);
    return next;
  }
  if (mark !== OBJECT || Array.isArray(value)) return -1;
  // `for…in` walks the own keys in `Object.keys` order (then inherited enumerable ones, which a
  // recorded shape never has: one more key than recorded is a mismatch), without an array of keys.
  const count = shape[at + 1] as number;
  let seen = 0;
  let next = at + 2;
  for (const key in value) {
    if (++seen > count || shape[next] !== key) return -1;
    next = matchFrom(shape, next + 1, (value as Record<string, unknown>)[key]);
    if (next < 0) return -1;
  }
  return seen === count ? next : -1;
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
  /** Each position's recorded shape (see `record`). */
  #shapes: unknown[][] = [];
  #fingerprints: string[] = [];

  /** `values.map(fingerprint)`, reusing the previous call's work where a value is unchanged. */
  fingerprints(values: readonly unknown[]): string[] {
    const shapes: unknown[][] = new Array(values.length);
    const result: string[] = new Array(values.length);
    for (let index = 0; index < values.length; index++) {
      const value = values[index];
      const known = this.#shapes[index];
      if (known !== undefined && matchFrom(known, 0, value) === known.length) {
        shapes[index] = known;
        result[index] = this.#fingerprints[index]!;
        continue;
      }
      result[index] = fingerprint(value);
      const shape: unknown[] = [];
      record(value, shape);
      shapes[index] = shape;
    }
    this.#shapes = shapes;
    this.#fingerprints = result;
    return [...result];
  }
}
