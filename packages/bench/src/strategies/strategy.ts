import type { CairnMessage, TokenCounter } from '@cairn/core';

/** The names of the context strategies the benchmark compares. */
export type StrategyName = 'full' | 'recency' | 'clear-tool-uses' | 'prune' | 'bm25' | 'cairn';

/** Every {@link StrategyName}, in the order reports list them. */
export const STRATEGY_NAMES: readonly StrategyName[] = ['full', 'recency', 'clear-tool-uses', 'prune', 'bm25', 'cairn'];

/** What every strategy gets when a session starts: the same budget and token counter for all. */
export interface StrategySessionOptions {
  /** Token budget of each view, in `counter` tokens (as `countMessageTokens` sums them). */
  budget: number;
  /** The token counter every strategy and every metric of a run share. */
  counter: TokenCounter;
}

/** What a turn asks for. */
export interface ViewRequest {
  /** The question or task of this turn, when there is one (BM25 and cairn use it). */
  query?: string;
  /**
   * What the view is for: `'turn'`, the model call of an agent step (the query is the latest user
   * message), or `'probe'`, a question asked about the history. Default `'probe'`.
   */
  purpose?: 'turn' | 'probe';
}

/**
 * One session of one strategy. The runner appends messages as the session unfolds and asks for a
 * view at the turns it measures; a session never sees messages it was not given (no peeking ahead).
 */
export interface StrategySession {
  /** Append new messages (in order). */
  ingest(messages: readonly CairnMessage[]): void | Promise<void>;
  /**
   * The view for this turn: messages in order, as `CairnMessage`-shaped objects. Tool results keep
   * `toolCallId`; messages a strategy rewrote keep the id of the message they stand for.
   */
  view(request: ViewRequest): Promise<CairnMessage[]>;
}

/** A way of choosing what the model sees each turn, compared with the others in one run. */
export interface ContextStrategy {
  /** The strategy's name in reports (`cairn+embeddings` and variants: an engine with an embedder). */
  name: StrategyName | (string & {});
  /** One sentence on what it does and which library call it makes. */
  description: string;
  /** Starts a session with an empty history. */
  createSession(options: StrategySessionOptions): StrategySession;
}
