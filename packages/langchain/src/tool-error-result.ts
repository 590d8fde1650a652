import { ToolMessage } from '@langchain/core/messages';
import type { ToolCall } from '@langchain/core/messages/tool';
import { MiddlewareError, ToolInvocationError } from 'langchain';

/** What LangChain appends to a tool's error before the model reads it (as its `ToolNode` does). */
export const TOOL_ERROR_SUFFIX = '\n Please fix your mistakes.';

/** LangGraph's control-flow signals (interrupts, parent commands) travel as errors: never answer them. */
function isControlFlow(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { is_bubble_up?: unknown }).is_bubble_up === true;
}

/**
 * The tool message LangChain's `createAgent` gives the model when a tool throws and no middleware
 * wraps tool calls — which LangChain stops doing as soon as one does. cairn's `wrapToolCall`
 * answers with it, so adding cairn keeps the framework's behaviour: the model reads the error
 * (`status: 'error'`) and can correct itself, and cairn's log records a failed call the guard
 * learns from.
 *
 * Not answered (re-thrown, as LangChain does): interrupts and other LangGraph control flow, an
 * error after the run was aborted, and an error raised by another middleware itself (a
 * `MiddlewareError` whose cause is not a `ToolInvocationError`).
 *
 * @returns The error `ToolMessage`, or `undefined` when the error must propagate.
 * @internal
 */
export function toolErrorResult(error: unknown, toolCall: ToolCall, signal?: AbortSignal): ToolMessage | undefined {
  if (isControlFlow(error) || signal?.aborted === true) return undefined;
  let root = error;
  while (MiddlewareError.isInstance(root)) root = root.cause;
  let content: string;
  if (ToolInvocationError.isInstance(root)) content = root.message;
  else if (MiddlewareError.isInstance(error)) return undefined;
  else content = `${String(error)}${TOOL_ERROR_SUFFIX}`;
  return new ToolMessage({ content, tool_call_id: toolCall.id ?? '', name: toolCall.name, status: 'error' });
}
