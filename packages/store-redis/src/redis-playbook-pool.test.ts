import { describePlaybookPoolConformance } from '@cairn/core/testing';
import { createCharTokenCounter, createContextEngine, type PlaybookPool } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { createRedisPlaybookPool, type RedisPlaybookPool } from './redis-playbook-pool.js';
import { connectRawClient, REDIS_URL, uniquePrefix } from './test-support/redis-test-context.js';

const prefixes = new Map<PlaybookPool, string>();
function open(prefix = uniquePrefix()): RedisPlaybookPool {
  const pool = createRedisPlaybookPool({ url: REDIS_URL, keyPrefix: prefix });
  prefixes.set(pool, prefix);
  return pool;
}

describe.skipIf(!REDIS_URL)('store-redis playbook pool', () => {
  describePlaybookPoolConformance('redis', {
    createPool: () => open(),
    reopen: async (pool) => {
      await (pool as RedisPlaybookPool).flush();
      const again = open(prefixes.get(pool)!);
      await again.load('acme');
      await again.load('globex');
      return again;
    },
    close: (pool) => (pool as RedisPlaybookPool).close(),
  });

  it('keeps a tenant’s bullets under its own key prefix, bounded in Redis as in the copy', async () => {
    const prefix = uniquePrefix();
    const pool = open(prefix);
    for (let index = 0; index < 503; index++) pool.publish('acme', { section: 'strategies', content: `lesson ${index}`, helpful: 1, harmful: 0, sessionId: 's1' });
    pool.publish('globex', { section: 'tools', content: 'theirs', helpful: 0, harmful: 0, sessionId: 's2' });
    expect(pool.pending).toBe(504);
    await pool.flush();
    expect(pool.pending).toBe(0);
    const raw = await connectRawClient();
    expect((await raw.keys(`${prefix}:*`)).sort()).toEqual([`${prefix}:{acme}:playbook`, `${prefix}:{acme}:playbook:order`, `${prefix}:{globex}:playbook`, `${prefix}:{globex}:playbook:order`]);
    expect(await raw.hLen(`${prefix}:{acme}:playbook`)).toBe(500);
    await raw.close();
    const other = open(prefix);
    await other.load('acme');
    expect(other.list('acme').map((bullet) => bullet.content).slice(0, 2)).toEqual(['lesson 3', 'lesson 4']);
    expect(other.list('globex')).toEqual([]);
    await Promise.all([pool.close(), other.close()]);
  });

  it('bootstraps an engine of another process from what was flushed; a damaged entry is left out; a wrong key type is CORRUPT_SESSION', async () => {
    const prefix = uniquePrefix();
    const writer = open(prefix);
    const base = { tokenCounter: createCharTokenCounter() };
    const learner = createContextEngine({ ...base, sessionId: 'a1', playbook: { share: { pool: writer, tenant: 'acme' } } });
    learner.ingest({ id: 'u1', role: 'user', content: 'Install the dependencies.' });
    learner.ingest([
      { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'bash', arguments: { command: 'npm install --frozen' } }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', name: 'bash', content: 'npm ERR! unknown option --frozen', isError: true },
      { id: 'a2', role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'bash', arguments: { command: 'npm ci' } }] },
      { id: 't2', role: 'tool', toolCallId: 'c2', name: 'bash', content: 'added 212 packages' },
    ]);
    await writer.close();
    const raw = await connectRawClient();
    await raw.hSet(`${prefix}:{acme}:playbook`, '["strategies","broken"]', '{"helpful":');
    await raw.zAdd(`${prefix}:{acme}:playbook:order`, { score: 99, value: '["strategies","broken"]' });
    const reader = open(prefix);
    await reader.load('acme');
    const sibling = createContextEngine({ ...base, sessionId: 'a2', playbook: { share: { pool: reader, tenant: 'acme' } } });
    expect(sibling.getPlaybook().map((bullet) => bullet.content)).toEqual([expect.stringMatching(/npm ci.*\(learnt in another session\)$/)]);
    await raw.set(`${prefix}:{globex}:playbook`, 'not a hash');
    await raw.close();
    await expect(reader.load('globex')).rejects.toMatchObject({ code: 'CORRUPT_SESSION' });
    await reader.close();
  });
});
