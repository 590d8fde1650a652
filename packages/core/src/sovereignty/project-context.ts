import { CairnError, type Fidelity } from '../log/index.js';
import { mdlQuality, type MdlQuality } from './mdl-quality.js';
import type { ResourceClass } from './resource-class.js';

/** One unit (or page) as the projector sees it: its class, its costs and its anchors. */
export interface ProjectionItem {
  readonly id: string;
  readonly resourceClass: ResourceClass;
  /** Its fidelity in the context being projected (the original: usually `full`). */
  readonly fidelity: Fidelity;
  readonly fullTokens: number;
  /** Tokens compressed (summarised, anchors kept); `undefined` when compressing saves nothing. */
  readonly compressedTokens: number | undefined;
  readonly placeholderTokens: number;
  /** Anchors (ids, numbers, names, negations) of the full rendering. */
  readonly anchors: number;
  /** Of them, how many the compressed rendering keeps. */
  readonly compressedAnchorsKept: number;
}

/** Options of {@link projectContext}. */
export interface ProjectOptions {
  /** Token budget the pressure is measured against. */
  readonly budget: number;
  /** Share of the budget the projection aims to use, in (0, 1]. */
  readonly targetPressure: number;
}

/** A lossy projection: every item's fidelity, what it costs, and its MDL quality. */
export interface Projection {
  readonly items: readonly { readonly id: string; readonly resourceClass: ResourceClass; readonly fidelity: Fidelity }[];
  /** Tokens of the projection. */
  readonly tokens: number;
  /** Tokens of the original (every item at its given fidelity). */
  readonly originalTokens: number;
  /** `targetPressure × budget`. */
  readonly target: number;
  /** Whether the projection reached the target (it may not when PRESERVED and REQUIRED alone are larger). */
  readonly fits: boolean;
  readonly quality: MdlQuality;
}

const RANK: Record<Fidelity, number> = { placeholder: 0, compressed: 1, full: 2 };

function cost(item: ProjectionItem, fidelity: Fidelity): number {
  if (fidelity === 'full') return item.fullTokens;
  if (fidelity === 'compressed') return item.compressedTokens ?? item.fullTokens;
  return item.placeholderTokens;
}

function lost(item: ProjectionItem, fidelity: Fidelity): number {
  if (fidelity === 'full') return 0;
  if (fidelity === 'compressed') return item.anchors - Math.min(item.anchors, item.compressedAnchorsKept);
  return item.anchors;
}

/** The projection of `items` at the given fidelities (checked to be no higher than the items'). */
function describe(items: readonly ProjectionItem[], fidelities: readonly Fidelity[], target: number): Projection {
  let tokens = 0;
  let originalTokens = 0;
  let anchors = 0;
  let anchorsLost = 0;
  items.forEach((item, index) => {
    const fidelity = fidelities[index]!;
    tokens += cost(item, fidelity);
    originalTokens += cost(item, item.fidelity);
    anchors += item.anchors - lost(item, item.fidelity);
    anchorsLost += lost(item, fidelity) - lost(item, item.fidelity);
  });
  return {
    items: items.map((item, index) => ({ id: item.id, resourceClass: item.resourceClass, fidelity: fidelities[index]! })),
    tokens,
    originalTokens,
    target,
    fits: tokens <= target,
    quality: mdlQuality({ originalTokens, projectedTokens: tokens, anchors, anchorsLost }),
  };
}

/**
 * The lossy projector (the lower adjoint of a Galois connection, not a lens: what it drops cannot
 * be recovered from its output). Reduces a context to `targetPressure × budget` tokens by class:
 * DROPPABLE items go to placeholders first (oldest first), then REQUIRED items are summarised
 * (compressed: decisions and anchors kept; largest saving first); PRESERVED items are never
 * touched. It only ever lowers fidelities, so a projection never shows more than its input.
 *
 * @throws CairnError `INVALID_OPTIONS` for a budget that is not a positive number or a target
 *   pressure outside (0, 1]
 *
 * @example
 * ```ts
 * const projection = projectContext(items, { budget: 8_000, targetPressure: 0.5 });
 * projection.quality.quality; // compression ratio × (1 − anchor loss)
 * ```
 */
export function projectContext(items: readonly ProjectionItem[], { budget, targetPressure }: ProjectOptions): Projection {
  if (typeof budget !== 'number' || !Number.isFinite(budget) || budget <= 0) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `project: budget must be a positive number of tokens, got ${String(budget)}.`, details: { budget } });
  }
  if (typeof targetPressure !== 'number' || !(targetPressure > 0 && targetPressure <= 1)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `project: targetPressure must be in (0, 1], got ${String(targetPressure)}.`, details: { targetPressure } });
  }
  const target = targetPressure * budget;
  const fidelities = items.map((item) => item.fidelity);
  let tokens = 0;
  items.forEach((item) => (tokens += cost(item, item.fidelity)));
  const lower = (index: number, to: Fidelity): void => {
    const item = items[index]!;
    if (RANK[to] >= RANK[fidelities[index]!]) return;
    const saved = cost(item, fidelities[index]!) - cost(item, to);
    if (saved <= 0) return;
    fidelities[index] = to;
    tokens -= saved;
  };
  for (let index = 0; index < items.length && tokens > target; index++) {
    if (items[index]!.resourceClass === 'droppable') lower(index, 'placeholder');
  }
  if (tokens > target) {
    const required = items
      .map((item, index) => ({ index, saving: item.compressedTokens === undefined ? 0 : cost(item, fidelities[index]!) - item.compressedTokens }))
      .filter(({ index, saving }) => items[index]!.resourceClass === 'required' && saving > 0)
      .sort((a, b) => b.saving - a.saving || a.index - b.index);
    for (const { index } of required) {
      if (tokens <= target) break;
      lower(index, 'compressed');
    }
  }
  return describe(items, fidelities, target);
}

/**
 * The upper adjoint: the context a projection came from — every item back at the fidelity it had
 * in `items` (what the log still holds; nothing is invented). `projectContext(items')` of the
 * expansion never shows more than the projection it expanded.
 *
 * @throws CairnError `INVALID_OPTIONS` when the projection is not one of these items (other ids,
 *   another order, or a fidelity higher than the item's)
 */
export function expandProjection(items: readonly ProjectionItem[], projection: Projection): Projection {
  const projected = projection?.items;
  const fits = (entry: { id?: unknown; fidelity?: unknown } | undefined, index: number): boolean =>
    entry?.id === items[index]!.id && typeof entry.fidelity === 'string' && entry.fidelity in RANK && RANK[entry.fidelity as Fidelity] <= RANK[items[index]!.fidelity];
  if (!Array.isArray(projected) || projected.length !== items.length || !projected.every(fits)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'expand: the projection does not come from this context (its items differ). Project again, then expand.' });
  }
  return describe(items, items.map((item) => item.fidelity), projection.target);
}

/** True when `a` shows at most what `b` shows: item by item, no higher fidelity (the projection order). */
export function showsAtMost(a: Projection, b: Projection): boolean {
  return a.items.length === b.items.length && a.items.every((item, index) => item.id === b.items[index]!.id && RANK[item.fidelity] <= RANK[b.items[index]!.fidelity]);
}
