import { CairnError, LruMap, openSession, type CairnSession, type ContextEngine, type ContextEngineOptions, type SessionBranch, type SessionStore } from '@cairn/core';
import { SessionEntry } from './session-entry.js';

/** Lines (a session id and its branches) a call tries before it opens a new branch. */
const MAX_LINES_TRIED = 8;

/** A branch id the middleware makes: `<session id>:b<N>`. */
const BRANCH_ID = /^(.+):(b[1-9][0-9]*)$/;

/** The branches of one session id, most recently used first, and the number of the next one. */
interface Line {
  ids: string[];
  next: number;
  /** Branch id → the id of the line it forked from (the session id or another branch), for the branches known. */
  parents: Map<string, string>;
  /** True once the store's branch tree of this session id was read whole (a branch id not in `parents` is not stored). */
  searched: boolean;
}

/** Where sessions come from. @internal */
export interface SessionResolverOptions {
  /** One engine for every call (the caller's). */
  engine?: ContextEngine;
  store: SessionStore;
  tenant?: string;
  checkpointEvery?: number;
  /** Sessions (branches included) held open at once; the least recently used is closed past it. */
  maxOpenSessions: number;
  engineOptions: Omit<ContextEngineOptions, 'sessionId'>;
  onBackgroundError: (error: unknown) => void;
}

/**
 * The one place the middleware gets engines from for calls that name a session: the caller's
 * engine, or a session per id opened through core's `openSession` (in the given store, in memory
 * by default). A session id may have branches (`<id>:b1`, `<id>:b2`, …), made when a caller edits
 * history: core branches (`session.branch('bN', { at })`) of the line the history diverged from,
 * forked where it diverged, so the shared messages are neither copied nor counted again (a store
 * without `saveBranch` / `loadBranches` keeps each as a session of its own, as before). At most `maxOpenSessions` sessions are held open: the least recently used one is
 * closed (its state saved; the store keeps its log) and reopened from the store when needed.
 *
 * @internal
 */
export class SessionResolver {
  private readonly entries: LruMap<string, Promise<SessionEntry>>;
  /** Branches per session id (forgotten ones are found again in the store). */
  private readonly lines: LruMap<string, Line>;
  /** Evicted sessions still saving, so a reopen reads what they wrote. */
  private readonly closing = new Map<string, Promise<void>>();
  /** Sessions a call in flight uses (never evicted under it), with how many calls use each. */
  private readonly pins = new Map<string, number>();
  /** Branches being made: branch id → the line it forks from and the fork point (log position). */
  private readonly making = new Map<string, { parentId: string; at: number }>();
  /** True when the store keeps core branches (`saveBranch` / `loadBranches`): a branch then shares its parent's log. */
  private readonly coreBranches: boolean;

  constructor(private readonly options: SessionResolverOptions) {
    this.entries = new LruMap(options.maxOpenSessions, {
      onEvict: (id, entry) => this.evict(id, entry),
      canEvict: (id) => !this.pins.has(id),
    });
    this.lines = new LruMap(options.maxOpenSessions);
    this.coreBranches = typeof options.store.saveBranch === 'function' && typeof options.store.loadBranches === 'function';
  }

  /** How many sessions are held open now (branches included). */
  get openSessions(): number {
    return this.entries.size;
  }

  /**
   * The entry for a stored session id (or the caller's engine).
   * @param pinned - The ids a call in flight uses: `id` is added and stays open until {@link release}.
   */
  get(id: string, pinned?: string[]): Promise<SessionEntry> {
    if (pinned) {
      pinned.push(id);
      this.pins.set(id, (this.pins.get(id) ?? 0) + 1);
    }
    let entry = this.entries.get(id);
    if (!entry) {
      const opening = this.open(id);
      entry = opening;
      this.entries.set(id, opening);
      opening.catch(() => this.entries.delete(id, opening));
    }
    return entry;
  }

  /** Ends a call's use of the sessions it pinned; sessions over the bound are then closed. */
  release(pinned: readonly string[]): void {
    for (const id of pinned) {
      const count = (this.pins.get(id) ?? 1) - 1;
      if (count > 0) this.pins.set(id, count);
      else this.pins.delete(id);
    }
    this.entries.trim();
  }

  private lineOf(id: string): Line {
    let line = this.lines.get(id);
    if (!line) {
      line = { ids: [id], next: 1, parents: new Map(), searched: false };
      this.lines.set(id, line);
    }
    return line;
  }

  /** The lines of a session id to try: the id and its branches, most recently used first (at most {@link MAX_LINES_TRIED}). */
  line(id: string): readonly string[] {
    return this.lineOf(id).ids;
  }

  /** Makes `branchId` the first line to try for `id`. */
  use(id: string, branchId: string): void {
    const { ids } = this.lineOf(id);
    const at = ids.indexOf(branchId);
    if (at >= 0) ids.splice(at, 1);
    ids.unshift(branchId);
    if (ids.length > MAX_LINES_TRIED) ids.length = MAX_LINES_TRIED;
  }

  /** The next branch id of `id` not handed out yet (it may exist in the store from an earlier process). */
  nextBranch(id: string): string {
    const line = this.lineOf(id);
    return `${id}:b${line.next++}`;
  }

  /**
   * The entry of branch `branchId` of `id` when the store holds it, else `undefined` (then
   * {@link makeBranch} makes it). A store without core branches keeps each branch as a session
   * of its own (`<id>:bN`), which always exists (empty when new).
   */
  async findBranch(id: string, branchId: string, pinned: string[]): Promise<SessionEntry | undefined> {
    if (!this.coreBranches || (await this.parentOf(id, branchId, pinned)) !== undefined) return this.get(branchId, pinned);
    return undefined;
  }

  /**
   * Makes branch `branchId` of `id` as a core branch of the line `from`, keeping its first `at`
   * AI SDK messages (shared with that line, not copied). When the fork point lies within what
   * `from` itself shares with its own parent, the branch forks from that parent instead (the
   * same messages), so a session edited again and again keeps a flat tree.
   */
  async makeBranch(id: string, branchId: string, from: SessionEntry, at: number, pinned: string[]): Promise<SessionEntry> {
    let parent = from;
    const position = from.logPositionOf(at);
    while (parent.handle.branch && position <= parent.handle.branch.handle.forkAt) parent = await this.get(parent.handle.branch.parentId, pinned);
    this.lineOf(id).parents.set(branchId, parent.id);
    this.making.set(branchId, { parentId: parent.id, at: position });
    return this.get(branchId, pinned);
  }

  /** The line branch `branchId` of `id` forked from, reading the store's branch tree once when it is not known. */
  private async parentOf(id: string, branchId: string, pinned?: string[]): Promise<string | undefined> {
    const line = this.lineOf(id);
    if (!line.parents.has(branchId) && !line.searched) {
      // Breadth first from the session: each branch's own branches are read from its session. It
      // stops once `branchId` is placed (never opening it: this may run while it is being opened).
      const queue = [id];
      const seen = new Set(queue);
      while (queue.length > 0 && !line.parents.has(branchId)) {
        const parentId = queue.shift()!;
        const session = (await this.get(parentId, pinned)).handle.session;
        for (const { name } of (await session?.listBranches()) ?? []) {
          const childId = `${id}:${name}`;
          if (!BRANCH_ID.test(childId) || seen.has(childId)) continue;
          seen.add(childId);
          if (!line.parents.has(childId)) line.parents.set(childId, parentId);
          queue.push(childId);
        }
      }
      if (queue.length === 0) line.searched = true;
    }
    return line.parents.get(branchId);
  }

  get usesCallerEngine(): boolean {
    return this.options.engine !== undefined;
  }

  /** Closes an evicted session once the calls queued on it are done. */
  private evict(id: string, opening: Promise<SessionEntry>): void {
    const closed = opening
      .then((entry) => entry.exclusive(async () => entry.handle.close?.()))
      .then(
        () => undefined,
        (error: unknown) => this.options.onBackgroundError(error),
      )
      .finally(() => {
        if (this.closing.get(id) === closed) this.closing.delete(id);
      });
    this.closing.set(id, closed);
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
    await this.closing.get(id);
    const match = this.coreBranches ? BRANCH_ID.exec(id) : null;
    if (match) {
      const making = this.making.get(id);
      this.making.delete(id);
      const parentId = making?.parentId ?? (await this.parentOf(match[1]!, id));
      if (parentId !== undefined) {
        const parent = (await this.get(parentId)).handle.session!;
        const branch = making ? await parent.branch(match[2]!, { at: making.at }).catch((error: unknown) => {
          // Another process made it first: open theirs (the caller checks whether it continues the history).
          if (CairnError.isInstance(error) && error.code === 'BRANCH_EXISTS') return parent.openBranch(match[2]!);
          throw error;
        }) : await parent.openBranch(match[2]!);
        return this.entryOf(id, branch.session, { parentId, handle: branch });
      }
      // Not a branch the store knows: a session of its own under that id (as branches were kept before core branches).
    }
    return this.entryOf(id, await openSession({ ...engineOptions, store, tenant, sessionId: id, checkpointEvery, onCheckpointError: onBackgroundError }));
  }

  private entryOf(id: string, session: CairnSession, branch?: { parentId: string; handle: SessionBranch }): SessionEntry {
    return new SessionEntry(id, {
      engine: session.engine,
      ingest: (messages) => session.ingest(messages),
      assemble: (options) => session.assemble(options),
      close: () => session.close(),
      session,
      ...(branch ? { branch } : {}),
    });
  }

  /** Closes every open session (each saves its state) and waits for evicted ones to finish saving. */
  async close(): Promise<void> {
    const entries = await Promise.allSettled([...this.entries.values()]);
    this.entries.clear();
    this.lines.clear();
    this.making.clear();
    for (const entry of entries) if (entry.status === 'fulfilled') await entry.value.exclusive(async () => entry.value.handle.close?.());
    await Promise.all([...this.closing.values()]);
  }
}
