import type { Fidelity, TokenCounter, ViewMessage } from '../log/index.js';
import type { EngineState, RenderCache } from './engine-state.js';
import { coveredSourceIds, memoStillHolds, MIN_HELD_SHARE, segmentStillHolds, type BackgroundMemo, type BackgroundSegment } from './background-memo.js';
import { placeSegments, type FoldedHistory } from './background-block.js';
import { foldSegments } from './fold-background-segment.js';
import { coveredSourceCount } from './unit-source-ids.js';

export { BACKGROUND_MESSAGE_ID, backgroundMessage, isBackgroundMessageId, type FoldedHistory } from './background-block.js';

/** Most Background_Context blocks a view shows: past it, the last block is extended instead (its text first, the new entries after it). */
export const MAX_BACKGROUND_BLOCKS = 4;

/**
 * Dual-decay overflow (`pages.consolidation.background`): folds placeholder runs of the rendered
 * history into Background_Context blocks, paid for by the runs' tokens and what the plan left
 * unused (`budget` less the rendered tokens), so the plan is the one without the blocks. Runs fold
 * oldest first while the view stays within `budget`; a run whose pages do not fit stays. A block
 * sits where the first run it folds was: the turns appended after it do not move it. A steady turn
 * (the same placeholder runs) shows last turn's blocks again, byte for byte, while they fit
 * ({@link BackgroundMemo}). A turn that frees more history (a cache-aware turn frees from a
 * region start on, after the older runs) keeps the blocks whose units are all still placeholders,
 * byte for byte, and folds what is new into one more block after them (at most
 * {@link MAX_BACKGROUND_BLOCKS}), so a prompt cache keeps what comes before the new region; when
 * the new region joins the run where the last block sits (or at the most blocks), that block is
 * extended: its text stays the first bytes of the new one, the new entries after it. A block
 * whose units a new question brings back into view stays too, for the units still out of view (it
 * names their pages, and may name a page now in view), while at least half of its units are out
 * of view ({@link MIN_HELD_SHARE}); past that, it and every block after it fold afresh. Every page of a folded unit is named in a block; a block shows no content of the
 * messages it stands for. `undefined` when no run folds. @internal
 */
export function foldBackground(state: EngineState, rendered: RenderCache, fidelities: readonly Fidelity[], budget: number, counter: TokenCounter, reserve = 0): FoldedHistory | undefined {
  const memo = state.background;
  if (memo && memoStillHolds(memo, fidelities)) {
    let runTokens = 0;
    for (const { start, end } of memo.folded) runTokens += (end + 1 < fidelities.length ? rendered.tokensAtUnit[end + 1]! : rendered.tokens) - rendered.tokensAtUnit[start]!;
    let tokens = rendered.tokens - runTokens;
    for (const segment of memo.segments) tokens += segment.blockTokens;
    if (memo.segments.length === 0) return undefined;
    if (tokens <= budget) {
      const sources = memo.folded.map(({ start }) => rendered.messages[rendered.firstMessage[start]!]!);
      // A folded unit that gained a message (a late tool result) keeps its run but not its sources: the blocks then stand for them too.
      const segments = sameSources(memo, sources) ? memo.segments : memo.segments.map((segment) => withSources(segment, coveredSourceIds(state.log, segment.covers)));
      if (segments !== memo.segments || memo.sources === undefined) state.background = { ...memo, segments, sources };
      return { messages: placeSegments(rendered, new Set(memo.folded.map(({ start }) => rendered.firstMessage[start]!)), segments), tokens, pages: memo.pages };
    }
  }
  state.background = undefined;
  // The blocks that still stand mostly for placeholders, oldest first, stay (for those units); the rest fold afresh.
  const kept: BackgroundSegment[] = [];
  for (const segment of memo?.segments ?? []) {
    const held = segmentStillHolds(segment, fidelities);
    // Each block after the one before it (a trimmed block's first unit may have moved on).
    if (!held || (kept.length > 0 && held.covers[0]! <= kept[kept.length - 1]!.covers[0]!)) break;
    // A trimmed block, or one whose units gained messages (late tool results), stands for its units' messages as they are now.
    kept.push(held === segment && coveredSourceCount(state.log, held.covers) === held.block.sourceIds.length ? segment : withSources(held, coveredSourceIds(state.log, held.covers)));
  }
  // A new block after the kept ones; else (it would sit beside the last, or past the most blocks) the last kept block extended.
  const grown = kept.length > 0 && memo !== undefined && runGrew(memo, fidelities, kept[kept.length - 1]!.covers[0]!);
  let folded = kept.length > 0 && kept.length < MAX_BACKGROUND_BLOCKS && !grown ? foldSegments(state, rendered, fidelities, budget, counter, reserve, kept, memo) : undefined;
  if (!folded && kept.length > 0) folded = foldSegments(state, rendered, fidelities, budget, counter, reserve, kept.slice(0, -1), memo, kept[kept.length - 1]);
  folded ??= foldSegments(state, rendered, fidelities, budget, counter, reserve, [], memo);
  // Kept when no block folds too: it records the runs that stay runs.
  if (folded) state.background = folded.memo;
  return folded && folded.memo.segments.length > 0 ? folded.history : undefined;
}

/**
 * Whether the placeholder run holding `unit` is not the one it was last turn (new placeholders
 * joined it): a block that sits there is extended (a new block beside it would make two
 * placeholders in a row).
 */
function runGrew(memo: BackgroundMemo, fidelities: readonly Fidelity[], unit: number): boolean {
  let start = unit;
  while (start > 0 && fidelities[start - 1] === 'placeholder') start--;
  let end = unit;
  while (end + 1 < fidelities.length && fidelities[end + 1] === 'placeholder') end++;
  for (let at = 0; at < memo.runs.length; at += 2) if (memo.runs[at]! <= unit && unit <= memo.runs[at + 1]!) return memo.runs[at] !== start || memo.runs[at + 1] !== end;
  return true;
}

/** The segment standing for `sourceIds` (its text unchanged). */
function withSources(segment: BackgroundSegment, sourceIds: string[]): BackgroundSegment {
  return { ...segment, block: { ...segment.block, sourceIds } };
}

/**
 * Whether the folded run messages are the memo's (the very objects, or messages standing for as
 * many log messages as the blocks: a unit's messages only grow, so the same count is the same set).
 */
function sameSources(memo: BackgroundMemo, sources: readonly ViewMessage[]): boolean {
  if (memo.sources && memo.sources.length === sources.length && memo.sources.every((message, at) => message === sources[at])) return true;
  let blocks = 0;
  for (const segment of memo.segments) blocks += segment.block.sourceIds.length;
  let runs = 0;
  for (const message of sources) runs += message.sourceIds.length;
  return runs === blocks;
}
