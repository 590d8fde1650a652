import { CairnError } from '../log/index.js';
import { crystalMessages } from '../engine/index.js';
import type { CairnSession } from './cairn-session.js';
import { DEFAULT_TENANT, openSession, type OpenSessionOptions } from './open-session.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { loadCrystal } from './session-crystals.js';

/** Options of {@link resumeSession}: where the new session lives, and the crystal it starts from. */
export interface ResumeSessionOptions extends OpenSessionOptions {
  /** The crystal: its id and the session it is stored under (default: `sessionId`, the same session id). */
  crystal: { readonly id: string; readonly sessionId?: string };
}

/**
 * Starts a session from a stored crystal: the crystal is loaded (and checked) from its session in
 * the same tenant, and a new, empty session begins with its PRESERVED messages verbatim and its
 * REQUIRED summaries, tagged again, saved at once. The crystal itself stays where it was.
 *
 * @returns The new session and the crystal (whose `taskState` and `workingMemory` the host reads).
 * @throws CairnError `UNKNOWN_CRYSTAL` (never stored, or reaped), `CORRUPT_CRYSTAL` (damaged, or
 *   another tenant's or session's), `INVALID_OPTIONS` (a target session that already has messages,
 *   or a store without crystals); nothing stored changes on any of them
 *
 * @example
 * ```ts
 * const { session, crystal } = await resumeSession({ store, tenant: 'acme', sessionId: 'chat-2', crystal: { sessionId: 'chat-1', id } });
 * ```
 */
export async function resumeSession(options: ResumeSessionOptions): Promise<{ session: CairnSession; crystal: import('../sovereignty/index.js').Crystal }> {
  if (typeof options !== 'object' || options === null || typeof options.crystal !== 'object' || options.crystal === null) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'resumeSession needs { sessionId, crystal: { id, sessionId? }, store?, tenant? }.' });
  }
  const { crystal: which, ...sessionOptions } = options;
  const store = sessionOptions.store ?? createInMemorySessionStore();
  const tenant = sessionOptions.tenant ?? DEFAULT_TENANT;
  const crystal = await loadCrystal(store, { tenant, sessionId: which.sessionId ?? sessionOptions.sessionId }, which.id);
  const session = await openSession({ ...sessionOptions, store, tenant });
  if (session.engine.getMessages().length > 0) {
    await session.close();
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `resumeSession: session "${tenant}/${sessionOptions.sessionId}" already has messages; resume a crystal into a new session.`, details: { sessionId: sessionOptions.sessionId } });
  }
  const { messages, preservedIds, summaryId } = crystalMessages(crystal);
  await session.ingest(messages);
  const reason = `restored from ${crystal.id}`;
  if (summaryId && session.engine.resourceClass(summaryId) === 'droppable') session.engine.tag([summaryId], 'required', reason);
  if (preservedIds.length > 0) session.engine.promote(preservedIds, 'preserved', reason);
  await session.checkpoint();
  return { session, crystal };
}
