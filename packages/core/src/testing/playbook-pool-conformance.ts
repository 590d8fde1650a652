import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { createContextEngine } from '../engine/index.js';
import { PLAYBOOK_POOL_MAX_BULLETS, type PlaybookPool, type SharedBullet } from '../playbook/index.js';

/** Options for {@link describePlaybookPoolConformance}. */
export interface PlaybookPoolConformanceOptions {
  /** Makes a fresh, empty pool; called before every test. */
  createPool: () => PlaybookPool | Promise<PlaybookPool>;
  /**
   * A second pool over the same storage as `pool` (another process, a restart), when the pool is
   * durable: the suite then checks that it sees what `pool` published.
   */
  reopen?: (pool: PlaybookPool) => PlaybookPool | Promise<PlaybookPool>;
  /** Releases a pool after each test (and a reopened one). */
  close?: (pool: PlaybookPool) => void | Promise<void>;
}

const bullet = (content: string, sessionId = 's1', helpful = 1, harmful = 0): SharedBullet => ({ section: 'strategies', content, helpful, harmful, sessionId });

let next = 0;
function call(name: string, args: unknown, result: string, isError = false): CairnMessage[] {
  const id = `pc${++next}`;
  return [
    { id: `pa${next}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: args }] },
    { id: `pt${next}`, role: 'tool', toolCallId: id, name, content: result, ...(isError ? { isError } : {}) },
  ];
}

/**
 * Registers the conformance tests every playbook pool must pass (vitest), the in-memory one and
 * the durable ones alike: what is published is listed (copies, oldest first), a republished text
 * updates its counters in place of a second row, the pool is bounded per tenant
 * ({@link PLAYBOOK_POOL_MAX_BULLETS}, the oldest go), bad tenants are typed errors, a tenant's
 * bullets never reach another tenant (through the pool and through engines sharing it), and a
 * durable pool keeps them across a reopen.
 *
 * @example
 * ```ts
 * describePlaybookPoolConformance('sqlite', { createPool: () => createSqliteSessionStore({ path: ':memory:' }).playbookPool });
 * ```
 */
export function describePlaybookPoolConformance(name: string, options: PlaybookPoolConformanceOptions): void {
  describe(`playbook pool conformance: ${name}`, () => {
    let pool: PlaybookPool;
    const opened: PlaybookPool[] = [];
    beforeEach(async () => {
      pool = await options.createPool();
      opened.push(pool);
    });
    afterEach(async () => {
      for (const each of opened.splice(0)) await options.close?.(each);
    });

    it('lists what was published, as copies, oldest first', () => {
      pool.publish('acme', bullet('Use `npm ci`, not `npm install --frozen`.'));
      pool.publish('acme', { ...bullet('search_dir takes a folder, not a file.', 's2'), section: 'tools' });
      const listed = pool.list('acme');
      expect(listed).toEqual([bullet('Use `npm ci`, not `npm install --frozen`.'), { ...bullet('search_dir takes a folder, not a file.', 's2'), section: 'tools' }]);
      listed[0]!.helpful = 99;
      expect(pool.list('acme')[0]!.helpful).toBe(1);
      expect(pool.list('nobody')).toEqual([]);
    });

    it('updates a republished text in place of a second row, and it becomes the newest', () => {
      pool.publish('acme', bullet('first'));
      pool.publish('acme', bullet('second'));
      pool.publish('acme', bullet('first', 's9', 4, 1));
      expect(pool.list('acme')).toEqual([bullet('second'), bullet('first', 's9', 4, 1)]);
      // The same text in another section is another bullet.
      pool.publish('acme', { ...bullet('first'), section: 'tools' });
      expect(pool.list('acme')).toHaveLength(3);
    });

    it(`keeps at most ${PLAYBOOK_POOL_MAX_BULLETS} bullets per tenant, dropping the oldest`, () => {
      for (let index = 0; index < PLAYBOOK_POOL_MAX_BULLETS + 5; index++) pool.publish('acme', bullet(`lesson ${index}`));
      pool.publish('globex', bullet('lesson of another tenant'));
      const listed = pool.list('acme');
      expect(listed).toHaveLength(PLAYBOOK_POOL_MAX_BULLETS);
      expect(listed[0]!.content).toBe('lesson 5');
      expect(listed.at(-1)!.content).toBe(`lesson ${PLAYBOOK_POOL_MAX_BULLETS + 4}`);
      expect(pool.list('globex')).toHaveLength(1);
    });

    it('refuses bad tenants with a typed error', () => {
      for (const tenant of ['', '../etc', 'a b', 'x'.repeat(300)]) {
        expect(() => pool.publish(tenant, bullet('x'))).toThrow(CairnError);
        expect(() => pool.list(tenant)).toThrow(CairnError);
      }
    });

    it("never lets one tenant's lessons reach another's, through the pool or through engines", () => {
      pool.publish('acme', bullet('acme only'));
      expect(pool.list('globex')).toEqual([]);
      const base = { tokenCounter: createCharTokenCounter() };
      const learner = createContextEngine({ ...base, sessionId: 'a1', playbook: { share: { pool, tenant: 'acme' } } });
      learner.ingest({ id: 'pu1', role: 'user', content: 'Install the dependencies.' });
      learner.ingest(call('bash', { command: 'npm install --frozen' }, 'npm ERR! unknown option --frozen', true));
      learner.ingest(call('bash', { command: 'npm ci' }, 'added 212 packages'));
      const sibling = createContextEngine({ ...base, sessionId: 'a2', playbook: { share: { pool, tenant: 'acme' } } });
      expect(sibling.getPlaybook().map((each) => each.content)).toEqual(expect.arrayContaining([expect.stringMatching(/npm ci.*\(learnt in another session\)$/)]));
      const stranger = createContextEngine({ ...base, sessionId: 'b1', playbook: { share: { pool, tenant: 'globex' } } });
      expect(stranger.getPlaybook()).toEqual([]);
      expect(pool.list('globex')).toEqual([]);
    });

    if (options.reopen) {
      it('keeps the bullets across a reopen', async () => {
        pool.publish('acme', bullet('kept'));
        pool.publish('globex', bullet('theirs'));
        const again = await options.reopen!(pool);
        if (again !== pool) opened.push(again);
        expect(again.list('acme')).toEqual([bullet('kept')]);
        expect(again.list('globex')).toEqual([bullet('theirs')]);
      });
    }
  });
}
