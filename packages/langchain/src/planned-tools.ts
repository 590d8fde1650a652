import { AIMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';

/** What of a `createAgent` model request tells which tools come next. @internal */
export interface PlanningRequest {
  readonly messages: readonly BaseMessage[];
  readonly toolChoice?: 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } } | undefined;
  readonly tools?: readonly unknown[];
}

/** A bound tool's name: a LangChain tool's `name`, or an OpenAI-style `{ function: { name } }`. */
function toolName(tool: unknown): string | undefined {
  const named = tool as { name?: unknown; function?: { name?: unknown } } | null;
  if (typeof named?.name === 'string') return named.name;
  if (typeof named?.function?.name === 'string') return named.function.name;
  return undefined;
}

/**
 * The tools a model call is about to use, as `plannedTools` for core's `assemble` (PAACE), or
 * `undefined` when the request does not say. In order:
 *
 * 1. a `toolChoice` naming one function: the model must call it (`'none'` plans nothing);
 * 2. the pending calls of the current step: the last AI message's `tool_calls` with no
 *    `ToolMessage` answering them yet (a run resumed with calls still to run, e.g. after a
 *    human-in-the-loop interrupt; in a plain ReAct loop every call is answered before the model
 *    is called again, so this is usually empty);
 * 3. the bound `tools` when they are a strict subset of those bound earlier to the same session
 *    (`offered`), as a tool-selecting middleware before this one narrows them. The full list,
 *    bound on every call, says nothing about what comes next and is not passed.
 *
 * `offered` gains the request's tool names.
 * @internal
 */
export function plannedToolsOf(request: PlanningRequest, offered: Set<string>): string[] | undefined {
  const names = (request.tools ?? []).map(toolName).filter((name): name is string => name !== undefined);
  const narrowed = offered.size > 0 && names.length > 0 && names.length < offered.size && names.every((name) => offered.has(name));
  for (const name of names) offered.add(name);
  const choice = request.toolChoice;
  if (choice === 'none') return undefined;
  if (typeof choice === 'object' && typeof choice.function?.name === 'string') return [choice.function.name];
  const pending = pendingToolNames(request.messages);
  if (pending.length > 0) return pending;
  return narrowed ? names : undefined;
}

/** The names of the last AI message's tool calls that no later `ToolMessage` answers. */
function pendingToolNames(messages: readonly BaseMessage[]): string[] {
  const answered = new Set<string>();
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (ToolMessage.isInstance(message)) {
      answered.add(message.tool_call_id);
      continue;
    }
    if (!AIMessage.isInstance(message)) return [];
    const names = (message.tool_calls ?? []).filter((call) => call.id === undefined || !answered.has(call.id)).map((call) => call.name);
    return [...new Set(names)];
  }
  return [];
}
