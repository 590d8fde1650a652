import type { LanguageModelV4Message, LanguageModelV4Prompt, LanguageModelV4ToolCallPart, LanguageModelV4ToolResultPart } from '@ai-sdk/provider';
import { contentText, type CairnMessage, type ViewMessage } from '@cairn/core';
import { fromJsonSafe } from './json-safe.js';
import type { AiSdkMetadata } from './prompt-message-to-cairn.js';

/** Where the converter finds stored messages and caches decoded AI SDK messages. @internal */
export interface ViewToPromptContext {
  /** A logged cairn message by id (the engine's `getMessage`). */
  getMessage(id: string): CairnMessage | undefined;
  /** Decoded AI SDK messages by the id of the cairn message that stores them. */
  decoded: Map<string, LanguageModelV4Message>;
}

function metaOf(message: { metadata?: Readonly<Record<string, unknown>> } | undefined): AiSdkMetadata | undefined {
  const meta = message?.metadata?.aiSdk;
  return typeof meta === 'object' && meta !== null && typeof (meta as AiSdkMetadata).seq === 'number' ? (meta as AiSdkMetadata) : undefined;
}

/** The AI SDK message stored with a cairn message (or with its group's lead), decoded once. */
function original(id: string, context: ViewToPromptContext): { message: LanguageModelV4Message; meta: AiSdkMetadata } | undefined {
  const meta = metaOf(context.getMessage(id));
  if (!meta) return undefined;
  const leadId = meta.lead ?? id;
  let message = context.decoded.get(leadId);
  if (!message) {
    const stored = meta.lead ? metaOf(context.getMessage(meta.lead))?.message : meta.message;
    if (stored === undefined) return undefined;
    message = fromJsonSafe(stored) as LanguageModelV4Message;
    context.decoded.set(leadId, message);
  }
  return { message, meta };
}

function isFull(message: ViewMessage): boolean {
  return message.fidelity === 'full' && message.synthetic !== true && message.sourceIds.length === 1;
}

/** Provider options of an original tool call (e.g. a provider's signature on it), if any. */
function callOptions(view: ViewMessage, callId: string, context: ViewToPromptContext): LanguageModelV4ToolCallPart['providerOptions'] {
  for (const sourceId of view.sourceIds) {
    const found = original(sourceId, context)?.message;
    if (found?.role !== 'assistant') continue;
    const part = found.content.find((item) => item.type === 'tool-call' && item.toolCallId === callId) as LanguageModelV4ToolCallPart | undefined;
    if (part?.providerOptions) return part.providerOptions;
  }
  return undefined;
}

/**
 * Converts cairn's view back to an AI SDK prompt. A message shown at full fidelity becomes its
 * original AI SDK message, exactly (tool results of one AI SDK tool message are regrouped); a
 * compressed, placeholder or synthetic message becomes plain text of its role, with tool calls
 * and results kept as structurally valid parts.
 *
 * @internal
 */
export function viewToPrompt(view: readonly ViewMessage[], context: ViewToPromptContext): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = [];
  const callNames = new Map<string, string>();
  let index = 0;
  while (index < view.length) {
    const message = view[index]!;
    const found = isFull(message) ? original(message.sourceIds[0]!, context) : undefined;
    if (found && found.meta.part === undefined) {
      prompt.push(found.message);
      if (found.message.role === 'assistant') for (const part of found.message.content) if (part.type === 'tool-call') callNames.set(part.toolCallId, part.toolName);
      index++;
      continue;
    }
    if (found && found.message.role === 'tool') {
      // A run of full results from one AI SDK tool message: its parts, in their original order.
      const present = new Set<number>();
      let end = index;
      while (end < view.length && isFull(view[end]!)) {
        const next = original(view[end]!.sourceIds[0]!, context);
        if (!next || next.meta.seq !== found.meta.seq || next.meta.part === undefined) break;
        present.add(next.meta.part);
        end++;
      }
      const content = found.message.content.filter((part, position) => part.type !== 'tool-result' || present.has(position));
      prompt.push({ ...found.message, content });
      index = end;
      continue;
    }
    const text = contentText(message.content);
    if (message.role === 'system') prompt.push({ role: 'system', content: text });
    else if (message.role === 'user' || (message.role === 'tool' && message.toolCallId === undefined)) prompt.push({ role: 'user', content: [{ type: 'text', text }] });
    else if (message.role === 'assistant') {
      const calls = (message.toolCalls ?? []).map((call): LanguageModelV4ToolCallPart => {
        callNames.set(call.id, call.name);
        const providerOptions = callOptions(message, call.id, context);
        return { type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments, ...(providerOptions ? { providerOptions } : {}) };
      });
      prompt.push({ role: 'assistant', content: [...(text.length > 0 || calls.length === 0 ? [{ type: 'text' as const, text }] : []), ...calls] });
    } else {
      const part: LanguageModelV4ToolResultPart = {
        type: 'tool-result',
        toolCallId: message.toolCallId!,
        toolName: message.name ?? callNames.get(message.toolCallId!) ?? 'unknown',
        output: { type: message.isError ? 'error-text' : 'text', value: text },
      };
      const last = prompt[prompt.length - 1];
      if (last?.role === 'tool') last.content = [...last.content, part];
      else prompt.push({ role: 'tool', content: [part] });
    }
    index++;
  }
  return prompt;
}
