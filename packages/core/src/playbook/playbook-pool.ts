import { checkTenant } from '../dead-ends/index.js';
import type { PlaybookPool, SharedBullet } from '../options/index.js';

export type { PlaybookPool, SharedBullet } from '../options/index.js';

/** The most bullets an in-memory pool keeps per tenant (the oldest go first). */
export const PLAYBOOK_POOL_MAX_BULLETS = 500;

/**
 * An in-memory {@link PlaybookPool}, bounded per tenant. Share one across the engines of a
 * process; a durable store can implement the same interface.
 *
 * @example
 * ```ts
 * const pool = createPlaybookPool();
 * const engine = createContextEngine({ playbook: { share: { pool, tenant: 'acme' } } });
 * ```
 */
export function createPlaybookPool(): PlaybookPool {
  const tenants = new Map<string, Map<string, SharedBullet>>();
  return {
    publish(tenant, bullet) {
      const entries = tenants.get(checkTenant(tenant)) ?? new Map<string, SharedBullet>();
      tenants.set(tenant, entries);
      const key = `${bullet.section}\u0000${bullet.content}`;
      entries.delete(key);
      entries.set(key, JSON.parse(JSON.stringify(bullet)) as SharedBullet);
      while (entries.size > PLAYBOOK_POOL_MAX_BULLETS) entries.delete(entries.keys().next().value!);
    },
    list(tenant) {
      return [...(tenants.get(checkTenant(tenant))?.values() ?? [])].map((bullet) => JSON.parse(JSON.stringify(bullet)) as SharedBullet);
    },
  };
}
