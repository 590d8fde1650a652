import { CairnError, type CairnMessage } from '../log/index.js';
import { observeForPlaybook, playbookRuntimeFromJSON, preloadPlaybook } from '../playbook/index.js';
import type { EngineState } from '../render/index.js';

/**
 * Restores the playbook of a restored engine: from the snapshot's `playbook` when it has one,
 * else (a snapshot from before the playbook) learnt again from the log.
 * @throws CairnError `INVALID_SNAPSHOT` when the snapshot's playbook is malformed. @internal
 */
export function restorePlaybook(state: EngineState, json: unknown, messages: readonly CairnMessage[]): void {
  if (!state.playbook) return;
  const { options } = state;
  if (json === undefined) {
    for (const message of messages) observeForPlaybook(state.playbook, message);
  } else {
    try {
      state.playbook = playbookRuntimeFromJSON(json, options.playbook, options.now, (text) => options.tokenCounter.count(text));
    } catch (error) {
      throw new CairnError({ code: 'INVALID_SNAPSHOT', message: `Invalid snapshot: snapshot.playbook is not a playbook (${(error as Error).message}). Pass an object made by engine.snapshot() (and JSON round-tripped at most).`, details: { path: 'snapshot.playbook' }, cause: error });
    }
  }
  // Bootstrap: the tenant's shared bullets learnt since (known ones are skipped).
  if (options.playbook.share) preloadPlaybook(state.playbook, options.playbook.share, options.sessionId);
}
