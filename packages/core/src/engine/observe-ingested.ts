import { FailureReadings } from '../dead-ends/index.js';
import type { CairnMessage, SessionLog } from '../log/index.js';
import { observeForPlaybook } from '../playbook/index.js';
import type { EngineState } from '../render/index.js';
import { playbookExperienceContext } from './playbook-experience-context.js';

// The loops of `ingest` over its batch, each in a function of its own: a long loop (a whole log
// ingested at once) in `ingest` itself would be compiled on the stack and leave code that V8 throws
// away on the next turn for want of type feedback after the loop.

/** The dead-end tracker, then the playbook (when on), learn from each ingested message; each tool result's failure is read once for both. @internal */
export function observeIngested(state: EngineState, messages: readonly CairnMessage[]): void {
  const readings = new FailureReadings();
  observeDeadEnds(state, messages, readings);
  const experience = state.playbook && playbookExperienceContext(state);
  if (experience) observePlaybook(state.playbook!, messages, experience, readings);
}

function observeDeadEnds(state: EngineState, messages: readonly CairnMessage[], readings: FailureReadings): void {
  for (const message of messages) state.deadEnds.observe(message, readings);
}

function observePlaybook(playbook: NonNullable<EngineState['playbook']>, messages: readonly CairnMessage[], experience: Parameters<typeof observeForPlaybook>[2], readings: FailureReadings): void {
  for (const message of messages) observeForPlaybook(playbook, message, experience, readings);
}

/** Ids of the messages logged from `position` on that answer no call (orphan results). @internal */
export function orphanResultsSince(log: SessionLog, position: number): string[] {
  const orphanResults: string[] = [];
  for (let at = position; at < log.entries.length; at++) {
    const entry = log.entries[at]!;
    if (log.units[entry.unit]!.kind === 'orphan-result') orphanResults.push(entry.message.id);
  }
  return orphanResults;
}
