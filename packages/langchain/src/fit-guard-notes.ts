import { contentText, type TokenCounter } from '@cairn/core';
import { ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { contentToCairn } from './content-to-cairn.js';
import { guardNote } from './guard-note.js';
import { withoutGuardNoteResult } from './guard-tool-result.js';

/** Tokens a warned result's note adds to what the engine counted for it (its copy leaves the note out). */
function noteTokens(message: ToolMessage, note: string, counter: TokenCounter): number {
  const shown = contentText(contentToCairn(message.content));
  if (!shown.endsWith(note)) return 0;
  return Math.max(0, counter.count(shown) - counter.count(shown.slice(0, shown.length - note.length)));
}

/**
 * Keeps a view within its budget once the guard's notes are counted. A warned tool result shown
 * as the caller's own message carries the note the guard appended to it, which cairn's copy
 * (what the engine counted) leaves out. When the view's tokens plus those notes pass the budget,
 * the oldest notes are dropped from what is shown (the tool's output stays whole; the dead-end
 * brief still names the dead end) until it fits: the latest warning, which the model reads on
 * the step right after the warned call, goes last.
 *
 * @param shown - The view as LangChain messages (not modified).
 * @param viewTokens - The view's tokens by the engine's counter (`metadata.tokens`).
 * @param viewBudget - The budget the view was assembled for.
 * @returns `shown`, or a copy with the oldest notes dropped; within `viewBudget` whenever the view was.
 * @internal
 */
export function fitGuardNotes(shown: readonly BaseMessage[], viewTokens: number, viewBudget: number, counter: TokenCounter): BaseMessage[] {
  const noted: { index: number; tokens: number }[] = [];
  let total = viewTokens;
  shown.forEach((message, index) => {
    if (!ToolMessage.isInstance(message)) return;
    const note = guardNote(message);
    const tokens = note === undefined ? 0 : noteTokens(message, note, counter);
    if (tokens === 0) return;
    noted.push({ index, tokens });
    total += tokens;
  });
  if (total <= viewBudget) return [...shown];
  const out = [...shown];
  for (const { index, tokens } of noted) {
    out[index] = withoutGuardNoteResult(out[index] as ToolMessage);
    total -= tokens;
    if (total <= viewBudget) break;
  }
  return out;
}
