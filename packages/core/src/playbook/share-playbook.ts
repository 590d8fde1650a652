import type { PlaybookPool } from './playbook-pool.js';
import type { PlaybookRuntime } from './playbook-runtime.js';

/** Sections shared with other sessions: what worked (skills too), never a user's own rules. */
const SHARED_SECTIONS = new Set(['strategies', 'tools', 'skills']);
/** What marks a preloaded bullet's text. */
const ELSEWHERE = ' (learnt in another session)';

/**
 * Publishes the session's own bullets that held up (net utility ≥ 0) in shared sections to the
 * tenant's pool. @internal
 */
export function publishPlaybook(runtime: PlaybookRuntime, share: { pool: PlaybookPool; tenant: string }, sessionId: string): void {
  for (const bullet of runtime.playbook.bullets()) {
    if (!SHARED_SECTIONS.has(bullet.section) || bullet.helpful < bullet.harmful || bullet.content.endsWith(ELSEWHERE)) continue;
    share.pool.publish(share.tenant, { section: bullet.section, content: bullet.content, helpful: bullet.helpful, harmful: bullet.harmful, sessionId });
  }
}

/**
 * Preloads the tenant's bullets learnt in other sessions (bootstrap), marked as such, with no
 * provenance in this session and fresh counters. @internal
 */
export function preloadPlaybook(runtime: PlaybookRuntime, share: { pool: PlaybookPool; tenant: string }, sessionId: string): void {
  const known = new Set(runtime.playbook.bullets().map((bullet) => bullet.content));
  for (const shared of share.pool.list(share.tenant)) {
    if (shared.sessionId === sessionId || !SHARED_SECTIONS.has(shared.section) || shared.helpful < shared.harmful) continue;
    const content = `${shared.content}${ELSEWHERE}`;
    if (known.has(content)) continue;
    runtime.playbook.apply({ op: 'add', section: shared.section, content, sourceIds: [] });
    known.add(content);
  }
}
