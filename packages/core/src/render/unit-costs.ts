import { missingResults, placeholderText, renderCompressed, renderFull, sumTokens, type RenderContext } from './render-unit.js';
import { MESSAGE_OVERHEAD_TOKENS } from '../log/index.js';
import type { Unit } from '../log/index.js';

/** Token costs of one unit at each fidelity. @internal */
export interface UnitCosts {
  full(unit: number): number;
  /** Compressed cost, or `undefined` when compressing would not save tokens. */
  compressed(unit: number): number | undefined;
  /** Cost of the unit rendered alone as a placeholder. */
  placeholder(unit: number): number;
  /** Upper bound of a merged run of two or more placeholders. */
  readonly runBound: number;
}

const RUN_TEMPLATE =
  '[cairn:placeholder from= to= count=99999999] tool calls: ×99999, ×99999, ×99999, …; 99999999 failed';
/** A run in a log without tool calls never has the tool tally. */
const PLAIN_RUN_TEMPLATE = '[cairn:placeholder from= to= count=99999999]';
const COMPRESSED_HEADER_TOKENS = 16;
/** Tokens a page id (8 hex characters) is assumed to take when the context does not say. */
const PAGE_ID_TOKENS = 6;

/**
 * Token costs of units at each fidelity for planning: exact for full and placeholder
 * renderings, an estimate from the compression ratio for compressed ones (the final render is
 * counted exactly and re-fitted if it is over). Depends only on the units' content, so the
 * same state plans the same way whatever was rendered before.
 * @internal
 */
export function createUnitCosts(units: readonly Unit[], context: RenderContext): UnitCosts & { fullTotal(): number; measureExactly(unit: number): void } {
  const { counter, log } = context;
  const fullCache = new Map<number, { version: number; tokens: number }>();
  const full = (index: number): number => {
    const unit = units[index]!;
    if (unit.openCalls === 0 && unit.kind !== 'orphan-result') return unit.messageTokens;
    const cached = fullCache.get(index);
    if (cached && cached.version === unit.version) return cached.tokens;
    const tokens = renderFull(unit, context).tokens;
    fullCache.set(index, { version: unit.version, tokens });
    return tokens;
  };
  const compressedEstimate = (unit: Unit): number => {
    const idTokens = log.maxIdTokens;
    const cap = context.squeeze?.get(unit.index);
    let estimate = 0;
    for (const position of unit.positions) {
      const tokens = log.entries[position]!.tokens;
      const content = cap ?? Math.max(16, Math.ceil(tokens * context.compressionRatio));
      estimate += Math.min(tokens, content) + COMPRESSED_HEADER_TOKENS + idTokens;
    }
    // Unanswered calls render with a synthetic error result at every fidelity.
    if (unit.openCalls > 0) estimate += sumTokens(missingResults(unit), counter);
    return estimate + 4 * idTokens + 8;
  };
  const squeezedCache = new Map<string, number>();
  // Compressed estimates by unit version, kept across turns (a pure function of the unit, the id
  // width, the ratio and the counter: a new question would otherwise estimate every unit again).
  // A unit appended later, or a log whose id width grew, is estimated afresh.
  const { estimates, versions } = estimateStore(log, context, units.length);
  const maxIdTokens = log.maxIdTokens;
  const exact = new Set<number>();
  const { squeeze } = context;
  // A bound on any merged run's cost; the tool tally only when the log has tool calls at all.
  const hasTools = log.maxToolNameTokens > 0;
  const runBound = MESSAGE_OVERHEAD_TOKENS + counter.count(hasTools ? RUN_TEMPLATE : PLAIN_RUN_TEMPLATE) + 2 * log.maxIdTokens + 3 * log.maxToolNameTokens + (hasTools ? 8 : 4) + (context.pageId ? counter.count(' pages=..') + 2 * (context.pageIdTokens ?? PAGE_ID_TOKENS) : 0);
  return {
    full,
    compressed(index) {
      // A unit squeezed by the budget fallback is rendered and counted exactly (rare, and the
      // fallback must know whether the view fits). Planning asks this of every unit, several
      // times a pass: the two lookups are skipped while nothing is squeezed or measured.
      const cap = squeeze !== undefined && squeeze.size > 0 ? squeeze.get(index) : undefined;
      if (cap !== undefined) {
        const key = `${index}:${cap}`;
        let tokens = squeezedCache.get(key);
        if (tokens === undefined) {
          tokens = renderCompressed(units[index]!, context).tokens;
          squeezedCache.set(key, tokens);
        }
        return tokens < full(index) ? tokens : undefined;
      }
      // Units the budget fallback works on are measured: rendering is a pure function of the
      // unit, so this does not depend on what happens to be cached.
      if (exact.size > 0 && exact.has(index)) {
        const tokens = renderCompressed(units[index]!, context).tokens;
        return tokens < full(index) ? tokens : undefined;
      }
      // Otherwise always the estimate, never a cached exact count: planning must not depend on what
      // happens to be cached, or a restored engine (no caches) would plan differently. The
      // estimate itself is a function of the unit alone, computed once per turn.
      const cacheable = index < estimates.length && maxIdTokens === log.maxIdTokens;
      let tokens = cacheable && versions[index] === units[index]!.version ? estimates[index]! : -1;
      if (tokens < 0) {
        tokens = compressedEstimate(units[index]!);
        if (cacheable) {
          estimates[index] = tokens;
          versions[index] = units[index]!.version;
        }
      }
      return tokens < full(index) ? tokens : undefined;
    },
    placeholder(index) {
      const unit = units[index]!;
      const cached = unit.placeholderCache;
      if (cached && cached.version === unit.version) return cached.tokens;
      const text = placeholderText(unit, context, full(index));
      const tokens = MESSAGE_OVERHEAD_TOKENS + counter.count(text);
      unit.placeholderCache = { version: unit.version, text, tokens };
      return tokens;
    },
    runBound,
    measureExactly(index) {
      exact.add(index);
    },
    fullTotal() {
      // The log's units: settled units summed as they settled, the few others costed now.
      if (units === log.units) {
        let total = log.settledFullTokens;
        for (const index of log.irregularUnits) total += full(index);
        return total;
      }
      let total = 0;
      for (let index = 0; index < units.length; index++) total += full(index);
      return total;
    },
  };
}

/** Compressed estimates of one log's units (`versions[unit]`: the version estimated, -1: none). */
interface EstimateStore {
  readonly counter: RenderContext['counter'];
  readonly compressionRatio: number;
  readonly maxIdTokens: number;
  estimates: Float64Array;
  versions: Int32Array;
}

const estimateStores = new WeakMap<RenderContext['log'], EstimateStore>();

/** The log's estimate store, started afresh when what an estimate depends on changed, grown to `size` units. */
function estimateStore(log: RenderContext['log'], context: RenderContext, size: number): EstimateStore {
  let store = estimateStores.get(log);
  if (!store || store.counter !== context.counter || store.compressionRatio !== context.compressionRatio || store.maxIdTokens !== log.maxIdTokens) {
    store = { counter: context.counter, compressionRatio: context.compressionRatio, maxIdTokens: log.maxIdTokens, estimates: new Float64Array(size), versions: new Int32Array(size).fill(-1) };
    estimateStores.set(log, store);
  }
  if (store.versions.length < size) {
    const capacity = Math.max(size, 2 * store.versions.length);
    const estimates = new Float64Array(capacity);
    estimates.set(store.estimates);
    const versions = new Int32Array(capacity).fill(-1);
    versions.set(store.versions);
    store.estimates = estimates;
    store.versions = versions;
  }
  return store;
}

/** Renders a unit compressed now (exact cost), so planning stops estimating it. @internal */
export function settleCompressed(unit: Unit, context: RenderContext): number {
  return renderCompressed(unit, context).tokens;
}
