// Pages and zoom (PCP, issue 14): page manifests and ids, consolidation on topic pivots, the page index,
// view states (Summary / Detail / Unpacked), consult and shelve, the reasoning trace.
// Public surface of this folder: other folders import it only through this file.

export { cleanReason } from './clean-reason.js';
export { PageBook } from './page-book.js';
export type { ZoomState } from './page-book.js';
export { looksLikePageId, PAGE_ID_LENGTH, pageIdOf } from './page-id.js';
export { pageSnapshot, restorePages } from './page-snapshot.js';
export type { PageSnapshot } from './page-snapshot.js';
export { consolidatePages, MERGE_HEAT_LIMIT } from './consolidate-pages.js';
export { consolidatedManifest } from './consolidated-manifest.js';
export { renderPageIndex, PAGE_INDEX_HEADER, PAGE_INDEX_IDS_HEADER, INDEX_IDS_PER_LINE, INDEX_PRESSURE_REASON } from './render-page-index.js';
export { CASCADE_REASON } from './zoom-container.js';
export { MAX_MERGE_CHILDREN } from './consolidation.js';
export type { ConsolidatedPage } from './consolidated-page.js';
export type { PageLink } from './page-topology.js';
export type { ConsolidateResult, PageManifest, PageType, PageView, TraceStep, ZoomAction, ZoomEntry, ZoomRequest, ZoomResult, ZoomStatus } from './page-types.js';
export { renderTrace } from './render-trace.js';
export { PRESSURE_REASON, settleConsults } from './settle-consults.js';
export { MIN_SPECIFIC_TERMS, reconstructQuery, specificTerms } from './reconstruct-query.js';
export { refineText, summarizePage } from './summarize-page.js';
export { zoomPages } from './zoom-pages.js';
export { recordQueryHits } from './record-query-hits.js';
export { QUERY_HIT_HEAT } from './page-book.js';
export { CONSOLIDATED_SUMMARY_INSTRUCTIONS, MAX_WRITTEN_SUMMARY_CHARS, WRITTEN_SUMMARY_MAX_TOKENS, refuseWrittenSummary, writePageSummaries } from './write-page-summaries.js';
export type { WritePageSummariesResult } from './write-page-summaries.js';
export { BACKGROUND_ENTRIES_PER_LINE, BACKGROUND_HEADER, BACKGROUND_KEYWORDS, BACKGROUND_MORE_HEADER, backgroundEntryText, backgroundKeywords, foldedPageCursor, foldedPageOf, renderBackgroundContext } from './background-context.js';
export type { BackgroundEntry, FoldedPageCursor } from './background-context.js';
