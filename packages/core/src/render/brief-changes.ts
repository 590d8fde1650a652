import type { EngineState } from './engine-state.js';
import { contentText, countMessageTokens, type ViewMessage } from '../log/index.js';
import { renderingCounter } from './run-tokens.js';

/** The first line of the message that names a sticky brief's changed lines. */
export const BRIEF_CHANGES_HEADER = '[cairn:brief-changes] Changed since the brief above (each line replaces its line for the same entry there):';

/** A brief as shown (the text the view showed before) with the message naming what changed since. @internal */
export interface ShownBrief {
  /** The brief with the text the previous view showed. */
  message: ViewMessage;
  /** The lines that changed since, in their current form (shown after the history). */
  changes: ViewMessage;
  /** Tokens of both. */
  tokens: number;
}

/** A brief of this turn: the current text, and the shown text with its changes when they are appended. @internal */
export interface BriefWithChanges {
  message: ViewMessage;
  tokens: number;
  shown?: ShownBrief;
}

/** The share of the brief's tokens the changes may take before the brief is rewritten instead. */
const CHANGES_SHARE = 0.5;

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

/**
 * The lines of `text` that `shown` lacks (in `text`'s order), then one "no longer listed" line
 * per entry of `shown` that `text` no longer has; lessons' counters alone are no change. Empty
 * when the two say the same. @internal
 */
export function changedLines(shown: string, text: string): string[] {
  const before = new Set(shown.split('\n').map(normal));
  const now = text.split('\n');
  const nowNormal = new Set(now.map(normal));
  const added = now.filter((line) => line.trim() !== '' && !before.has(normal(line)));
  const addedEntries = new Set(added.map(entryOf));
  const gone = shown
    .split('\n')
    .filter((line) => line.startsWith('- ') && !nowNormal.has(normal(line)) && !addedEntries.has(entryOf(line)))
    .map((line) => `- no longer listed: ${entryOf(line).slice(2)}`);
  return [...added, ...gone];
}

/**
 * With `prefix.briefChanges: 'appended'` (a sticky brief of a cache-aware engine): when the
 * previous view showed this brief (same id) with other text, the brief as shown then plus a
 * message naming the lines changed since, so the brief keeps its cached place; the tokens
 * reserved are the larger of that and the current brief (the view falls back to the current
 * brief, changes taken in, when it places the brief anew anyway). The current brief alone when
 * nothing changed, when nothing was shown, or when the changes cost more than half the brief.
 * @internal
 */
export function withBriefChanges(state: EngineState, brief: { message: ViewMessage; tokens: number } | undefined): BriefWithChanges | undefined {
  const { prefix } = state.options;
  if (!brief || !prefix.cacheAware || prefix.brief !== 'sticky' || prefix.briefChanges !== 'appended') return brief;
  const text = contentText(brief.message.content);
  const shown = shownBriefText(state.lastView, brief.message.id);
  if (shown === undefined || shown === text) return brief;
  const lines = changedLines(shown, text);
  if (lines.length === 0) return brief;
  const counter = renderingCounter(state.options.tokenCounter);
  const message: ViewMessage = { ...brief.message, content: shown };
  const changes: ViewMessage = { id: `${brief.message.id}:changes`, role: 'user', content: [BRIEF_CHANGES_HEADER, ...lines].join('\n'), sourceIds: [...brief.message.sourceIds], fidelity: 'full', synthetic: true };
  const changesTokens = countMessageTokens(changes, counter);
  if (changesTokens > CHANGES_SHARE * brief.tokens) return brief;
  const tokens = countMessageTokens(message, counter) + changesTokens;
  return { message: brief.message, tokens: Math.max(brief.tokens, tokens), shown: { message, changes, tokens } };
}
