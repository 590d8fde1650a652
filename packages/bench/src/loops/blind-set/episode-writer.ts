import type { CairnMessage } from '@cairn/core';

/**
 * Appends the messages of one synthetic episode in the shape of the shared runs: an assistant
 * message with one tool call followed directly by its result, or an assistant reply followed by
 * the user's (or environment's) next turn. Ids are `prefix-N…`, unique within the episode.
 */
export class BlindEpisodeWriter {
  readonly messages: CairnMessage[] = [];
  private count = 0;

  constructor(private readonly prefix: string) {}

  /** A system or user turn. */
  turn(role: 'system' | 'user', content: string): void {
    this.messages.push({ id: `${this.prefix}-${this.count++}`, role, content, ...(role === 'user' ? { name: 'simulated_user' } : {}) });
  }

  /** An assistant message with one tool call (and optional discussion text), then its result. */
  call(name: string, args: Record<string, unknown>, result: string, options: { isError?: boolean; text?: string } = {}): void {
    const id = `${this.prefix}-${this.count++}`;
    this.messages.push({ id: `${id}-a`, role: 'assistant', content: options.text ?? '', toolCalls: [{ id: `${id}-c`, name, arguments: args }] });
    this.messages.push({ id: `${id}-r`, role: 'tool', toolCallId: `${id}-c`, name, content: result, ...(options.isError ? { isError: true } : {}) });
  }

  /** An assistant reply, then the user's answer (none at the end of a run). */
  say(reply: string, user?: string): void {
    this.messages.push({ id: `${this.prefix}-${this.count++}-a`, role: 'assistant', content: reply });
    if (user !== undefined) this.turn('user', user);
  }
}

/** A CodeR-style command: the discussion and the fenced command as the content, the command as the call. */
export function coderCall(writer: BlindEpisodeWriter, discussion: string, command: string, result: string, isError = false): void {
  const name = command.split(/\s/)[0]!;
  writer.call(name, { command }, `${result}\n(Open file: /repo/src/app.py)\n(Current directory: /repo)\nbash-$`, {
    isError,
    text: `DISCUSSION\n${discussion}\n\n\`\`\`\n${command}\n\`\`\``,
  });
}
