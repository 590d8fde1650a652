import type { NeutralMessageRecord, SweAgentConversion } from '../src/index.js';

/** One line of `runs.jsonl`: where a run came from and its counts. */
export interface RunSummary {
  run_id: string;
  source: string;
  exit_status: unknown;
  agents: string[];
  api_calls: unknown;
  instance_cost_usd: unknown;
  tokens_sent: unknown;
  dropped_demo_messages: number;
  dropped_demo_chars: number;
  messages: number;
  tool_calls: number;
  failed_tool_calls: number;
  failed_by_kind: Record<string, number>;
  file: string;
}

const info = (trajectory: unknown): Record<string, unknown> => {
  const value = typeof trajectory === 'object' && trajectory !== null ? (trajectory as Record<string, unknown>).info : undefined;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

/**
 * The counts of one converted run, for `runs.jsonl`.
 *
 * @param runId - The run.
 * @param trajectory - The parsed `.traj` (for `info.exit_status` and `info.model_stats`).
 * @param conversion - What `convertSweAgentTrajectory` returned.
 * @returns The summary line.
 */
export function summarizeRun(runId: string, trajectory: unknown, { messages, droppedDemoMessages, droppedDemoChars }: SweAgentConversion): RunSummary {
  const stats = info(trajectory).model_stats as Record<string, unknown> | undefined;
  const failed = messages.filter((message: NeutralMessageRecord) => message.is_error === true);
  const byKind: Record<string, number> = {};
  for (const message of failed) byKind[message.error_kind ?? 'error'] = (byKind[message.error_kind ?? 'error'] ?? 0) + 1;
  return {
    run_id: runId,
    source: `NL2Code/CodeR trajs/${runId}.traj`,
    exit_status: info(trajectory).exit_status ?? null,
    agents: [...new Set(messages.flatMap((message) => (message.agent === undefined ? [] : [message.agent])))],
    api_calls: stats?.api_calls ?? null,
    instance_cost_usd: stats?.instance_cost ?? null,
    tokens_sent: stats?.tokens_sent ?? null,
    dropped_demo_messages: droppedDemoMessages,
    dropped_demo_chars: droppedDemoChars,
    messages: messages.length,
    tool_calls: messages.reduce((sum, message) => sum + (message.tool_calls?.length ?? 0), 0),
    failed_tool_calls: failed.length,
    failed_by_kind: byKind,
    file: `runs/${runId}.session.jsonl`,
  };
}
