import { CairnError, type CairnMessage } from '../log/index.js';
import type { PlaybookReflector } from '../options/index.js';
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
 * @returns How many deltas were applied.
 * @throws CairnError `INVALID_MESSAGE` when the reflector returns something other than an array
 *   of deltas (nothing of that batch is applied).
 * @internal
 */
export async function reflectPlaybook(runtime: PlaybookRuntime, reflector: PlaybookReflector, messages: readonly CairnMessage[]): Promise<number> {
  const from = runtime.reflectedUpTo ?? 0;
  if (from >= messages.length) return 0;
  const deltas = await reflector({ messages: messages.slice(from), playbook: runtime.playbook.ranked() });
  if (!Array.isArray(deltas) || deltas.some((delta) => typeof delta !== 'object' || delta === null || !['add', 'count', 'merge', 'prune'].includes((delta as { op?: unknown }).op as string))) {
    throw new CairnError({ code: 'INVALID_MESSAGE', message: "The playbook reflector must return an array of delta operations ({ op: 'add' | 'count' | 'merge' | 'prune', … }); nothing was applied." });
  }
  runtime.reflectedUpTo = messages.length;
  let applied = 0;
  for (const delta of deltas) if (applyKnown(runtime, delta) !== undefined || delta.op === 'prune') applied++;
  return applied;
}
