import { CairnError, contentText, type CairnMessage } from '../log/index.js';
import type { ContextEngineOptions } from '../options/index.js';
import { checkCrystal, type Crystal } from '../sovereignty/index.js';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { CRYSTAL_METADATA_KEY } from './crystallize.js';

/** Options of {@link resumeFromCrystal}: engine options, plus the tenant the crystal must belong to. */
export interface ResumeFromCrystalOptions extends ContextEngineOptions {
  /** When given, a crystal of another tenant is refused (`CORRUPT_CRYSTAL`, foreign). */
  tenant?: string;
}

/**
 * The messages a crystal starts a session with: the leading system prompts, then one message that
 * carries the REQUIRED summaries (marked with the crystal's id), then the other PRESERVED
 * messages verbatim, in their order. @internal
 */
export function crystalMessages(crystal: Crystal): { messages: CairnMessage[]; preservedIds: string[]; summaryId: string | undefined } {
  const preserved = crystal.preserved.map((message) => ({ ...message }));
  let lead = 0;
  while (lead < preserved.length && preserved[lead]!.role === 'system') lead++;
  const summaryId = crystal.summaries.length > 0 ? `${crystal.id}:summary` : undefined;
  const summary: CairnMessage[] = summaryId
    ? [{
        id: summaryId,
        role: 'user',
        content: `[cairn:crystal id=${crystal.id}] Context carried over from an earlier session (summaries of what was still required):\n${crystal.summaries.map((entry) => `- ${entry.role} ${entry.unitId}: ${entry.text.replace(/\s+/g, ' ').trim()}`).join('\n')}`,
        metadata: { [CRYSTAL_METADATA_KEY]: crystal.id },
      }]
    : [];
  return { messages: [...preserved.slice(0, lead), ...summary, ...preserved.slice(lead)], preservedIds: preserved.map((message) => message.id), summaryId };
}

/**
 * Starts a new engine from a crystal: its PRESERVED messages verbatim (tagged PRESERVED again) and
 * its REQUIRED summaries as one message (tagged REQUIRED). The task state and working memory stay
 * on the crystal for the host to read. A later `crystallize` names this crystal as its parent.
 *
 * @param crystal - What `engine.crystallize()` returned (or a store handed back).
 * @param options - Engine options; `sessionId` defaults to the crystal's session; `tenant` guards against foreign crystals.
 * @throws CairnError `CORRUPT_CRYSTAL` (not a crystal, changed or damaged, of another tenant, or holding messages the engine rejects)
 *
 * @example
 * ```ts
 * const crystal = engine.crystallize({ taskState: { step: 3 } });
 * const resumed = resumeFromCrystal(JSON.parse(JSON.stringify(crystal)));
 * ```
 */
export function resumeFromCrystal(crystal: unknown, options: ResumeFromCrystalOptions = {}): ContextEngine {
  const { tenant, ...engineOptions } = options;
  const checked = checkCrystal(crystal, tenant === undefined ? undefined : { tenant });
  const engine = createContextEngine({ ...engineOptions, sessionId: engineOptions.sessionId ?? checked.scope.sessionId });
  const { messages, preservedIds, summaryId } = crystalMessages(checked);
  try {
    engine.ingest(messages);
  } catch (error) {
    throw new CairnError({
      code: 'CORRUPT_CRYSTAL',
      message: `Crystal ${checked.id} holds messages the engine rejects (${(error as Error).message}).`,
      details: { id: checked.id },
      cause: error,
    });
  }
  const reason = `restored from ${checked.id}`;
  if (summaryId && engine.resourceClass(summaryId) === 'droppable') engine.tag([summaryId], 'required', reason);
  if (preservedIds.length > 0) engine.promote(preservedIds, 'preserved', reason);
  return engine;
}

/** A copy of a crystal, cherished (pinned): the reaper never removes it. */
export function cherishCrystal(crystal: Crystal): Crystal {
  const checked = checkCrystal(crystal);
  return { ...checked, pinned: true };
}

/** The text of a crystal's summary message (for hosts that show it). */
export function crystalSummaryText(crystal: Crystal): string {
  const { messages, summaryId } = crystalMessages(checkCrystal(crystal));
  const summary = messages.find((message) => message.id === summaryId);
  return summary ? contentText(summary.content) : '';
}
