import type { EngineState } from '../render/index.js';

/**
 * Freezes the consolidated pages the log now lets freeze, when the Background_Context block is on
 * (`pages.consolidation.background`): its fold names the top-level page of every unit it folds,
 * so a view would freeze them all at once — a long session's first view paid for every page of
 * its history. Called after each ingest: a turn's messages freeze the few pages they close (a
 * batch of a whole history freezes its pages then, not at the view). The pages are those a view
 * would freeze at this log. @internal
 */
export function freezeBackgroundPages(state: EngineState): void {
  if (state.options.pages.consolidation.background) state.pages.consolidation?.sync();
}
