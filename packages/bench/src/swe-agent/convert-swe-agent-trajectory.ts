import { CairnError } from '@cairn/core';
import { labelToolFailure, type ToolFailureLabel } from './label-tool-failure.js';
import type { NeutralMessageRecord, SweAgentHistoryEntry } from './swe-agent-types.js';

/** Options of {@link convertSweAgentTrajectory}. */
export interface ConvertSweAgentTrajectoryOptions {
  /** The run's id (e.g. the SWE-bench instance `django__django-11179`): message ids are `<runId>-mNNN`, call ids `<runId>-tcNNN`. */
  runId: string;
  /** Labels each command output. @default labelToolFailure */
  labelFailure?: (content: string) => ToolFailureLabel;
}

/** A converted trajectory. */
export interface SweAgentConversion {
  /** The session in the neutral JSONL format, in order. */
  messages: NeutralMessageRecord[];
  /** Demonstration entries left out (`is_demo`). */
  droppedDemoMessages: number;
  /** Their characters. */
  droppedDemoChars: number;
}

const ROLES = new Set(['system', 'user', 'assistant']);

function invalid(runId: string, message: string, details: Record<string, unknown> = {}): never {
  throw new CairnError({ code: 'INVALID_MESSAGE', message: `Invalid SWE-agent trajectory ${JSON.stringify(runId)}: ${message}`, details: { runId, ...details } });
}

/** Checks one `history` entry's shape. */
function readEntry(value: unknown, index: number, runId: string): SweAgentHistoryEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(runId, `history[${index}] is not an object; each entry needs a role and a string content.`, { index });
  const entry = value as Record<string, unknown>;
  if (typeof entry.role !== 'string' || !ROLES.has(entry.role)) invalid(runId, `history[${index}] has role ${JSON.stringify(entry.role)}; expected "system", "user" or "assistant".`, { index });
  if (typeof entry.content !== 'string') invalid(runId, `history[${index}] has no string content.`, { index });
  if (entry.agent !== undefined && typeof entry.agent !== 'string') invalid(runId, `history[${index}] has a non-string agent.`, { index });
  if (entry.action !== undefined && entry.action !== null && typeof entry.action !== 'string') invalid(runId, `history[${index}] has a non-string action.`, { index });
  return entry as unknown as SweAgentHistoryEntry;
}

/**
 * Converts one parsed SWE-agent `.traj` file (SWE-agent, or CodeR's multi-agent runs) into the
 * neutral JSONL format, the way `../shared/data/coder-swebench-lite/` was made:
 *
 * - demonstration entries (`is_demo`) are left out and counted;
 * - an assistant entry with an `action` calls one tool: `name` is the command's first word,
 *   `arguments.command` the whole command without its trailing line breaks;
 * - the call's result is the next entry of the same agent when that is a user entry (a CodeR
 *   Manager's `plan` gets its result after the planned agents have run); otherwise (`succeed`,
 *   `submit`, `exit_cost`, a plan with no report) an empty `synthetic` result follows the call;
 * - other user entries become `user` messages named `environment`; system entries stay `system`;
 * - each real result is labelled by `labelFailure` (`is_error`, `error_kind`, `error_signature`).
 *
 * @param trajectory - The parsed `.traj` JSON (an object with a `history` array).
 * @param options - The run id, and the failure labeller.
 * @returns The messages and what was dropped.
 * @throws `CairnError` with code `INVALID_MESSAGE` when the trajectory has no `history` array or an entry is malformed (its index is named); `INVALID_OPTIONS` when `runId` is empty.
 *
 * @example
 * ```ts
 * const traj = JSON.parse(await readFile('trajs/django__django-11179.traj', 'utf8'));
 * const { messages } = convertSweAgentTrajectory(traj, { runId: 'django__django-11179' });
 * ```
 */
export function convertSweAgentTrajectory(trajectory: unknown, { runId, labelFailure = labelToolFailure }: ConvertSweAgentTrajectoryOptions): SweAgentConversion {
  if (typeof runId !== 'string' || runId === '') throw new CairnError({ code: 'INVALID_OPTIONS', message: 'convertSweAgentTrajectory needs a runId (the run or SWE-bench instance id), used in message ids.' });
  const history = typeof trajectory === 'object' && trajectory !== null ? (trajectory as Record<string, unknown>).history : undefined;
  if (!Array.isArray(history)) invalid(runId, 'no "history" array; pass the parsed .traj JSON.');
  const entries = history.map((value, index) => readEntry(value, index, runId));
  const demos = entries.filter((entry) => entry.is_demo === true);
  const kept = entries.filter((entry) => entry.is_demo !== true);

  const messages: NeutralMessageRecord[] = [];
  const pending = new Map<string, { id: string; name: string }>();
  let callCount = 0;
  const nextId = (): string => `${runId}-m${String(messages.length).padStart(3, '0')}`;
  const withAgent = (agent: string | undefined): { agent?: string } => (agent === undefined ? {} : { agent });

  kept.forEach((entry, position) => {
    const agent = entry.agent;
    const key = agent ?? '';
    if (entry.role === 'system') {
      messages.push({ id: nextId(), role: 'system', ...withAgent(agent), content: entry.content });
      return;
    }
    if (entry.role === 'user') {
      const call = pending.get(key);
      if (call === undefined) {
        messages.push({ id: nextId(), role: 'user', name: 'environment', ...withAgent(agent), content: entry.content });
        return;
      }
      pending.delete(key);
      const label = labelFailure(entry.content);
      const record: NeutralMessageRecord = { id: nextId(), role: 'tool', ...withAgent(agent), tool_call_id: call.id, name: call.name, content: entry.content, is_error: label.isError };
      if (label.isError) Object.assign(record, { error_kind: label.kind, error_signature: label.signature });
      messages.push(record);
      return;
    }
    const command = (entry.action ?? '').replace(/[\r\n]+$/, '');
    const name = command.trim().split(/\s+/)[0] ?? '';
    if (name === '') {
      messages.push({ id: nextId(), role: 'assistant', ...withAgent(agent), content: entry.content });
      return;
    }
    callCount += 1;
    const call = { id: `${runId}-tc${String(callCount).padStart(3, '0')}`, name };
    messages.push({ id: nextId(), role: 'assistant', ...withAgent(agent), content: entry.content, tool_calls: [{ id: call.id, name, arguments: { command } }] });
    const next = kept.slice(position + 1).find((later) => (later.agent ?? '') === key);
    if (next?.role === 'user') pending.set(key, call);
    else messages.push({ id: nextId(), role: 'tool', ...withAgent(agent), tool_call_id: call.id, name, content: '', is_error: false, synthetic: true });
  });
  return { messages, droppedDemoMessages: demos.length, droppedDemoChars: demos.reduce((sum, entry) => sum + Array.from(entry.content).length, 0) };
}
