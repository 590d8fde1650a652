import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { fingerprint } from './fingerprint.js';

/** The host's URL class (core's types carry no DOM or Node globals). */
const Url = (globalThis as unknown as { URL: new (href: string) => object }).URL;

/** The same value with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reversedKeys(item)]));
}

describe('fingerprint', () => {
  test.prop([fc.jsonValue()])('ignores object key order; same input, same output', (value) => {
    expect(fingerprint(reversedKeys(value))).toBe(fingerprint(value));
    expect(fingerprint(JSON.parse(JSON.stringify(value)) as unknown)).toBe(fingerprint(value));
  });

  test.prop([fc.jsonValue(), fc.jsonValue()])('equal fingerprints for JSON values with equal canonical JSON only (no collisions here)', (left, right) => {
    const canonicalJson = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item));
    if (canonicalJson(left) !== canonicalJson(right)) expect(fingerprint(left)).not.toBe(fingerprint(right));
  });

  it('spells out bytes and URLs, and leaves undefined properties out', () => {
    expect(fingerprint(new Uint8Array([1, 2]))).not.toBe(fingerprint(new Uint8Array([1, 3])));
    expect(fingerprint(new Url('https://a.example/x'))).not.toBe(fingerprint(new Url('https://a.example/y')));
    expect(fingerprint(new Url('https://a.example/x'))).not.toBe(fingerprint({}));
    expect(fingerprint({ a: 1, b: undefined })).toBe(fingerprint({ a: 1 }));
    expect(fingerprint({ a: [1] })).not.toBe(fingerprint({ a: [[1]] }));
  });
});
