import type { CairnMessage } from '@cairn/core';
import type { InFlightToolCall } from './guard-tools.js';

/**
 * The least share of the budget a `CairnMemory` view keeps however large the agent's in-flight
 * tool calls are: past it the prompt outgrows the budget by what the scratchpad holds beyond
 * the rest, and the memory warns once.
 */
export const MIN_VIEW_SHARE_BESIDE_SCRATCHPAD = 0.25;

/**
 * The tool calls an `agent()` run holds in its scratchpad and has not yet added to the memory,
 * as reported by `guardTools`: counted in tokens as the messages the agent will send (an
 * assistant message with the call, and the result), then kept only as a running total, so
 * nothing grows with the run. Cleared when the agent adds messages (the run ended).
 */
export class InFlightToolCalls {
  private uncounted: CairnMessage[] = [];
  private counted = 0;
  private warned = false;

  /**
   * Records one answered call: counted at once with `count` when the caller has a counter (the
   * memory's session is open), else kept until the next {@link tokens} (so a loop that never
   * reads the memory holds at most the calls made before its first read).
   */
  note(call: InFlightToolCall, count?: (messages: readonly CairnMessage[]) => number): void {
    const id = `in-flight-${this.uncounted.length}`;
    this.uncounted.push(
      { id: `${id}-call`, role: 'assistant', content: '', toolCalls: [{ id, name: call.name, arguments: call.input }] },
      { id: `${id}-result`, role: 'tool', content: call.result, toolCallId: id },
    );
    if (count) this.tokens(count);
  }

  /** Tokens of every call noted since the last {@link clear}, counted with `count`. */
  tokens(count: (messages: readonly CairnMessage[]) => number): number {
    if (this.uncounted.length > 0) {
      this.counted += count(this.uncounted);
      this.uncounted = [];
    }
    return this.counted;
  }

  /** True once per run: the first time the scratchpad had to be let past the budget. */
  shouldWarn(): boolean {
    if (this.warned) return false;
    this.warned = true;
    return true;
  }

  /** Forgets every noted call: they are in the memory now, or the run was abandoned. */
  clear(): void {
    this.uncounted = [];
    this.counted = 0;
    this.warned = false;
  }
}
