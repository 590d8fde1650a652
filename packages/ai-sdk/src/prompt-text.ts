import type { LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';

type AnyPart = { type?: unknown } & Record<string, unknown>;

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

function fileMarker(part: AnyPart): string {
  const data = part.data as { type?: string; text?: string; url?: URL; reference?: unknown } | undefined;
  const name = typeof part.filename === 'string' ? ` ${part.filename}` : '';
  const label = `[file${name} ${String(part.mediaType)}`;
  if (data?.type === 'text' && typeof data.text === 'string') return `${label}]\n${data.text}`;
  if (data?.type === 'url' && data.url instanceof URL) return `${label} ${data.url.href}]`;
  if (data?.type === 'reference') return `${label} ${json(data.reference)}]`;
  return `${label}]`;
}

/**
 * The text a tool result shows the model, as cairn scores, counts and compresses it.
 *
 * @internal
 */
export function outputText(output: LanguageModelV4ToolResultOutput | undefined): string {
  if (!output || typeof output !== 'object') return '';
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return json(output.value);
    case 'execution-denied':
      return `Execution denied${output.reason ? `: ${output.reason}` : ''}.`;
    case 'content':
      return output.value.map((item) => (item.type === 'text' ? item.text : item.type === 'file' ? fileMarker(item as unknown as AnyPart) : '[custom content]')).join('\n');
    default:
      return json(output);
  }
}

/**
 * The text of one content part of a system, user or assistant message (client tool calls are
 * not text: they become cairn tool calls).
 *
 * @internal
 */
export function partText(part: AnyPart): string {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return typeof part.text === 'string' ? part.text : '';
    case 'file':
      return fileMarker(part);
    case 'reasoning-file':
      return `[reasoning file ${String(part.mediaType)}]`;
    case 'custom':
      return `[custom ${String(part.kind)}]`;
    case 'tool-call':
      return `[provider tool call ${String(part.toolName)} ${json(part.input)}]`;
    case 'tool-result':
      return `[provider tool result ${String(part.toolName)}: ${outputText(part.output as LanguageModelV4ToolResultOutput)}]`;
    case 'tool-approval-response':
      return `[tool approval ${String(part.approvalId)}: ${part.approved === true ? 'approved' : 'denied'}${typeof part.reason === 'string' ? ` (${part.reason})` : ''}]`;
    default:
      return `[${String(part.type)} part]`;
  }
}
