import type { SessionKey } from './session-store.js';

/** Which sessions were used last, bounded: what the in-memory store forgets first. @internal */
export interface SessionRecency {
  /** Marks a session as just used; past the bound, forgets the least recently used other one. */
  touch(key: SessionKey): void;
  /** Stops tracking a session (it was deleted). */
  forget(key: SessionKey): void;
}

const scope = (key: SessionKey): string => `${key.tenant}\u0000${key.sessionId}`;

/**
 * Tracks sessions in order of last use (a `Map`'s insertion order, re-inserted on each use) and
 * hands the least recently used to `evict` once more than `max` are tracked. The session just
 * touched is never the one evicted. @internal
 */
export function createSessionRecency(max: number, evict: (key: SessionKey) => void): SessionRecency {
  const order = new Map<string, SessionKey>();
  return {
    touch(key) {
      const id = scope(key);
      order.delete(id);
      order.set(id, { tenant: key.tenant, sessionId: key.sessionId });
      while (order.size > max) {
        const [oldest, oldestKey] = order.entries().next().value as [string, SessionKey];
        order.delete(oldest);
        evict(oldestKey);
      }
    },
    forget(key) {
      order.delete(scope(key));
    },
  };
}
