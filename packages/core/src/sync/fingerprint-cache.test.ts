import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { FingerprintCache } from './fingerprint-cache.js';
import { fingerprint } from './fingerprint.js';

/** The host's URL class (core's types carry no DOM or Node globals). */
const Url = (globalThis as unknown as { URL: new (href: string) => { readonly href: string } }).URL;

const leaf = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.uint8Array({ maxLength: 4 }), fc.webUrl().map((href) => new Url(href)));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('role', 'content', 'type', 'text', 'a', 'b'), tie('node'), { maxKeys: 4 })),
})).node;

/** A copy with new containers (URLs and bytes too) and the same primitives. */
function deepCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return Uint8Array.from(value);
  if (value instanceof Url) return new Url((value as { href: string }).href);
  if (Array.isArray(value)) return value.map(deepCopy);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deepCopy(item)]));
}

// Steps on the list between calls: append, edit a message in place, replace one by a copy, drop the tail.
const step = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), value }),
  fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), key: fc.constantFrom('content', 'text', 'x'), value }),
  fc.record({ kind: fc.constant('copy' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

describe('FingerprintCache', () => {
  test.prop([fc.array(value, { maxLength: 6 }), fc.array(step, { maxLength: 12 })])('always returns values.map(fingerprint), whatever changed in place between calls', (initial, steps) => {
    const list: unknown[] = initial.map((item) => ({ role: 'user', content: item }));
    const cache = new FingerprintCache();
    expect(cache.fingerprints(list)).toEqual(list.map((item) => fingerprint(item)));
    for (const current of steps) {
      if (current.kind === 'append') list.push({ role: 'tool', content: current.value });
      else if (list.length > 0 && current.kind === 'edit') (list[current.at % list.length] as Record<string, unknown>)[current.key] = current.value;
      else if (list.length > 0 && current.kind === 'copy') list[current.at % list.length] = deepCopy(list[current.at % list.length]);
      else if (current.kind === 'truncate') list.length = list.length === 0 ? 0 : current.at % list.length;
      expect(cache.fingerprints(list)).toEqual(list.map((item) => fingerprint(item)));
    }
  });

  test('a nested string edited in place is fingerprinted again', () => {
    const part = { type: 'text', text: 'first' };
    const history = [{ role: 'user', content: [part] }];
    const cache = new FingerprintCache();
    const before = cache.fingerprints(history);
    part.text = 'second';
    const after = cache.fingerprints(history);
    expect(after).not.toEqual(before);
    expect(after).toEqual([fingerprint(history[0])]);
  });
});
