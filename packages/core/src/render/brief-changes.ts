import type { EngineState } from './engine-state.js';
import { contentText, countMessageTokens, type ViewMessage } from '../log/index.js';
import { renderingCounter } from './run-tokens.js';
import { briefAllowance } from './render-brief.js';

/** The first line of the message that names a sticky brief's changed lines. */
export const BRIEF_CHANGES_HEADER = '[cairn:brief-changes] Changed since the brief above (each line replaces its line for the same entry there):';

/** The first line of a further message naming a sticky brief's lines changed since the ones above it (`prefix.briefChanges: 'chained'`). */
export const BRIEF_MORE_CHANGES_HEADER = '[cairn:brief-changes] Changed since the changes above (each line replaces its line for the same entry there):';

/** A brief as shown (the text the view showed before) with the messages naming what changed since. @internal */
export interface ShownBrief {
  /** The brief with the text the previous view showed. */
  message: ViewMessage;
  /**
   * The messages naming the lines changed since, in order: under `'chained'` the ones the previous
   * view showed (to stay where they stood) and a new one for what changed since them; else one.
   */
  changes: ViewMessage[];
  /** One message with every line changed since the brief was shown: shown last when `changes` cannot stay where they stood. */
  collapsed: ViewMessage;
  /** Tokens of the brief and `changes`. */
  tokens: number;
  /** Tokens of the brief and `collapsed`. */
  collapsedTokens: number;
}

/** A brief of this turn: the current text, and the shown text with its changes when they are appended. @internal */
export interface BriefWithChanges {
  message: ViewMessage;
  tokens: number;
  shown?: ShownBrief;
}

/** The share of the brief's tokens the changes may take before the brief is rewritten instead. */
const CHANGES_SHARE = 0.5;
/** The share of the brief's tokens a chain of changes messages may take before it collapses into one. */
const CHAIN_SHARE = 1;

/** A lesson's counters in the playbook's lines: a tick alone is not a change (see `shownWithOtherCounters`). */
const COUNTERS = /\bhelpful=\d+ harmful=\d+/g;

const normal = (line: string): string => line.replace(COUNTERS, 'helpful=# harmful=#');

/**
 * The entry a brief line speaks for: the text before its " — " (a dead end's call), else its
 * first word after the dash (a page's id in the page index).
 */
const entryOf = (line: string): string => {
  const at = line.indexOf(' — ');
  if (at >= 0) return line.slice(0, at);
  const word = line.indexOf(' ', 2);
  return word < 0 ? line : line.slice(0, word);
};

/**
 * The text the previous view showed for the brief `id` (read from its keys, kept in snapshots).
 * @internal
 */
export function shownBriefText(lastKeys: readonly string[], id: string): string | undefined {
  const prefix = `${id}\u0000full\u0000`;
  for (let index = lastKeys.length - 1; index >= 0; index--) if (lastKeys[index]!.startsWith(prefix)) return lastKeys[index]!.slice(prefix.length);
  return undefined;
}

/** The id of the `index`-th (from 0) message naming a brief's changes: `<id>:changes`, then `<id>:changes:2`, … @internal */
export function changesId(briefId: string, index: number): string {
  return index === 0 ? `${briefId}:changes` : `${briefId}:changes:${index + 1}`;
}

/**
 * The messages naming the brief `id`'s changes that the previous view showed, in its order (read
 * from its keys): the chain `<id>:changes`, `<id>:changes:2`, … as far as it goes unbroken.
 * @internal
 */
export function shownChanges(lastKeys: readonly string[], id: string): { id: string; text: string }[] {
  const found = new Map<string, string>();
  const stem = `${id}:changes`;
  for (const key of lastKeys) {
    if (!key.startsWith(stem)) continue;
    const cut = key.indexOf('\u0000');
    const keyId = key.slice(0, cut);
    const rest = key.slice(cut + 1);
    if (rest.startsWith('full\u0000')) found.set(keyId, rest.slice('full\u0000'.length));
  }
  const chain: { id: string; text: string }[] = [];
  for (let index = 0; found.has(changesId(id, index)); index++) chain.push({ id: changesId(id, index), text: found.get(changesId(id, index))! });
  return chain;
}

/** The `- ` lines of `lines` by their entry, in order. */
function linesByEntry(lines: readonly string[]): Map<string, string[]> {
  const byEntry = new Map<string, string[]>();
  for (const line of lines) if (line.startsWith('- ')) byEntry.set(entryOf(line), [...(byEntry.get(entryOf(line)) ?? []), line]);
  return byEntry;
}

/** Whether two entries' lines say the same (counters aside), in any order. */
const sameLines = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && [...a.map(normal)].sort().join('\n') === [...b.map(normal)].sort().join('\n');

/**
 * The brief text `shown` as the model reads it after the changes messages `changes` (each line
 * replaces the line of the same entry above the message, "- no longer listed: …" drops every line
 * of the entry, other lines are added): what a new changes message is measured against. @internal
 */
export function applyChanges(shown: string, changes: readonly string[]): string {
  let lines = shown.split('\n');
  for (const text of changes) {
    // A line the message gave is not replaced by a later line of the same message: an entry with
    // several lines is listed anew, line by line.
    let marked = lines.map((line) => ({ line, fresh: false }));
    for (const line of text.split('\n').slice(1)) {
      if (line.startsWith('- no longer listed: ')) {
        const entry = `- ${line.slice('- no longer listed: '.length)}`;
        marked = marked.filter((known) => !(known.line.startsWith('- ') && entryOf(known.line) === entry));
        continue;
      }
      const at = line.startsWith('- ') ? marked.findIndex((known) => !known.fresh && known.line.startsWith('- ') && entryOf(known.line) === entryOf(line)) : -1;
      if (at >= 0) marked[at] = { line, fresh: true };
      else marked.push({ line, fresh: true });
    }
    lines = marked.map((known) => known.line);
  }
  return lines.join('\n');
}

/**
 * The lines of `text` that `shown` lacks (in `text`'s order), then one "no longer listed" line
 * per entry of `shown` that `text` no longer has; lessons' counters alone are no change. An entry
 * with several lines, before or now (two dead ends of one tool both shown short, `tool(…)`),
 * cannot say which line a change replaces: when its lines changed, a "no longer listed" line
 * drops them all and every line it has now follows. Empty when the two say the same. @internal
 */
export function changedLines(shown: string, text: string): string[] {
  const shownLines = shown.split('\n');
  const before = new Set(shownLines.map(normal));
  const now = text.split('\n');
  const nowNormal = new Set(now.map(normal));
  const [was, is] = [linesByEntry(shownLines), linesByEntry(now)];
  const relisted = new Set(
    [...new Set([...was.keys(), ...is.keys()])].filter((entry) => {
      const [then, current] = [was.get(entry) ?? [], is.get(entry) ?? []];
      return (then.length > 1 || current.length > 1) && !sameLines(then, current);
    }),
  );
  const dropped = new Set<string>();
  const added: string[] = [];
  for (const line of now) {
    const entry = entryOf(line);
    if (line.startsWith('- ') && relisted.has(entry)) {
      if (!dropped.has(entry) && was.has(entry)) added.push(`- no longer listed: ${entry.slice(2)}`);
      dropped.add(entry);
      added.push(line);
    } else if (line.trim() !== '' && !before.has(normal(line))) added.push(line);
  }
  const addedEntries = new Set(added.map(entryOf));
  const gone = new Set(
    shownLines
      .filter((line) => line.startsWith('- ') && !nowNormal.has(normal(line)) && !addedEntries.has(entryOf(line)) && !dropped.has(entryOf(line)))
      .map((line) => `- no longer listed: ${entryOf(line).slice(2)}`),
  );
  return [...added, ...gone];
}

/**
 * With `prefix.briefChanges` `'appended'` or `'chained'` (a sticky brief of a cache-aware engine):
 * when the previous view showed this brief (same id) with other text, the brief as shown then plus
 * the messages naming the lines changed since, so the brief keeps its cached place. `'appended'`:
 * one message with every change since the brief was shown. `'chained'`: the changes messages the
 * previous view showed stay as they were, and a new one names only what changed since them (none
 * when nothing did), so a change never rewrites a message that history follows; the chain may
 * take what the brief's allowance (a tenth of the budget) leaves beside the brief shown, or
 * {@link CHAIN_SHARE} of the brief when more: past it the chain collapses into one message, and
 * past what that may take (the same room, or half the brief) the brief is rewritten. The tokens reserved are
 * the largest of these forms and the current brief (the view falls back to the current brief,
 * changes taken in, when it places the brief anew anyway). The current brief alone when nothing
 * changed, when nothing was shown, or (`'appended'`) when the changes since the brief was shown
 * cost more than half the brief.
 * @internal
 */
export function withBriefChanges(state: EngineState, brief: { message: ViewMessage; tokens: number } | undefined, budget: number): BriefWithChanges | undefined {
  const { prefix } = state.options;
  if (!brief || !prefix.cacheAware || prefix.brief !== 'sticky' || prefix.briefChanges === 'rewritten') return brief;
  const text = contentText(brief.message.content);
  const { id } = brief.message;
  const shown = shownBriefText(state.lastView, id);
  if (shown === undefined || shown === text) return brief;
  const lines = changedLines(shown, text);
  if (lines.length === 0) return brief;
  const counter = renderingCounter(state.options.tokenCounter);
  const changesMessage = (index: number, body: string): ViewMessage => ({ id: changesId(id, index), role: 'user', content: body, sourceIds: [...brief.message.sourceIds], fidelity: 'full', synthetic: true });
  const message: ViewMessage = { ...brief.message, content: shown };
  const collapsed = changesMessage(0, [BRIEF_CHANGES_HEADER, ...lines].join('\n'));
  const collapsedTokens = countMessageTokens(collapsed, counter);
  const messageTokens = countMessageTokens(message, counter);
  let changes = [collapsed];
  let changesTokens = collapsedTokens;
  if (prefix.briefChanges === 'chained') {
    // The changes may take what the brief's allowance leaves, or a share of the brief when more:
    // the chain, else every change in one, else the brief rewritten.
    const room = Math.max(0, briefAllowance(budget) - messageTokens);
    if (collapsedTokens > Math.max(CHANGES_SHARE * brief.tokens, room)) return brief;
    const chain = shownChanges(state.lastView, id);
    const kept = chain.map((link, index) => changesMessage(index, link.text));
    const fresh = changedLines(applyChanges(shown, chain.map((link) => link.text)), text);
    if (fresh.length > 0) kept.push(changesMessage(chain.length, [chain.length === 0 ? BRIEF_CHANGES_HEADER : BRIEF_MORE_CHANGES_HEADER, ...fresh].join('\n')));
    const keptTokens = kept.reduce((sum, link) => sum + countMessageTokens(link, counter), 0);
    if (kept.length > 0 && keptTokens <= Math.max(CHAIN_SHARE * brief.tokens, room)) [changes, changesTokens] = [kept, keptTokens];
  } else if (collapsedTokens > CHANGES_SHARE * brief.tokens) return brief;
  const tokens = messageTokens + changesTokens;
  return {
    message: brief.message,
    tokens: Math.max(brief.tokens, tokens, messageTokens + collapsedTokens),
    shown: { message, changes, collapsed, tokens, collapsedTokens: messageTokens + collapsedTokens },
  };
}
