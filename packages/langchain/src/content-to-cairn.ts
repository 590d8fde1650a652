import type { MessageContent, TextPart } from '@cairn/core';

/** The text a content block contributes to cairn's copy (what the engine scores and counts). */
function blockText(block: unknown): string {
  if (typeof block === 'string') return block;
  if (typeof block !== 'object' || block === null) return '';
  const record = block as Record<string, unknown>;
  for (const key of ['text', 'reasoning', 'thinking'] as const) {
    if (typeof record[key] === 'string') return record[key];
  }
  // Images, audio, files, tool-use blocks: a short marker stands in; the block itself stays in
  // metadata and comes back verbatim at full fidelity.
  return `[${typeof record.type === 'string' ? record.type : 'content'}]`;
}

/**
 * Maps LangChain content (a string or content blocks) to cairn content: text blocks become text
 * parts; other blocks become a short `[type]` marker part.
 *
 * @internal
 */
export function contentToCairn(content: unknown): MessageContent {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : String(content);
  const parts: TextPart[] = [];
  for (const block of content) parts.push({ type: 'text', text: blockText(block) });
  return parts;
}
