import { CairnError, type GuardVerdict, type ProposedToolCall } from '@cairn/core';
import type { BaseTool, BaseToolWithCall, JSONValue } from 'llamaindex';
import { agentErrorText, agentResultText } from './agent-scratchpad-text.js';

/** Anything that answers the dead-end guard: a `CairnMemory`, a cairn engine, or your own function. */
export interface ToolCallChecker {
  checkToolCall(call: ProposedToolCall): GuardVerdict | Promise<GuardVerdict>;
  /**
   * Told of every call a guarded tool answered (or threw on), before the agent adds it to the
   * memory. A `CairnMemory` holds these tokens back from its next `getLLM` view: `agent()` sends
   * the memory's view followed by its scratchpad (the current run's tool calls and results, which
   * reach the memory only when the run ends), so without this the prompt outgrows the budget by
   * the scratchpad. Optional: other checkers need not implement it.
   */
  noteInFlightToolCall?(call: InFlightToolCall): void;
}

/** A tool call the agent holds in its scratchpad, not yet in the memory. */
export interface InFlightToolCall {
  /** The tool's name. */
  name: string;
  /** The arguments it was called with. */
  input: unknown;
  /** The result text as the agent shows it to the model. */
  result: string;
  /** Whether the call failed (threw, or was blocked). */
  isError: boolean;
}

/** Options of {@link guardTools}. */
export interface GuardToolsOptions {
  /** `block`: a call repeating a long-term dead end is not run; `warn`: it runs and its output is annotated. @default DEFAULT_GUARD_MODE ('block') */
  mode?: 'warn' | 'block';
}

/** The default guard mode of {@link guardTools}. */
export const DEFAULT_GUARD_MODE = 'block';

/** The prefix of the error a blocked call throws (the agent shows it to the model as the tool's error result). */
export const BLOCKED_PREFIX = 'cairn blocked this call: it repeats a known dead end.';
/** The prefix a warned call's output gets. */
export const WARNING_PREFIX = 'cairn warning: this call resembles a known dead end.';

function annotate(output: JSONValue, note: string): JSONValue {
  return typeof output === 'string' ? `${note}\n${output}` : { cairnWarning: note, output };
}

/**
 * Wraps LlamaIndex tools (`tool()`, `FunctionTool`, any `BaseTool` with `call`) with cairn's
 * dead-end guard. LlamaIndex's agents offer no hook before a tool runs, so the guard sits in the
 * tool: before each call it asks `checker.checkToolCall({ name, arguments })`.
 * - `block` verdict (in `block` mode): the tool is not run; the call throws an error starting
 *   with {@link BLOCKED_PREFIX} and naming the dead end, which LlamaIndex agents hand to the
 *   model as the call's error result (`isError: true`).
 * - `warn` verdict, or `block` in `warn` mode: the tool runs; a string output is prefixed with
 *   {@link WARNING_PREFIX} and the reason, any other output becomes `{ cairnWarning, output }`,
 *   and an error it throws gets the same prefix.
 * - `allow`: the tool runs untouched.
 *
 * Each answered call is also reported to `checker.noteInFlightToolCall` when it has one: a
 * `CairnMemory` then holds the call's tokens back from its next view, because `agent()` shows the
 * model the memory's view *and* the current run's tool calls, which reach the memory only when
 * the run ends. Wrap an agent's tools with its memory and its prompts stay within the budget.
 *
 * @param tools - The tools to wrap (they are not modified).
 * @param checker - Usually the agent's `CairnMemory`.
 * @param options - See {@link GuardToolsOptions}.
 * @returns New tools (plain `{ metadata, call }` objects) with the same metadata.
 * @throws CairnError `INVALID_OPTIONS` for a bad mode or checker.
 *
 * @example
 * ```ts
 * const memory = createCairnMemory({ sessionId: 'agent-1' });
 * const myAgent = agent({ llm, memory, tools: guardTools([runTests, editFile], memory) });
 * ```
 */
export function guardTools(tools: readonly BaseTool[], checker: ToolCallChecker, { mode = DEFAULT_GUARD_MODE }: GuardToolsOptions = {}): BaseToolWithCall[] {
  if (mode !== 'warn' && mode !== 'block') throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid guardTools options: mode must be 'warn' or 'block'; got ${JSON.stringify(mode)}.` });
  if (typeof checker?.checkToolCall !== 'function') throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid guardTools checker: pass a CairnMemory, a cairn engine, or an object with checkToolCall(call).' });
  return tools.map((tool): BaseToolWithCall => {
    const call = tool.call;
    if (typeof call !== 'function') {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `guardTools: tool "${tool.metadata?.name}" has no call implementation to guard.` });
    }
    const name = tool.metadata.name;
    const guardedCall = async (input: unknown): Promise<JSONValue> => {
      const verdict = await checker.checkToolCall({ name, arguments: input });
      if (verdict.verdict === 'block' && mode === 'block') throw new Error(`${BLOCKED_PREFIX} ${verdict.reason}`);
      if (verdict.verdict === 'allow') return (await call.call(tool, input)) as JSONValue;
      const note = `${WARNING_PREFIX} ${verdict.reason}`;
      let output: JSONValue;
      try {
        output = (await call.call(tool, input)) as JSONValue;
      } catch (error) {
        throw new Error(`${note}\n${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      return annotate(output, note);
    };
    // A plain object, not a subclass: FunctionTool keeps its state in private fields.
    return {
      metadata: tool.metadata,
      call: async (input: unknown): Promise<JSONValue> => {
        try {
          const output = await guardedCall(input);
          checker.noteInFlightToolCall?.({ name, input, result: agentResultText(output), isError: false });
          return output;
        } catch (error) {
          checker.noteInFlightToolCall?.({ name, input, result: agentErrorText(error), isError: true });
          throw error;
        }
      },
    };
  });
}
