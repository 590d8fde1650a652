import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { fingerprint } from './fingerprint.js';
import { isPrefix } from './is-prefix.js';
import { SerialQueue } from './serial-queue.js';

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

describe('isPrefix', () => {
  test.prop([fc.array(fc.nat(3)), fc.array(fc.nat(3))])('matches the naive definition', (prefix, sequence) => {
    const naive = prefix.length <= sequence.length && prefix.every((item, index) => sequence[index] === item);
    expect(isPrefix(prefix, sequence)).toBe(naive);
    expect(isPrefix(prefix, [...prefix, ...sequence])).toBe(true);
  });

  it('uses the given equality', () => {
    const [a, b] = [{ n: 1 }, { n: 1 }];
    expect(isPrefix([a], [b])).toBe(false);
    expect(isPrefix([a], [b], (left, right) => left.n === right.n)).toBe(true);
  });
});

describe('SerialQueue', () => {
  it('runs tasks in the order queued, one at a time; a failure does not block the next task', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, fail = false) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await Promise.resolve();
      log.push(`end ${name}`);
      running--;
      if (fail) throw new Error(name);
      return name;
    };
    const results = [queue.run(task('a')), queue.run(task('b', true)), queue.run(task('c'))];
    await expect(results[0]).resolves.toBe('a');
    await expect(results[1]).rejects.toThrow('b');
    await expect(results[2]).resolves.toBe('c');
    await queue.settled();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('settled waits for every task queued so far and never rejects', async () => {
    const queue = new SerialQueue();
    let done = false;
    void queue.run(async () => {
      await Promise.resolve();
      done = true;
    });
    queue.run(() => Promise.reject(new Error('x'))).catch(() => undefined);
    await queue.settled();
    expect(done).toBe(true);
  });
});
