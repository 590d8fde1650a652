import type { LanguageModelV4Prompt } from '@ai-sdk/provider';

/**
 * The note shown after the model's latest step when the guard warned about one of its tool
 * calls (`providerOptions.cairn.guard === 'warn'` on the call), or `undefined`.
 *
 * @internal
 */
export function warnNote(history: LanguageModelV4Prompt): string | undefined {
  let index = history.length - 1;
  while (index >= 0 && history[index]!.role === 'tool') index--;
  const step = history[index];
  if (!step || step.role !== 'assistant' || index === history.length - 1) return undefined;
  const lines: string[] = [];
  for (const part of step.content) {
    if (part.type !== 'tool-call') continue;
    const cairn = part.providerOptions?.cairn as { guard?: unknown; reason?: unknown } | undefined;
    if (cairn?.guard !== 'warn') continue;
    lines.push(`- ${part.toolName} (call ${part.toolCallId}): ${typeof cairn.reason === 'string' ? cairn.reason : 'it repeats a call that failed before'}`);
  }
  if (lines.length === 0) return undefined;
  return `[cairn guard] These calls repeated calls that failed before; if they failed again, change the approach instead of retrying:\n${lines.join('\n')}`;
}
