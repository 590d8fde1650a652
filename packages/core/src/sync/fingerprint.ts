import { hashText } from '../text/index.js';

/** The host's `URL` class, when it has one (core's types carry no DOM or Node globals). */
const UrlClass = (globalThis as { URL?: abstract new (...args: never[]) => { readonly href: string } }).URL;

/** Appends the canonical text of `value` to `out`: object keys sorted, bytes and URLs spelled out. */
function canonical(value: unknown, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(value === undefined ? 'u' : JSON.stringify(value));
    return;
  }
  if (value instanceof Uint8Array) {
    out.push(`b${value.length}:`);
    for (let index = 0; index < value.length; index++) out.push(String.fromCharCode(value[index]!));
    return;
  }
  if (UrlClass !== undefined && value instanceof UrlClass) {
    out.push(`url:${JSON.stringify(value.href)}`);
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (const item of value) {
      canonical(item, out);
      out.push(',');
    }
    out.push(']');
    return;
  }
  out.push('{');
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    out.push(JSON.stringify(key), ':');
    canonical(item, out);
    out.push(',');
  }
  out.push('}');
}

/**
 * A stable fingerprint of a JSON-like value (a framework message, say): the hash of its canonical
 * text, in which object keys are sorted, `undefined` properties are left out, and `Uint8Array`s
 * and `URL`s are spelled out. The same value, however its object keys are ordered, always gets
 * the same fingerprint, so a re-sent history is recognised message by message.
 *
 * @param value - Any value built of JSON values, `undefined`, `Uint8Array` and `URL`.
 * @returns 11 characters of `[0-9a-z]` (see `hashText`).
 *
 * @example
 * ```ts
 * fingerprint({ role: 'user', content: 'hi' }) === fingerprint({ content: 'hi', role: 'user' }); // true
 * ```
 */
export function fingerprint(value: unknown): string {
  const out: string[] = [];
  canonical(value, out);
  return hashText(out.join(''));
}
