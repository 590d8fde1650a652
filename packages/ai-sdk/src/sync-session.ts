import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { CairnError, fingerprint, planSync, type CairnMessage } from '@cairn/core';
import type { HistoryMismatchMode } from './cairn-middleware-options.js';
import { promptMessageToCairn } from './prompt-message-to-cairn.js';
import { replayRegisteredDeadEnds } from './replay-registered-dead-ends.js';
import type { SessionEntry } from './session-entry.js';
import type { SessionResolver } from './session-resolver.js';

/**
 * Ingests the messages of `history` from `from` on, in one batch (a rejected batch changes
 * nothing), and registers the dead ends they recorded in the history only.
 *
 * @internal
 */
export async function ingestFrom(entry: SessionEntry, history: LanguageModelV4Prompt, fps: readonly string[], from: number): Promise<void> {
  const messages: CairnMessage[] = [];
  for (let index = from; index < history.length; index++) messages.push(...promptMessageToCairn(history[index]!, entry.known.length + index - from, fps[index]!));
  if (messages.length === 0) return;
  await entry.handle.ingest(messages);
  for (let index = from; index < history.length; index++) entry.remember(fps[index]!);
  replayRegisteredDeadEnds(entry.handle.engine, history, from);
}

/**
 * Brings the session named `sessionId` up to date with a prompt's history and returns the entry
 * whose engine now holds it: new messages are ingested; re-sent ones are recognised by
 * fingerprint (`fps`: the history's fingerprints, when the caller has them). A history that does
 * not continue the session is handled by `mode`.
 *
 * @internal
 */
export async function syncSession(
  resolver: SessionResolver,
  sessionId: string,
  history: LanguageModelV4Prompt,
  mode: HistoryMismatchMode,
  pinned: string[],
  fps: readonly string[] = history.map((message) => fingerprint(message)),
): Promise<SessionEntry> {
  const line = resolver.line(sessionId);
  /** The line sharing the longest start with the history (the most recently used first): where a new branch forks. */
  let closest: { entry: SessionEntry; at: number } | undefined;
  for (const id of [...line]) {
    const entry = await resolver.get(id, pinned);
    const plan = planSync(entry.known, fps, { positions: entry.synced.positions });
    if (plan.kind === 'diverged' && (closest === undefined || plan.at > closest.at)) closest = { entry, at: plan.at };
    if (plan.kind !== 'diverged' && isOpen(entry)) {
      await ingestFrom(entry, history, fps, plan.from);
      resolver.use(sessionId, id);
      return entry;
    }
    if (mode !== 'branch' || resolver.usesCallerEngine) break;
  }
  const current = await resolver.get(line[0]!, pinned);
  if (mode === 'throw') {
    throw new CairnError({
      code: 'INVALID_MESSAGE',
      message: `The prompt's history does not continue session "${current.id}": a message it holds was edited or removed. Send the whole history, or set onHistoryMismatch to 'branch' or 'append'.`,
      details: { sessionId: current.id, known: current.known.length, history: history.length },
    });
  }
  if (mode === 'append' || resolver.usesCallerEngine) {
    const held = new Set(current.known);
    const fresh = history.filter((_message, index) => !held.has(fps[index]!));
    const freshFps = fps.filter((fp) => !held.has(fp));
    await ingestFrom(current, fresh, freshFps, 0);
    return current;
  }
  // A branch that continues the history (a stored one from an earlier process), or a new one
  // forked from the closest line where the history left it (only the rest is ingested).
  for (;;) {
    const branchId = resolver.nextBranch(sessionId);
    const branch = (await resolver.findBranch(sessionId, branchId, pinned)) ?? (await resolver.makeBranch(sessionId, branchId, closest?.entry ?? current, closest?.at ?? 0, pinned));
    resolver.use(sessionId, branchId);
    const plan = planSync(branch.known, fps, { positions: branch.synced.positions });
    if (plan.kind !== 'diverged' && isOpen(branch)) {
      await ingestFrom(branch, history, fps, plan.from);
      return branch;
    }
    if (plan.kind === 'diverged' && closest !== undefined && plan.at > closest.at) closest = { entry: branch, at: plan.at };
  }
}

/** False for a branch merged or discarded outside the middleware (it takes no more messages). */
function isOpen(entry: SessionEntry): boolean {
  return entry.handle.branch === undefined || entry.handle.branch.handle.status === 'open';
}
