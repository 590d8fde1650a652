import { CairnError, type CairnMessage } from '../log/index.js';
import type { PlaybookReflector } from '../options/index.js';
import { isPlaybookDelta } from './check-playbook-delta.js';
import { applyKnown, type PlaybookRuntime } from './playbook-runtime.js';

/**
 * Runs the injected reflector on the messages logged since its last run and applies the delta
 * operations it returns (add, count, merge, prune; counts and merges of bullets pruned meanwhile
 * are skipped). Each stretch of the log is reflected on once: a second call with no new messages
 * does nothing (the cache). Never called while assembling.
 *
 * @param runtime - The engine's playbook.
 * @param reflector - The model.
 * @param messages - The whole log, in order.
 * @param minMessages - Runs only when at least this many messages were logged since the last
 *   run (a batch per model call); fewer: returns 0 and reflects on them with a later batch.
 * @returns How many deltas were applied.
 * @throws CairnError `INVALID_MESSAGE` when the reflector returns something other than an array
 *   of well-formed deltas (`isPlaybookDelta`; nothing of that batch is applied).
 * @internal
 */
export async function reflectPlaybook(runtime: PlaybookRuntime, reflector: PlaybookReflector, messages: readonly CairnMessage[], minMessages = 1): Promise<number> {
  const from = runtime.reflectedUpTo ?? 0;
  if (messages.length - from < Math.max(1, minMessages)) return 0;
  const deltas = await reflector({ messages: messages.slice(from), playbook: runtime.playbook.ranked() });
  if (!Array.isArray(deltas) || !deltas.every(isPlaybookDelta)) {
    throw new CairnError({ code: 'INVALID_MESSAGE', message: "The playbook reflector must return an array of delta operations ({ op: 'add' | 'count' | 'merge' | 'prune', … }); nothing was applied." });
  }
  runtime.reflectedUpTo = messages.length;
  let applied = 0;
  for (const delta of deltas) if (applyKnown(runtime, delta) !== undefined || delta.op === 'prune') applied++;
  return applied;
}
