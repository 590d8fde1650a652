import type { ViewMessage } from '../log/index.js';

/**
 * Where a view shows the brief that follows its history (`prefix.brief`). At the end by default;
 * `sticky`: at the index the previous view showed the same brief (same key, text included), while
 * every history message before that index is shown as it was then and the message at it is not a
 * tool result (the brief never separates a call from its result). New messages then go after the
 * brief, and a provider's prompt cache keeps serving it instead of billing it again each turn.
 *
 * Reads only the previous view's keys (`state.lastView`, kept in snapshots), so a restored engine
 * places the brief as the one it was saved from. @internal
 *
 * @param history - This view's history messages.
 * @param brief - The brief, if any.
 * @param sticky - Whether the brief may stay where the previous view showed it.
 * @param lastKeys - The previous view's message keys.
 * @param keyAt - The key of a message of this view at an index (the brief's is taken at -1).
 * @returns The view's messages.
 */
export function placeBrief(history: readonly ViewMessage[], brief: ViewMessage | undefined, sticky: boolean, lastKeys: readonly string[], keyAt: (message: ViewMessage, index: number) => string): ViewMessage[] {
  if (!brief) return history.slice();
  const at = sticky ? stickyIndex(history, brief, lastKeys, keyAt) : history.length;
  if (at === history.length) return [...history, brief];
  const messages = history.slice(0, at);
  messages.push(brief);
  for (let index = at; index < history.length; index++) messages.push(history[index]!);
  return messages;
}

function stickyIndex(history: readonly ViewMessage[], brief: ViewMessage, lastKeys: readonly string[], keyAt: (message: ViewMessage, index: number) => string): number {
  const at = lastKeys.lastIndexOf(keyAt(brief, -1));
  if (at < 0 || at >= history.length || history[at]!.role === 'tool') return history.length;
  for (let index = 0; index < at; index++) if (keyAt(history[index]!, index) !== lastKeys[index]) return history.length;
  return at;
}

/** A lesson's counters in the playbook's lines (`[id] helpful=X harmful=Y :: …`). */
const COUNTERS = /\bhelpful=\d+ harmful=\d+/g;

/**
 * The brief text the previous view showed (read from its keys, kept in snapshots) when it differs
 * from `text` only in lessons' helpful/harmful counters: a sticky brief keeps it, so a counter
 * that ticks does not break the prompt cache at the brief; the counters refresh with the next
 * change of the brief's lines. @internal
 *
 * @param lastKeys - The previous view's message keys.
 * @param id - The brief's id.
 * @param text - This turn's brief text.
 * @returns The text shown last time, or `undefined` when it differs otherwise (or is the same).
 */
export function shownWithOtherCounters(lastKeys: readonly string[], id: string, text: string): string | undefined {
  if (!text.includes('helpful=')) return undefined;
  const prefix = `${id}\u0000full\u0000`;
  let shown: string | undefined;
  for (let index = lastKeys.length - 1; index >= 0; index--) {
    if (lastKeys[index]!.startsWith(prefix)) {
      shown = lastKeys[index]!.slice(prefix.length);
      break;
    }
  }
  if (shown === undefined || shown === text) return undefined;
  return shown.replace(COUNTERS, 'helpful=# harmful=#') === text.replace(COUNTERS, 'helpful=# harmful=#') ? shown : undefined;
}
