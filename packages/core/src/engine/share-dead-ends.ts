import type { EngineState } from '../render/index.js';
import type { SharedDeadEnd } from '../dead-ends/index.js';

/**
 * Publishes the session's live long-term dead ends to its tenant's pool (when sharing is on).
 * A dead end learnt from a failed call is shared with that call's name and arguments, so other
 * sessions' guards match it by signature. @internal
 */
export function publishSharedDeadEnds(state: EngineState): void {
  const sharing = state.options.shareDeadEnds;
  if (!sharing) return;
  for (const deadEnd of state.deadEnds.list()) {
    if (deadEnd.status !== 'dead' || deadEnd.stale || state.preloadedDeadEnds.has(deadEnd.id)) continue;
    const resultId = deadEnd.sourceIds.find((id) => state.log.message(id)?.role === 'tool');
    const callId = resultId === undefined ? undefined : state.log.message(resultId)?.toolCallId;
    const shared: SharedDeadEnd = { approach: deadEnd.trace.approach, reason: deadEnd.reason, sessionId: state.options.sessionId };
    if (deadEnd.trace.toolName !== undefined && callId !== undefined) {
      shared.toolName = deadEnd.trace.toolName;
      shared.arguments = state.log.callArguments(callId);
    }
    sharing.pool.publish(sharing.tenant, shared);
  }
}

/**
 * Preloads the tenant's shared dead ends learnt by other sessions (the bootstrap phase), skipping
 * any this session already knows. They enter as long-term dead ends. @internal
 */
export function preloadSharedDeadEnds(state: EngineState): void {
  const sharing = state.options.shareDeadEnds;
  if (!sharing) return;
  const known = new Set(state.deadEnds.list().map((deadEnd) => `${deadEnd.trace.toolName ?? ''}\u0000${deadEnd.trace.approach}`));
  for (const shared of sharing.pool.list(sharing.tenant)) {
    if (shared.sessionId === state.options.sessionId || known.has(`${shared.toolName ?? ''}\u0000${shared.approach}`)) continue;
    const trace = shared.toolName === undefined ? { approach: shared.approach } : { toolName: shared.toolName, arguments: shared.arguments, approach: shared.approach };
    const deadEnd = state.deadEnds.register({ trace, reason: `${shared.reason} (learnt in another session)` });
    state.preloadedDeadEnds.add(deadEnd.id);
    known.add(`${deadEnd.trace.toolName ?? ''}\u0000${deadEnd.trace.approach}`);
  }
}
