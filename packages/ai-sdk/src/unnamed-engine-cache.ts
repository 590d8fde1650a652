import { isPrefix, type ContextEngine } from '@cairn/core';
import type { SessionEntry } from './session-entry.js';

/**
 * What an engine holds that could show in a view or steer the guard: how many messages, the last
 * one's id, and every dead end (id, status, counts, reason). Anything that changes it after the
 * middleware's own ingest (a dead end registered from outside the prompt, a message ingested by
 * someone else) makes the engine unfit for reuse.
 */
function stateSignature(engine: ContextEngine): string {
  const messages = engine.getMessages();
  const deadEnds = engine
    .listDeadEnds()
    .map((deadEnd) => JSON.stringify([deadEnd.id, deadEnd.sessionId, deadEnd.status, deadEnd.stale === true, deadEnd.frequency, deadEnd.firstSeen, deadEnd.lastSeen, deadEnd.reason, deadEnd.previousReason ?? null, deadEnd.sourceIds]))
    .sort();
  return JSON.stringify([messages.length, messages[messages.length - 1]?.id ?? null, deadEnds]);
}

/**
 * A small, bounded pool of the engines built for calls that name no session, so that the next
 * step of a tool loop (the same history plus new messages) ingests only what is new instead of
 * the whole prompt again.
 *
 * Safety: an engine is handed out only to a call whose prompt history starts with exactly the
 * messages it holds (same fingerprints, same order), and only while its state is what the
 * middleware's own ingest of those messages left (see {@link seal}); the caller then ingests the
 * rest, so the engine holds exactly that call's history. An engine is taken out of the pool while
 * a call uses it (never shared by two calls at once) and comes back, through {@link put}, only
 * once the call is done with it. An engine whose state changed in between is dropped.
 *
 * Bounded: at most `maxEngines` engines and `maxMessages` prompt messages in all; the least
 * recently put is dropped first; an engine holding more than `maxMessages` is never kept.
 *
 * @internal
 */
export class UnnamedEngineCache {
  /** Pooled entries, least recently put first. */
  private readonly pool = new Set<SessionEntry>();
  /** The state each entry had when the middleware last finished ingesting into it. */
  private readonly sealed = new WeakMap<SessionEntry, string>();
  private held = 0;

  constructor(
    private readonly maxEngines: number,
    private readonly maxMessages: number,
  ) {}

  /** Engines pooled now. */
  get engines(): number {
    return this.pool.size;
  }

  /** Prompt messages the pooled engines hold, in all. */
  get messages(): number {
    return this.held;
  }

  /** Whether engines are pooled at all (`maxEngines` > 0). */
  get enabled(): boolean {
    return this.maxEngines > 0 && this.maxMessages > 0;
  }

  /**
   * Takes out of the pool the engine holding the longest exact prefix of `fps` (the fingerprints
   * of a prompt's history), or returns `undefined`. The engine leaves the pool: no other call
   * gets it until it is {@link put} back.
   */
  take(fps: readonly string[]): SessionEntry | undefined {
    let best: SessionEntry | undefined;
    for (const entry of this.pool) {
      if (entry.known.length === 0 || (best && entry.known.length <= best.known.length)) continue;
      if (isPrefix(entry.known, fps)) best = entry;
    }
    if (!best) return undefined;
    this.remove(best);
    // Nothing outside the middleware holds a pooled engine; checked again all the same.
    return this.sealed.get(best) === stateSignature(best.handle.engine) ? best : undefined;
  }

  /** Records the state of `entry` now, once the middleware has ingested a prompt's history into it. */
  seal(entry: SessionEntry): void {
    if (this.enabled) this.sealed.set(entry, stateSignature(entry.handle.engine));
  }

  /**
   * Puts back an engine a call is done with (the guard included). It is kept only when its state
   * is still what {@link seal} recorded; then the least recently put engines are dropped while the
   * pool is over its bounds.
   */
  put(entry: SessionEntry): void {
    const sealed = this.sealed.get(entry);
    this.sealed.delete(entry);
    if (!this.enabled || sealed === undefined || this.pool.has(entry)) return;
    if (entry.known.length === 0 || entry.known.length > this.maxMessages) return;
    if (sealed !== stateSignature(entry.handle.engine)) return;
    this.sealed.set(entry, sealed);
    this.pool.add(entry);
    this.held += entry.known.length;
    for (const oldest of this.pool) {
      if (this.pool.size <= this.maxEngines && this.held <= this.maxMessages) break;
      this.remove(oldest);
    }
  }

  /** Drops every pooled engine. */
  clear(): void {
    for (const entry of [...this.pool]) this.remove(entry);
  }

  private remove(entry: SessionEntry): void {
    if (!this.pool.delete(entry)) return;
    this.held -= entry.known.length;
  }
}
