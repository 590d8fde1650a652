import type { LanguageModelV4ToolCall, SharedV4ProviderMetadata } from '@ai-sdk/provider';
import type { ContextEngine, GuardVerdict } from '@cairn/core';
import { blockedCallMessage } from './blocked-call-message.js';

/** What the guard made of one tool call the model emitted. @internal */
export type GuardedCall =
  | { kind: 'allow'; call: LanguageModelV4ToolCall }
  | { kind: 'warn'; call: LanguageModelV4ToolCall }
  | { kind: 'block'; call: LanguageModelV4ToolCall; result: { type: 'tool-result'; toolCallId: string; toolName: string; result: string; isError: true; providerMetadata: SharedV4ProviderMetadata }; message: string; input: unknown };

function parseInput(input: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(input) };
  } catch {
    return { ok: false };
  }
}

function mark(call: LanguageModelV4ToolCall, guard: 'warn' | 'block', verdict: GuardVerdict): SharedV4ProviderMetadata {
  return { ...call.providerMetadata, cairn: { guard, reason: verdict.reason, ...(verdict.deadEnd ? { deadEndId: verdict.deadEnd.id } : {}) } };
}

/**
 * Asks the engine about one client tool call. `warn` mode marks a call that repeats a dead end
 * (`providerMetadata.cairn`); `block` mode also turns a call that repeats a long-term dead end
 * into a provider-executed call with an error result, so the AI SDK does not run it and the
 * model reads the error. Provider-executed calls and calls whose input is not JSON pass as they are.
 *
 * @internal
 */
export function guardToolCall(call: LanguageModelV4ToolCall, engine: ContextEngine, mode: 'warn' | 'block'): GuardedCall {
  if (call.providerExecuted === true) return { kind: 'allow', call };
  const input = parseInput(call.input);
  if (!input.ok) return { kind: 'allow', call };
  const verdict = engine.checkToolCall({ name: call.toolName, arguments: input.value });
  if (verdict.verdict === 'allow') return { kind: 'allow', call };
  if (verdict.verdict === 'warn' || mode === 'warn') return { kind: 'warn', call: { ...call, providerMetadata: mark(call, 'warn', verdict) } };
  const providerMetadata = mark(call, 'block', verdict);
  const message = blockedCallMessage(call.toolName, verdict);
  return {
    kind: 'block',
    call: { ...call, providerExecuted: true, providerMetadata },
    result: { type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, result: message, isError: true, providerMetadata },
    message,
    input: input.value,
  };
}
