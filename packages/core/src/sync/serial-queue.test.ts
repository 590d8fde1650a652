import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue.js';

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
