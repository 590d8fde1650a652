/**
 * One entry of a SWE-agent trajectory's `history` (the `.traj` files of SWE-agent and of CodeR,
 * which adds an `agent` per entry). Only the fields the converter reads are listed.
 */
export interface SweAgentHistoryEntry {
  role: 'system' | 'user' | 'assistant';
  /** The text the model saw (user, system) or wrote (assistant). */
  content: string;
  /** CodeR's role that owns the entry (`Manager`, `Programmer`…); absent in plain SWE-agent runs. */
  agent?: string;
  /** The command an assistant entry ran, e.g. `"open django/db/models/deletion.py 276\n"`. */
  action?: string;
  /** True on demonstration entries (a worked example pasted into the prompt). */
  is_demo?: boolean;
}

/** A tool call in the neutral JSONL format: SWE-agent commands carry the whole command text. */
export interface NeutralToolCallRecord {
  /** `<run>-tcNNN`, numbered from 1 in order of appearance. */
  id: string;
  /** The command's first word: `edit`, `python`, `find_file`, `plan`… */
  name: string;
  arguments: { command: string };
}

/** What a failed tool result was, as labelled by `labelToolFailure`. */
export type ToolFailureKind = 'edit_rejected' | 'traceback' | 'no_results' | 'tool_error';

/**
 * One line of a session in the neutral JSONL format (`../shared/data/README.md`), as written by
 * `convertSweAgentTrajectory`. Field names are the file's (snake_case).
 */
export interface NeutralMessageRecord {
  /** `<run>-mNNN`, numbered from 0 in file order. */
  id: string;
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** The owning agent (CodeR); absent when the trajectory names none. */
  agent?: string;
  content: string;
  /** `environment` on user messages; the command's name on tool results. */
  name?: string;
  /** On assistant messages that ran a command: exactly one call. */
  tool_calls?: NeutralToolCallRecord[];
  /** On tool results: the call answered. */
  tool_call_id?: string;
  /** On tool results: whether the command failed (see `labelToolFailure`). */
  is_error?: boolean;
  /** On failed tool results. */
  error_kind?: ToolFailureKind;
  /** On failed tool results: the telling line, digits replaced by `N`. */
  error_signature?: string;
  /** True on an empty result made up for a command the log shows no output for (`succeed`, `submit`…). */
  synthetic?: boolean;
}
