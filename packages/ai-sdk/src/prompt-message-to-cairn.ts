import type { LanguageModelV4Message } from '@ai-sdk/provider';
import { CairnError, type CairnMessage, type ToolCall } from '@cairn/core';
import { toJsonSafe } from './json-safe.js';
import { outputText, partText } from './prompt-text.js';

/** What the adapter keeps in `metadata.aiSdk` of every message it ingests. @internal */
export interface AiSdkMetadata {
  /** Position of the AI SDK message in the session's history. */
  seq: number;
  /** Fingerprint of the AI SDK message. */
  fp: string;
  /** The AI SDK message, JSON-safe (on the message's first cairn message only). */
  message?: unknown;
  /** For a tool result: its index in the AI SDK tool message's content. */
  part?: number;
  /** For a tool result: id of the cairn message that holds the AI SDK message. */
  lead?: string;
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

function invalid(seq: number, problem: string, details: Record<string, unknown> = {}): CairnError {
  return new CairnError({
    code: 'INVALID_MESSAGE',
    message: `Prompt message ${seq} is not a valid AI SDK (LanguageModelV4) message: ${problem}. Pass the prompt the AI SDK built, or messages that follow its ModelMessage types.`,
    details: { seq, ...details },
  });
}

type Part = { type: string } & Record<string, unknown>;

function checkParts(content: unknown, seq: number): Part[] {
  if (!Array.isArray(content)) throw invalid(seq, 'its content must be an array of parts');
  content.forEach((part, index) => {
    if (typeof part !== 'object' || part === null || typeof (part as Part).type !== 'string') throw invalid(seq, `part ${index} has no string "type"`, { part: index });
  });
  return content as Part[];
}

/**
 * Converts one AI SDK prompt message to cairn messages: one per message, except a tool message,
 * which gives one cairn `tool` message per tool result (cairn pairs each result with its call).
 * The AI SDK message itself is kept, JSON-safe, in `metadata.aiSdk`, so a message shown at full
 * fidelity is rebuilt exactly (every part type and provider option).
 *
 * @param message - The AI SDK message.
 * @param seq - Its position in the session's history (makes ids unique).
 * @param fp - Its fingerprint (makes ids stable).
 * @throws CairnError `INVALID_MESSAGE` for a message the AI SDK would reject (unknown role, bad content).
 * @internal
 */
export function promptMessageToCairn(message: LanguageModelV4Message, seq: number, fp: string): CairnMessage[] {
  if (typeof message !== 'object' || message === null) throw invalid(seq, 'it is not an object');
  const role = (message as { role?: unknown }).role;
  if (typeof role !== 'string' || !ROLES.has(role)) throw invalid(seq, `unknown role ${JSON.stringify(role)}`, { role });
  const id = `ai${seq}-${fp}`;
  const stored = toJsonSafe(message);
  if (message.role === 'system') {
    if (typeof message.content !== 'string') throw invalid(seq, 'a system message needs string content');
    return [{ id, role: 'system', content: message.content, metadata: { aiSdk: { seq, fp, message: stored } } }];
  }
  const parts = checkParts(message.content, seq);
  if (message.role === 'user') {
    return [{ id, role: 'user', content: parts.map(partText).join('\n'), metadata: { aiSdk: { seq, fp, message: stored } } }];
  }
  if (message.role === 'assistant') {
    const toolCalls: ToolCall[] = [];
    const texts: string[] = [];
    for (const part of parts) {
      if (part.type === 'tool-call' && part.providerExecuted !== true) {
        if (typeof part.toolCallId !== 'string' || typeof part.toolName !== 'string') throw invalid(seq, 'a tool call needs string "toolCallId" and "toolName"');
        toolCalls.push({ id: part.toolCallId, name: part.toolName, arguments: part.input });
      } else {
        texts.push(partText(part));
      }
    }
    return [{ id, role: 'assistant', content: texts.join('\n'), ...(toolCalls.length > 0 ? { toolCalls } : {}), metadata: { aiSdk: { seq, fp, message: stored } } }];
  }
  // A tool message: one cairn message per result; approvals ride along in the stored message.
  const results: CairnMessage[] = [];
  parts.forEach((part, index) => {
    if (part.type !== 'tool-result') return;
    if (typeof part.toolCallId !== 'string' || typeof part.toolName !== 'string') throw invalid(seq, 'a tool result needs string "toolCallId" and "toolName"');
    const output = part.output as { type?: string } | undefined;
    const isError = output?.type === 'error-text' || output?.type === 'error-json';
    const first = results.length === 0;
    results.push({
      id: `ai${seq}.${index}-${fp}`,
      role: 'tool',
      name: part.toolName,
      toolCallId: part.toolCallId,
      content: outputText(part.output as never),
      ...(isError ? { isError: true } : {}),
      metadata: { aiSdk: first ? { seq, fp, part: index, message: stored } : { seq, fp, part: index, lead: results[0]!.id } },
    });
  });
  if (results.length > 0) return results;
  // Only approval responses (provider-executed tools): not a result of any client call.
  return [{ id, role: 'user', content: parts.map(partText).join('\n'), metadata: { aiSdk: { seq, fp, message: stored } } }];
}
