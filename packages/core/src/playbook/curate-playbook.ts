import { callSignature, describeCall, detectCorrection, detectFailure, type FailureReadings } from '../dead-ends/index.js';
import { contentText, type CairnMessage } from '../log/index.js';
import type { PlaybookBullet, PlaybookDelta } from './playbook-types.js';
import { recoverySkill } from './recovery-skill.js';
import { DEFAULT_PLAYBOOK_SKILL_AFTER } from '../options/index.js';

/** Recoveries whose count the curator keeps (the oldest are forgotten first). */
const MAX_RECOVERIES = 500;

/** A standing rule for the agent: an imperative that starts the sentence and names an action. */
const RULE = /^\s*(?:please\s+)?(never|always|don'?t|do not|make sure (?:to|you)|only)\s+(?:ever\s+)?(use|run|call|book|cancel|charge|deploy|delete|remove|push|commit|touch|edit|change|modify|install|upgrade|send|email|refund|pay|migrate|restart|merge|rebase|force|overwrite|drop|create|ask|confirm|check|test|write|read|open|share|mention|reveal|include|add)\b/i;
/** Longest sentence kept as a rule (longer ones are quoted requests, not rules; never cut). */
const MAX_RULE_CHARS = 300;
/** Longest call description a recovery bullet quotes (longer calls are not turned into one). */
const MAX_CALL_CHARS = 160;

/** What the curator remembers between messages (JSON-safe). @internal */
export interface CuratorState {
  /** Calls awaiting their result: id → tool, exact signature, description. */
  pending: Record<string, { name: string; signature: string; description: string }>;
  /** The latest unrecovered failure per tool. */
  failed: Record<string, { signature: string; description: string; reason: string; sourceId: string }>;
  /** Whether the session has seen a tool call (an agent session: rules are for the agent). */
  agent: boolean;
  /** The assistant turn just before, in words (what a user correction would reject). */
  lastApproach: string;
  /**
   * How many times each recovery (tool, failed call, call that worked) was seen, and its sources
   * (absent in snapshots from before skills: counting starts again).
   */
  recoveries?: Record<string, { count: number; sourceIds: string[] }>;
}

/** A fresh curator state. @internal */
export function emptyCuratorState(): CuratorState {
  // Keyed by tool-call ids and tool names, which the model chooses: no prototype, so `constructor`
  // or `__proto__` are plain keys.
  return { pending: Object.create(null) as CuratorState['pending'], failed: Object.create(null) as CuratorState['failed'], agent: false, lastApproach: '' };
}

/**
 * The deterministic curator (no LLM): reads the next message of the log and returns the
 * playbook's delta operations it implies, and the counts of bullets that were in view.
 * - A failed call, then a successful call of the same tool with other arguments: a recovery,
 *   `strategies` bullet "`tool`: use `X`, not `Y` (which failed: reason)". Transient faults teach
 *   nothing (their retry is the same call).
 * - The same recovery seen `skillAfter` times (3 by default) or more: a `skills` bullet with its
 *   steps and the skill in the seed's schema.
 * - A user sentence that sets a standing rule for the agent ("Never run migrations on prod",
 *   "Always confirm before charging") in an agent session (one with tool calls): a `constraints` bullet.
 *   Plain conversations get no rules ("I never eat meat" is no instruction).
 * - A tool result for a call a bullet in view spoke about: `count` — helpful when it went as the
 *   bullet says (a `use` call succeeded, an `avoid` call failed), harmful otherwise.
 * Dead ends are the registry's: the view shows them as the "mistakes to avoid".
 *
 * @param state - The curator's state (changed in place).
 * @param message - The next message of the log.
 * @param inView - Bullets in the latest view (for counting).
 * @param skillAfter - Recoveries seen this many times become skills.
 * @param readings - The failures the engine already read from this batch (the same result without).
 * @returns The deltas, in order.
 */
export function curatePlaybook(state: CuratorState, message: CairnMessage, inView: readonly PlaybookBullet[] = [], skillAfter = DEFAULT_PLAYBOOK_SKILL_AFTER, readings?: FailureReadings): PlaybookDelta[] {
  const deltas: PlaybookDelta[] = [];
  if (message.role === 'assistant') {
    const calls = message.toolCalls ?? [];
    if (calls.length > 0) state.agent = true;
    for (const call of calls) state.pending[call.id] = { name: call.name, signature: callSignature(call.name, call.arguments).exact, description: describeCall(call.name, call.arguments).replace(/\s+/g, ' ').trim() };
    state.lastApproach = [contentText(message.content).trim(), ...calls.map((call) => describeCall(call.name, call.arguments))].filter(Boolean).join('\n');
    return deltas;
  }
  if (message.role === 'tool') {
    const call = message.toolCallId === undefined ? undefined : state.pending[message.toolCallId];
    if (!call) return deltas;
    delete state.pending[message.toolCallId!];
    const failure = readings ? readings.read(message, true) : detectFailure(message);
    const failed = failure !== undefined;
    for (const bullet of inView) {
      if (bullet.trace?.use?.includes(call.signature)) deltas.push(failed ? { op: 'count', id: bullet.id, harmful: 1 } : { op: 'count', id: bullet.id, helpful: 1 });
      else if (bullet.trace?.avoid?.includes(call.signature)) deltas.push(failed ? { op: 'count', id: bullet.id, helpful: 1 } : { op: 'count', id: bullet.id, harmful: 1 });
    }
    if (failure) {
      if (!failure.transient) state.failed[call.name] = { signature: call.signature, description: call.description, reason: failure.reason, sourceId: message.id };
      return deltas;
    }
    const before = state.failed[call.name];
    if (before && before.signature !== call.signature && before.description.length <= MAX_CALL_CHARS && call.description.length <= MAX_CALL_CHARS) {
      deltas.push({
        op: 'add',
        section: 'strategies',
        content: `${call.name}: use \`${call.description}\`, not \`${before.description}\` (that failed: ${before.reason}).`,
        sourceIds: [before.sourceId, message.id],
        trace: { toolName: call.name, use: [call.signature], avoid: [before.signature] },
      });
      const seen = countRecovery(state, `${call.name}\u0000${before.signature}\u0000${call.signature}`, [before.sourceId, message.id]);
      if (seen.count >= skillAfter) deltas.push(recoverySkill(call.name, before, call, seen.count, seen.sourceIds));
    }
    delete state.failed[call.name];
    return deltas;
  }
  if (message.role === 'user') {
    const text = contentText(message.content);
    const correction = detectCorrection(text, state.lastApproach);
    state.lastApproach = '';
    if (!state.agent) return deltas;
    for (const sentence of text.split(/\n|(?<=[.!?])\s+/)) {
      const trimmed = sentence.trim();
      if (trimmed === correction?.trim() || trimmed.length > MAX_RULE_CHARS || !RULE.test(trimmed)) continue;
      deltas.push({ op: 'add', section: 'constraints', content: trimmed, sourceIds: [message.id] });
    }
  }
  return deltas;
}

/** Counts one more sighting of a recovery (bounded: the oldest recoveries are forgotten first). */
function countRecovery(state: CuratorState, key: string, sourceIds: readonly string[]): { count: number; sourceIds: string[] } {
  const recoveries = (state.recoveries ??= Object.create(null) as NonNullable<CuratorState['recoveries']>);
  const seen = recoveries[key] ?? { count: 0, sourceIds: [] };
  delete recoveries[key];
  seen.count++;
  seen.sourceIds = [...new Set([...seen.sourceIds, ...sourceIds])].slice(-16);
  recoveries[key] = seen;
  const keys = Object.keys(recoveries);
  for (let index = 0; index < keys.length - MAX_RECOVERIES; index++) delete recoveries[keys[index]!];
  return seen;
}
