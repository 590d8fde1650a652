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
  const kept = sticky ? stuckIndex(history, brief, lastKeys, keyAt) : -1;
  const at = kept < 0 ? history.length : kept;
  if (at === history.length) return [...history, brief];
  const messages = history.slice(0, at);
  messages.push(brief);
  for (let index = at; index < history.length; index++) messages.push(history[index]!);
  return messages;
}

/**
 * Where a sticky brief stays: the index the previous view showed the same brief (same key) at,
 * while every history message before it is shown as then and the message at it is not a tool
 * result (at the end: `history.length`, when the previous view ended with it); -1 when it cannot
 * stay (it moves to the end). @internal
 */
export function stuckIndex(history: readonly ViewMessage[], brief: ViewMessage, lastKeys: readonly string[], keyAt: (message: ViewMessage, index: number) => string): number {
  const at = lastKeys.lastIndexOf(keyAt(brief, -1));
  if (at < 0 || at > history.length || (at < history.length && history[at]!.role === 'tool')) return -1;
  for (let index = 0; index < at; index++) if (keyAt(history[index]!, index) !== lastKeys[index]) return -1;
  return at;
}

/**
 * A sticky brief shown as the previous view showed it, with the messages naming its changes since
 * (`prefix.briefChanges`): the brief where it stood (see {@link stuckIndex}), each of `changes`
 * where the previous view showed it (one it did not show, the last, at the end); when one of
 * them the previous view showed cannot stay where it stood, `collapsed` (every change in one)
 * where the previous view showed it, else at the end, instead of them all. `undefined` when the
 * brief cannot stay where it stood: the view then shows the current brief, changes taken in.
 * @internal
 */
export function placeShownBrief(
  history: readonly ViewMessage[],
  brief: ViewMessage,
  changes: readonly ViewMessage[],
  collapsed: ViewMessage,
  lastKeys: readonly string[],
  keyAt: (message: ViewMessage, index: number) => string,
): { messages: ViewMessage[]; collapsed: boolean } | undefined {
  const at = stuckIndex(history, brief, lastKeys, keyAt);
  if (at < 0) return undefined;
  const withBrief = [...history.slice(0, at), brief, ...history.slice(at)];
  let messages = withBrief;
  let after = at;
  for (const change of changes) {
    const shownAt = lastKeys.includes(keyAt(change, -1)) ? stuckIndex(messages, change, lastKeys, keyAt) : messages.length;
    if (shownAt <= after) return { messages: placeBrief(withBrief, collapsed, true, lastKeys, keyAt), collapsed: true };
    messages = placeBrief(messages, change, shownAt < messages.length, lastKeys, keyAt);
    after = shownAt;
  }
  return { messages, collapsed: false };
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
