import { hashText } from '@cairn/core';

/** Canonical text of a prompt value: object keys sorted, bytes and URLs spelled out. */
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
  if (value instanceof URL) {
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
 * A stable fingerprint of one AI SDK prompt message: the same message (however its object keys
 * are ordered) always gets the same fingerprint, so re-sent history is recognised.
 *
 * @internal
 */
export function fingerprint(message: unknown): string {
  const out: string[] = [];
  canonical(message, out);
  return hashText(out.join(''));
}
