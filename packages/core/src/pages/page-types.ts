/** What a page is: one unit of the log (Original), or a synthesis of pages (Consolidated). */
export type PageType = 'Original' | 'Consolidated';

/**
 * How a page is shown (the seed's semantic view states). `Summary`: the planner decides, as for
 * any unit — placeholder (`[cairn:placeholder id=…]`) or compressed (extractive summary);
 * `Detail`: the page's full content, kept until it is shelved or budget pressure takes it
 * (oldest consult first); `Unpacked`: a consolidated page's sub-pages (consolidated pages only).
 */
export type PageView = 'Summary' | 'Detail' | 'Unpacked';

/** The manifest of a page: its address and what it holds. */
export interface PageManifest {
  /** Short hash (8 hex characters), stable across restarts and stores. */
  id: string;
  type: PageType;
  /** Id of the unit (its lead message) this page is. */
  unitId: string;
  /** Ids of the log messages of the page. */
  messageIds: readonly string[];
  /** The lead message's timestamp (milliseconds), when the caller gave one. */
  timestamp: number | undefined;
  /** Semantic clusters: the page's strongest terms. */
  keywords: readonly string[];
  /** Extractive summary by the seed's rule (reasoning, conclusions, negations, corrections, anchors). */
  summary: string;
  /** How the page is shown now. */
  view: PageView;
  /**
   * Index state: interest, decaying by half every 10 turns (0: never consulted nor hit) — 1 per
   * consult, 0.5 per query hit (a view whose new query had one of the page's units among its best
   * matches). Read by metabolic merging: a page at `MERGE_HEAT_LIMIT` or more is not merged yet.
   */
  heat: number;
  /**
   * Index state: the fidelity the last view gave the page (`undefined` before any view); for a
   * consolidated page, the most faithful one any of its units got (`placeholder`: none of it is in
   * view but its marker). `view` says at which view state it is.
   */
  activation: 'full' | 'compressed' | 'placeholder' | undefined;
  /**
   * Index state: turns the page has been a placeholder without a break (0 while it is shown); for
   * a consolidated page, the original pages logged after it (what metabolic merging reads).
   */
  staleness: number;
  /** Consolidated pages: the ids of its sub-pages, in log order (the seed's Source Page Ids). */
  sources?: readonly string[];
  /** Consolidated pages: 1 when frozen from original pages, n + 1 when merged from pages of level n. */
  level?: number;
  /** Consolidated pages: topic partition id (pages about alike terms share it). */
  topic?: number;
  /** Consolidated pages: why it was made (`pivot`, `length`, `boundary` — a system message —, `merge`). */
  trigger?: 'pivot' | 'length' | 'boundary' | 'merge';
  /** The consolidated page that holds this page, if any. */
  parent?: string;
  /** Consolidated pages: links between its sub-pages (1-based positions) and to pages outside it (ids). */
  links?: readonly { from: number; to: number | string; kind: 'reply-to' | 'entity'; count: number }[];
}

/** A page whose view is above Summary, and the consult sequence number that put it there. */
export interface ZoomState {
  view: Exclude<PageView, 'Summary'>;
  since: number;
}

/** A zoom action. */
export type ZoomAction = 'Consult' | 'Shelve';

/** One step of the reasoning trace: a consult or shelve and why. */
export interface TraceStep {
  action: ZoomAction;
  /** Page ids it changed. */
  targets: string[];
  /** The caller's reason, escaped and cut to `pages.maxReasonChars`. */
  reason: string;
  /** The engine's turn (assembles so far) when it happened. */
  turn: number;
  /** Taken by the engine (budget pressure), not by the model. */
  auto?: boolean;
}

/** What `consult` / `shelve` take. */
export interface ZoomRequest {
  /**
   * Page ids, or the message ids that cairn's markers name (`id=`, `from=`, `to=`), or a range
   * `first..last` of either (a placeholder run's `from..to`): its pages are listed.
   */
  ids: readonly string[];
  /** Why: recorded, escaped and length-capped, in the reasoning trace shown next turn. */
  reason?: string;
}

/**
 * What happened to one requested id: `changed` (its view moved), `unchanged` (already there),
 * `unknown` (no page of this session has that id), `not-consulted` (a shelve of a page in
 * Summary), `invalid` (not a non-empty string), `listed` (a range `first..last`, as a placeholder
 * run's `from..to`: its pages are listed with their ids and summaries, to consult one by one;
 * nothing changes).
 */
export type ZoomStatus = 'changed' | 'unchanged' | 'unknown' | 'not-consulted' | 'invalid' | 'listed';

/** The outcome for one requested id. */
export interface ZoomEntry {
  /** The id as requested (cut to 64 characters). */
  id: string;
  /** The page it names, when it names one. */
  pageId?: string;
  status: ZoomStatus;
  from?: PageView;
  to?: PageView;
  /** One sentence a model can read (for `listed`: one line per page of the range). */
  message: string;
}

/** What `consult` / `shelve` did. */
export interface ZoomResult {
  action: ZoomAction;
  entries: ZoomEntry[];
  /** Ids beyond `pages.maxIdsPerCall`, not acted on. */
  skipped: number;
  /** Pages whose view changed. */
  changed: number;
  /** Every entry failed (unknown, invalid, not consulted) and nothing changed. */
  failed: boolean;
  /** The result as text for a model: what changed and what did not. */
  text: string;
}

/** What `engine.consolidate()` did. */
export interface ConsolidateResult {
  /** Consolidated pages in the index now. */
  pages: number;
  /** Ids of the pages metabolic merging made in this call (each a consolidated page of consolidated pages). */
  merged: string[];
}
