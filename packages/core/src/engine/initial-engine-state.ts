import { DenseEmbeddings, DirectionTracker } from '../direction/index.js';
import { DeadEndTracker } from '../dead-ends/index.js';
import { checkedTokenCounter, createBpeTokenCounter, SessionLog } from '../log/index.js';
import { resolveOptions, type ContextEngineOptions } from '../options/index.js';
import { PageBook } from '../pages/index.js';
import { createPlaybookRuntime } from '../playbook/index.js';
import type { EngineState } from '../render/index.js';
import { ResourceLedger } from '../sovereignty/index.js';
import { createLexicalVectoriser } from '../text/index.js';

/**
 * The state of a new, empty engine: options resolved and checked, an empty log, every subsystem
 * (direction, dead ends, pages, resource classes, playbook) at its start.
 * @throws CairnError `INVALID_OPTIONS` / `INVALID_BUDGET` for options that make no sense
 * @internal
 */
export function initialEngineState(options: ContextEngineOptions): EngineState {
  const tokenCounter = checkedTokenCounter(options.tokenCounter ?? createBpeTokenCounter());
  const log = new SessionLog(tokenCounter, createLexicalVectoriser());
  // The default clock counts logged messages: deterministic, and restored with the log.
  const resolved = resolveOptions({ ...options, tokenCounter, now: options.now ?? (() => log.entries.length) });
  return {
    options: resolved,
    log,
    units: [],
    turn: 0,
    phase: 'idle',
    direction: new DirectionTracker(),
    summaries: new Map(),
    pinned: new Set(),
    lastBudget: resolved.budget,
    lastView: [],
    lastViewTokens: 0,
    regradedTurn: -1,
    normalisers: { intent: 1, keyword: 1 },
    lastSignature: '',
    unitsAtRescore: 0,
    lastQuery: undefined,
    dense: resolved.embedder ? new DenseEmbeddings(resolved.embedder) : undefined,
    registeredDeadEnds: new Set(),
    preloadedDeadEnds: new Set(),
    pages: new PageBook(log, resolved.sessionId, resolved.pages.consolidation),
    deadEnds: new DeadEndTracker({ sessionId: resolved.sessionId, now: resolved.now, vectorise: (text) => log.vectoriser.vector(text), ...resolved.deadEndRegistry }),
    resources: new ResourceLedger(),
    playbook: resolved.playbook.enabled ? createPlaybookRuntime(resolved.playbook, resolved.now, (text) => tokenCounter.count(text)) : undefined,
  };
}
