import type { CairnMessage } from '@cairn/core';

/**
 * Builds the messages of one episode of the second blind set, in the shape of the shared runs:
 * an assistant message carrying one tool call is followed directly by that call's result; an
 * assistant reply may be followed by the user's next turn. Ids are `prefix.N…`, unique within
 * the episode; every writing method returns the id of the assistant message it wrote, so that a
 * builder can name the messages that carry its label.
 */
export class EpisodeLog {
  readonly messages: CairnMessage[] = [];
  private next = 0;

  constructor(private readonly prefix: string) {}

  /** The system prompt. */
  system(content: string): void {
    this.messages.push({ id: `${this.prefix}.${this.next++}.s`, role: 'system', content });
  }

  /** A turn of the (simulated) user. */
  user(content: string): string {
    const id = `${this.prefix}.${this.next++}.u`;
    this.messages.push({ id, role: 'user', name: 'simulated_user', content });
    return id;
  }

  /** An assistant reply with no tool call, then (optionally) the user's answer. */
  reply(content: string, answer?: string): string {
    const id = `${this.prefix}.${this.next++}.a`;
    this.messages.push({ id, role: 'assistant', content });
    if (answer !== undefined) this.user(answer);
    return id;
  }

  /** An assistant message with one tool call (and optional text), then the call's result. */
  call(name: string, args: Record<string, unknown>, result: string, options: { text?: string; isError?: boolean } = {}): string {
    const step = this.next++;
    const id = `${this.prefix}.${step}.a`;
    const callId = `${this.prefix}.${step}.call`;
    this.messages.push({ id, role: 'assistant', content: options.text ?? '', toolCalls: [{ id: callId, name, arguments: args }] });
    this.messages.push({ id: `${this.prefix}.${step}.t`, role: 'tool', name, toolCallId: callId, content: result, ...(options.isError === true ? { isError: true } : {}) });
    return id;
  }
}

/** Where a CodeR-style agent works: the repository folder and the file open in its editor. */
export interface ShellState {
  root: string;
  openFile: string;
}

/**
 * A CodeR (SWE-agent) style command: the discussion and the fenced command as the message text,
 * the command's first word as the tool name, `{ command }` as the arguments, and the editor's
 * status lines after the output, as the shared CodeR runs show them.
 */
export function shell(log: EpisodeLog, state: ShellState, discussion: string, command: string, output: string, isError = false): string {
  const name = command.trim().split(/\s+/)[0]!;
  const status = `(Open file: ${state.openFile})\n(Current directory: ${state.root})\nbash-$`;
  return log.call(name, { command }, `${output}\n${status}`, { isError, text: `DISCUSSION\n${discussion}\n\n\`\`\`\n${command}\n\`\`\`` });
}

/** What a builder reports besides the messages it wrote. */
export interface BuiltEpisode2 {
  /** How many times the looping action occurs (0 for a non-loop). */
  repeats: number;
  /** Why the episode has its label. */
  note: string;
  /**
   * For a loop: the assistant messages of each repetition (for a cycle, the first message of each
   * round). For a non-loop: the look-alike messages (usually the agent's, for a user who repeats
   * themselves the user's) that a careless reader could count as a loop.
   */
  evidenceIds: string[];
}

/**
 * How many times a loop of the given tier repeats its action: tier 0 → 3 (the rule's minimum,
 * borderline), tier 1 → 4, tier 2 → 5 … `longest`.
 */
export function loopLength(tier: number, draw: (min: number, max: number) => number, longest: number): number {
  if (tier % 3 === 0) return 3;
  if (tier % 3 === 1) return 4;
  return draw(5, longest);
}
