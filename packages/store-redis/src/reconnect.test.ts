import { CairnError } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { createRedisSessionStore } from './create-redis-session-store.js';
import { REDIS_URL, uniquePrefix } from './test-support/redis-test-context.js';
import { startRedisServer } from './test-support/start-redis-server.js';

const message = (id: string) => ({ id, role: 'user' as const, content: id });

describe.skipIf(!REDIS_URL)('a store whose Redis goes away', () => {
  it('fails calls while Redis is down and works again once it is back', async () => {
    const first = await startRedisServer();
    const port = Number(new URL(first.url).port);
    const store = createRedisSessionStore({ url: first.url, keyPrefix: uniquePrefix() });
    const key = { tenant: 't', sessionId: 's' };
    try {
      expect(await store.append(key, [message('before')])).toEqual({ length: 1 });
      await first.stop();
      const error = await store.append(key, [message('down')]).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(Error);
      // Issue 12 item 17: a typed error, not node-redis's raw ClientOfflineError.
      expect(CairnError.isInstance(error) && error.code).toBe('STORE_UNAVAILABLE');
      const second = await startRedisServer(port);
      try {
        // The restarted server kept nothing (no persistence): the session starts again.
        let length: number | undefined;
        for (let attempt = 0; attempt < 50 && length === undefined; attempt += 1) {
          length = await store.append(key, [message('after')]).then(
            (result) => result.length,
            () => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 200)),
          );
        }
        expect(length).toBe(1);
        expect((await store.load(key))?.messages).toEqual([message('after')]);
      } finally {
        await store.close?.();
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  }, 60_000);
});
