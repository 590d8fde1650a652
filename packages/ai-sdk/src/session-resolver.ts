import { openSession, type ContextEngine, type ContextEngineOptions, type SessionStore } from '@cairn/core';
import { SessionEntry } from './session-entry.js';

/** Where sessions come from. @internal */
export interface SessionResolverOptions {
  /** One engine for every call (the caller's). */
  engine?: ContextEngine;
  store?: SessionStore;
  tenant?: string;
  checkpointEvery?: number;
  engineOptions: Omit<ContextEngineOptions, 'sessionId'>;
  onBackgroundError?: (error: unknown) => void;
}

/**
 * The one place the middleware gets engines from: the caller's engine, or a session per id
 * opened through core's `openSession` (in the given store, in memory by default). A session id
 * may have branches (`<id>:b1`, `<id>:b2`, …), made when a caller edits history.
 *
 * @internal
 */
export class SessionResolver {
  private readonly entries = new Map<string, Promise<SessionEntry>>();
  /** Branches per session id, most recently used first. */
  private readonly lines = new Map<string, string[]>();

  constructor(private readonly options: SessionResolverOptions) {}

  /** The entry for a stored session id (or the caller's engine). */
  get(id: string): Promise<SessionEntry> {
    let entry = this.entries.get(id);
    if (!entry) {
      entry = this.open(id);
      this.entries.set(id, entry);
      entry.catch(() => this.entries.delete(id));
    }
    return entry;
  }

  /** Every line of a session id: the id and its branches, most recently used first. */
  line(id: string): string[] {
    let line = this.lines.get(id);
    if (!line) {
      line = [id];
      this.lines.set(id, line);
    }
    return line;
  }

  /** Makes `branchId` the first line to try for `id`. */
  use(id: string, branchId: string): void {
    const line = this.line(id);
    const at = line.indexOf(branchId);
    if (at >= 0) line.splice(at, 1);
    line.unshift(branchId);
  }

  /** The next unused branch id of `id`. */
  nextBranch(id: string): string {
    const line = this.line(id);
    return `${id}:b${line.length}`;
  }

  get usesCallerEngine(): boolean {
    return this.options.engine !== undefined;
  }

  private async open(id: string): Promise<SessionEntry> {
    const { engine, store, tenant, checkpointEvery, engineOptions, onBackgroundError } = this.options;
    if (engine) {
      return new SessionEntry(id, {
        engine,
        ingest: async (messages) => engine.ingest(messages),
        assemble: (options) => engine.assemble(options),
      });
    }
    const session = await openSession({ ...engineOptions, store, tenant, sessionId: id, checkpointEvery, onCheckpointError: onBackgroundError });
    return new SessionEntry(id, {
      engine: session.engine,
      ingest: (messages) => session.ingest(messages),
      assemble: (options) => session.assemble(options),
      close: () => session.close(),
    });
  }

  /** Closes every stored session (each saves its state). */
  async close(): Promise<void> {
    const entries = await Promise.allSettled([...this.entries.values()]);
    this.entries.clear();
    for (const entry of entries) if (entry.status === 'fulfilled') await entry.value.handle.close?.();
  }
}
