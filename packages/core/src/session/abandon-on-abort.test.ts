import { describe, expect, it } from 'vitest';
import { CairnError } from '../log/index.js';
import { abandonOnAbort, checkModelTimeoutMs, type AbortSignalLike } from './abandon-on-abort.js';

/** A signal the test fires by hand (core's tests carry no DOM or Node types). */
function manualSignal(): AbortSignalLike & { fire(): void; listeners(): number } {
  const listeners = new Set<() => void>();
  let aborted = false;
  return {
    get aborted() {
      return aborted;
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    fire() {
      aborted = true;
      for (const listener of [...listeners]) listener();
    },
    listeners: () => listeners.size,
  };
}

describe('abandonOnAbort', () => {
  it('gives up on a call that never answers once the signal fires, with MODEL_TIMEOUT', async () => {
    const signal = manualSignal();
    const pending = abandonOnAbort(signal, 'The summariser model', () => new Promise<string>(() => undefined));
    signal.fire();
    const error = await pending.catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error) && error.code).toBe('MODEL_TIMEOUT');
    expect((error as Error).message).toContain('The summariser model did not answer');
  });

  it('passes an answer through and stops listening', async () => {
    const signal = manualSignal();
    await expect(abandonOnAbort(signal, 'x', async () => 'summary')).resolves.toBe('summary');
    expect(signal.listeners()).toBe(0);
    signal.fire(); // too late to matter
  });

  it('passes the call’s own failure through, thrown or rejected', async () => {
    const signal = manualSignal();
    await expect(abandonOnAbort(signal, 'x', () => Promise.reject(new Error('rate limited')))).rejects.toThrow('rate limited');
    await expect(
      abandonOnAbort(signal, 'x', () => {
        throw new Error('bad request');
      }),
    ).rejects.toThrow('bad request');
    expect(signal.listeners()).toBe(0);
  });

  it('does not start the call when the signal fired already', async () => {
    const signal = manualSignal();
    signal.fire();
    let started = false;
    const error = await abandonOnAbort(signal, 'x', async () => {
      started = true;
      return 1;
    }).catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error) && error.code).toBe('MODEL_TIMEOUT');
    expect(started).toBe(false);
  });

  it('without a signal the call runs with no limit', async () => {
    await expect(abandonOnAbort(undefined, 'x', async () => 'summary')).resolves.toBe('summary');
  });

  it('checkModelTimeoutMs takes ≥ 1 ms or Infinity and refuses the rest', () => {
    expect(checkModelTimeoutMs('w', 1)).toBe(1);
    expect(checkModelTimeoutMs('w', Infinity)).toBe(Infinity);
    for (const bad of [0, -5, Number.NaN, '100', null, -Infinity]) {
      expect(() => checkModelTimeoutMs('languageModelSummarizer', bad)).toThrow(/languageModelSummarizer: timeoutMs/);
    }
  });
});
