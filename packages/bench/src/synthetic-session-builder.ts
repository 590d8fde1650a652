import type { CairnMessage, Role } from '@cairn/core';

/**
 * One tool call the generator plans, with the result it will get.
 * @internal
 */
export interface PlannedCall {
  name: string;
  arguments: Record<string, unknown>;
  content: string;
  isError?: boolean;
}

/** Ids of what {@link SyntheticSessionBuilder.toolRound} appended. @internal */
export interface ToolRoundIds {
  assistantId: string;
  resultIds: string[];
}

const BASE_TIMESTAMP = 1_700_000_000_000;
const STEP_MILLISECONDS = 30_000;

/**
 * Appends messages with sequential ids (`s<seed>-m0001`) and timestamps, and keeps every tool
 * call directly followed by its result.
 * @internal
 */
export class SyntheticSessionBuilder {
  readonly messages: CairnMessage[] = [];
  private callCount = 0;

  constructor(private readonly prefix: string) {}

  get length(): number {
    return this.messages.length;
  }

  /** Appends one message without tool calls and returns its id. */
  add(role: Role, content: string, extra: Partial<CairnMessage> = {}): string {
    const index = this.messages.length;
    const id = `${this.prefix}-m${String(index + 1).padStart(4, '0')}`;
    this.messages.push({ id, role, content, timestamp: BASE_TIMESTAMP + index * STEP_MILLISECONDS, ...extra });
    return id;
  }

  /** Appends an assistant message with `calls`, then one `tool` result per call, in order. */
  toolRound(text: string, calls: readonly PlannedCall[]): ToolRoundIds {
    const toolCalls = calls.map((call) => {
      this.callCount += 1;
      return { id: `${this.prefix}-call${String(this.callCount).padStart(4, '0')}`, name: call.name, arguments: call.arguments };
    });
    const assistantId = this.add('assistant', text, { toolCalls });
    const resultIds = calls.map((call, index) =>
      this.add('tool', call.content, {
        name: call.name,
        toolCallId: toolCalls[index]!.id,
        ...(call.isError === true ? { isError: true } : {}),
      }),
    );
    return { assistantId, resultIds };
  }
}
