import type { PlaybookBullet } from './playbook-types.js';

/**
 * The playbook's order: net utility (helpful − harmful) first, then helpful, then the latest
 * change, then the id. Pruning removes from the end. @internal
 */
export function byUtility(a: PlaybookBullet, b: PlaybookBullet): number {
  return b.helpful - b.harmful - (a.helpful - a.harmful) || b.helpful - a.helpful || b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
