import type { AssembleMetadata, AssembleResult, DecisionReason, UnitDecision } from './engine-types.js';
import type { EngineState, RenderCache } from './engine-state.js';
import { CairnError } from '../log/index.js';
import { renderCompressed, renderFull, renderPlaceholderRunParts, type RenderContext } from './render-unit.js';
import { contentText, countMessageTokens } from '../log/index.js';
import type { Fidelity, ViewMessage, WorkPhase } from '../log/index.js';
import type { Unit } from '../log/index.js';
import type { createUnitCosts } from './unit-costs.js';
import { foldBackground } from './fold-background.js';
import { placeholderRunTokens } from './run-tokens.js';
import { keepRun, keptRun } from './run-message-cache.js';
import { firstVersionChange, recordRenderedAt } from './render-cache-versions.js';
import { placeBrief, placeShownBrief, shownWithOtherCounters } from './place-brief.js';
import type { ShownBrief } from './brief-changes.js';
import { renderingCounter } from './run-tokens.js';

/** What `renderView` needs from the planning step. @internal */
export interface RenderRequest {
  /** What the history may use: the budget less the brief. */
  budget: number;
  /** The whole budget of the view. */
  fullBudget: number;
  /** The brief shown after the history, if any (its tokens are outside `budget`). */
  brief?: ViewMessage;
  /** The tokens reserved for the brief (with `briefShown`, the larger of it and the current brief). */
  briefTokens?: number;
  /** The brief as the previous view showed it and its changes since (`prefix.briefChanges: 'appended'`). */
  briefShown?: ShownBrief;
  fidelities: Fidelity[];
  previous: readonly (Fidelity | undefined)[];
  reasons: DecisionReason[];
  mode: AssembleMetadata['mode'];
  historyTokens: number;
  rescored: AssembleMetadata['rescored'];
  regraded: boolean;
  compacted: number;
  sample: AssembleMetadata['direction'];
  workPhase: WorkPhase;
  context: RenderContext;
  costs: ReturnType<typeof createUnitCosts>;
  /** Fits the plan to `target` planned tokens (degrades, then gives back what it freed beyond that); used if the exact count comes out over. */
  refit: (target: number) => Fidelity[];
}

const MAX_REFITS = 6;

/** Fidelities in order of how much they show (a refit that gives room back raises some units). */
const SHOWN: Record<Fidelity, number> = { placeholder: 0, compressed: 1, full: 2 };

/** What the Background_Context block's keywords leave free: the room a cache-aware plan grows into on steady turns. */
function backgroundReserve(state: EngineState, budget: number): number {
  const { cacheAware, compactAt } = state.options.prefix;
  return cacheAware ? Math.floor(budget * (1 - compactAt)) : 0;
}

function firstChangedUnit(state: EngineState, units: readonly Unit[], fidelities: readonly Fidelity[], cache: RenderCache | undefined): number {
  if (!cache) return 0;
  const shared = Math.min(units.length, cache.fidelities.length);
  let unit = 0;
  const versionsFrom = firstVersionChange(state, cache, shared);
  while (unit < versionsFrom && cache.fidelities[unit] === fidelities[unit]) unit++;
  if (unit === versionsFrom) while (unit < shared && cache.fidelities[unit] === fidelities[unit] && cache.versions[unit] === units[unit]!.version) unit++;
  if (unit === cache.fidelities.length && unit === units.length) return unit;
  // A placeholder run that the change extends must be rendered again from its start.
  while (unit > 0 && fidelities[unit - 1] === 'placeholder' && (unit >= shared || fidelities[unit] === 'placeholder' || cache.fidelities[unit] === 'placeholder')) unit--;
  return unit;
}

function renderMessages(state: EngineState, units: readonly Unit[], fidelities: readonly Fidelity[], request: RenderRequest, cache: RenderCache | undefined): RenderCache {
  const { context, costs } = request;
  const start = firstChangedUnit(state, units, fidelities, cache);
  const reuse = cache !== undefined && start > 0 && start <= cache.firstMessage.length;
  const appendOnly = reuse && start === cache.firstMessage.length;
  const unchanged = cache !== undefined && start === units.length && start === cache.fidelities.length;
  if (unchanged) return cache;
  const keep = reuse ? (appendOnly ? cache.messages.length : cache.firstMessage[start]!) : 0;
  let tokens = reuse ? (appendOnly ? cache.tokens : cache.tokensAtUnit[start]!) : 0;
  // The per-unit arrays are internal: cut them back and extend them in place (no O(log) copies).
  const firstMessage: number[] = reuse ? cache.firstMessage : [];
  const tokensAtUnit: number[] = reuse ? cache.tokensAtUnit : [];
  firstMessage.length = reuse ? start : 0;
  tokensAtUnit.length = reuse ? start : 0;
  const messages: ViewMessage[] = reuse ? cache.messages : [];
  messages.length = keep;
  const from = reuse ? start : 0;
  let run: Unit[] = [];
  // Merged runs of settled units come back from view to view (run-message-cache.ts); page ids are not kept.
  const keepRuns = context.pageId === undefined;
  const flush = (): void => {
    if (run.length === 0) return;
    const single = run.length === 1 ? run[0]! : undefined;
    const first = run[0]!.index;
    const last = run[run.length - 1]!.index;
    const kept = !single && keepRuns ? keptRun(context.log, context.counter, first, last) : undefined;
    if (kept) {
      messages.push(kept.message);
      tokens += kept.tokens;
      run = [];
      return;
    }
    const cost = single ? costs.placeholder(single.index) : 0;
    const { message, parts } = renderPlaceholderRunParts(run, context, single ? [single.placeholderCache!.text] : []);
    messages.push(message);
    const runTokens = single ? cost : placeholderRunTokens(message, parts, context.counter, { log: context.log, first, last });
    tokens += runTokens;
    if (!single && keepRuns) keepRun(context.log, context.counter, first, last, message, runTokens);
    run = [];
  };
  for (let index = from; index < units.length; index++) {
    const unit = units[index]!;
    const fidelity = fidelities[index]!;
    if (fidelity === 'placeholder') {
      if (run.length === 0) {
        firstMessage.push(messages.length);
        tokensAtUnit.push(tokens);
      } else {
        firstMessage.push(firstMessage[firstMessage.length - 1]!);
        tokensAtUnit.push(tokensAtUnit[tokensAtUnit.length - 1]!);
      }
      run.push(unit);
      continue;
    }
    flush();
    firstMessage.push(messages.length);
    tokensAtUnit.push(tokens);
    const rendering = fidelity === 'full' ? renderFull(unit, context) : renderCompressed(unit, context);
    for (const message of rendering.messages) messages.push(message);
    tokens += rendering.tokens;
  }
  flush();
  const versions = reuse ? cache.versions : [];
  versions.length = from;
  for (let index = from; index < units.length; index++) versions.push(units[index]!.version);
  const rendered: RenderCache = { fidelities: [...fidelities], versions, firstMessage, tokensAtUnit, messages, tokens };
  recordRenderedAt(state, rendered);
  return rendered;
}

function viewKey(message: ViewMessage): string {
  // A full history message is its id; a synthetic one (the brief) changes text under the same id.
  return `${message.id}\u0000${message.fidelity}\u0000${message.fidelity === 'full' && !message.synthetic ? '' : contentText(message.content)}`;
}

/** The messages of each engine's last view, with the key list made from them (`state.lastView` then). */
const lastViews = new WeakMap<EngineState, { messages: readonly ViewMessage[]; keys: readonly string[] }>();

/**
 * The brief with the text the last view showed when only lesson counters changed since, if that
 * text takes no more tokens (the plan reserved the new text's).
 */
function withShownCounters(state: EngineState, request: RenderRequest): Pick<RenderRequest, 'brief' | 'briefTokens'> {
  const { brief, briefTokens } = request;
  if (!brief || briefTokens === undefined) return request;
  const shown = shownWithOtherCounters(state.lastView, brief.id, contentText(brief.content));
  if (shown === undefined) return request;
  const message: ViewMessage = { ...brief, content: shown };
  const tokens = countMessageTokens(message, renderingCounter(state.options.tokenCounter));
  return tokens <= briefTokens ? { brief: message, briefTokens: tokens } : request;
}

/**
 * The view's messages with the brief placed: the brief as shown with its changes where it stood
 * (`briefShown`), else (it moves anyway) the current brief, changes taken in, where its tokens
 * fit what was reserved; with the tokens of what is shown.
 */
function placeTurnBrief(state: EngineState, request: RenderRequest, history: readonly ViewMessage[], sticky: boolean): { messages: ViewMessage[]; briefTokens: number | undefined } {
  const keyAt = lastViewKeyAt(state);
  const shown = sticky ? request.briefShown : undefined;
  if (shown) {
    const placed = placeShownBrief(history, shown.message, shown.changes, shown.collapsed, state.lastView, keyAt);
    if (placed) return { messages: placed.messages, briefTokens: placed.collapsed ? shown.collapsedTokens : shown.tokens };
    const current = request.brief ? countMessageTokens(request.brief, renderingCounter(state.options.tokenCounter)) : 0;
    if (request.brief && current > (request.briefTokens ?? 0)) return { messages: [...history, shown.message, shown.collapsed], briefTokens: shown.collapsedTokens };
    return { messages: placeBrief(history, request.brief, false, state.lastView, keyAt), briefTokens: request.brief ? current : undefined };
  }
  // Not sticky (a passthrough view): the current brief, counted (the reserve was the larger).
  const current = request.briefShown && request.brief ? { ...request, briefTokens: countMessageTokens(request.brief, renderingCounter(state.options.tokenCounter)) } : request;
  const { brief, briefTokens } = sticky ? withShownCounters(state, current) : current;
  return { messages: placeBrief(history, brief, sticky, state.lastView, keyAt), briefTokens };
}

/** A message's key, reusing the last view's where the same message object stands at the same index. */
function lastViewKeyAt(state: EngineState): (message: ViewMessage, index: number) => string {
  const last = lastViews.get(state);
  const reusable = last !== undefined && last.keys === state.lastView ? last : undefined;
  if (reusable === undefined) return viewKey;
  return (message, index) => (index >= 0 && index < reusable.messages.length && reusable.messages[index] === message ? reusable.keys[index]! : viewKey(message));
}

/**
 * The keys of this turn's view: a message that is the very object at the same place in the last
 * view (a steady turn reuses most; view messages never change once rendered) keeps its key, the
 * others are keyed anew. Used only while `state.lastView` is still the list made then.
 */
function viewKeys(state: EngineState, messages: readonly ViewMessage[]): string[] {
  const keyAt = lastViewKeyAt(state);
  const keys = new Array<string>(messages.length);
  for (let index = 0; index < messages.length; index++) keys[index] = keyAt(messages[index]!, index);
  // A copy: the caller owns the returned list and may change it.
  lastViews.set(state, { messages: messages.slice(), keys });
  return keys;
}

/**
 * Renders planned fidelities into the view, counts it exactly (re-fitting if a compressed
 * estimate came out low), records the new state, and builds the metadata. @internal
 */
export function renderView(state: EngineState, request: RenderRequest): AssembleResult {
  const { log, units } = state;
  const { budget, reasons, previous } = request;
  let fidelities = request.fidelities;
  // A compressed rendering that is not smaller than the unit itself is shown full instead
  // (planning estimates compressed costs; this is where the exact count decides).
  for (let index = 0; index < fidelities.length; index++) {
    if (fidelities[index] !== 'compressed') continue;
    const unit = log.units[index]!;
    if (renderCompressed(unit, request.context).tokens >= request.costs.full(index)) {
      fidelities[index] = 'full';
      units[index]!.fidelity = 'full';
      units[index]!.placeholderSince = -1;
    }
  }
  // The cache is reused in place: drop it first, so a throw below cannot leave a torn one.
  const squeezing = (request.context.squeeze?.size ?? 0) > 0;
  const cache = state.renderCache?.squeezed || squeezing ? undefined : state.renderCache;
  state.renderCache = undefined;
  let rendered = renderMessages(state, log.units, fidelities, request, cache);
  for (let attempt = 0; rendered.tokens > budget && attempt < MAX_REFITS; attempt++) {
    const before = fidelities;
    fidelities = request.refit(budget - (rendered.tokens - budget) * (attempt + 1) - budget * 0.02 * attempt);
    for (let index = 0; index < fidelities.length; index++) {
      if (fidelities[index] !== before[index]) {
        reasons[index] = SHOWN[fidelities[index]!] > SHOWN[before[index]!] ? 'selected' : 'compacted';
        units[index]!.fidelity = fidelities[index]!;
        if (fidelities[index] === 'placeholder' && units[index]!.placeholderSince < 0) units[index]!.placeholderSince = state.turn;
        if (fidelities[index] !== 'placeholder') units[index]!.placeholderSince = -1;
      }
    }
    rendered = renderMessages(state, log.units, fidelities, request, rendered);
  }
  if (rendered.tokens > budget) {
    throw new CairnError({
      code: 'BUDGET_EXCEEDED',
      message: `The smallest view cairn can build needs ${rendered.tokens} tokens, over the cairn budget of ${budget} tokens: the system prompt, pinned messages and latest user turn cut as far as they go, and the placeholders that mark what was left out. Raise the budget or unpin messages.`,
      details: { budget, requiredTokens: rendered.tokens, viewTokens: rendered.tokens },
    });
  }
  rendered.squeezed = squeezing;
  state.renderCache = rendered;
  // Dual-decay overflow (opt-in): placeholder runs fold into one Background_Context block.
  const background = state.options.pages.consolidation.background ? foldBackground(state, rendered, fidelities, budget, request.context.counter, backgroundReserve(state, budget)) : undefined;
  const history = background?.messages ?? rendered.messages;
  // A curated view keeps the brief where the last one showed it (prefix.brief 'sticky'); a view
  // shown whole (passthrough) is the history as given, brief last.
  const { cacheAware, brief: briefAt } = state.options.prefix;
  const sticky = cacheAware && briefAt === 'sticky' && request.mode === 'curated';
  const { messages, briefTokens } = placeTurnBrief(state, request, history, sticky);
  const viewTokens = (background?.tokens ?? rendered.tokens) + (briefTokens ?? 0);
  const keys = viewKeys(state, messages);
  let stablePrefix = 0;
  while (stablePrefix < keys.length && stablePrefix < state.lastView.length && keys[stablePrefix] === state.lastView[stablePrefix]) stablePrefix++;
  state.lastView = keys;
  state.lastViewTokens = viewTokens;
  state.lastBudget = request.fullBudget;

  const counts: Record<Fidelity, number> = { full: 0, compressed: 0, placeholder: 0 };
  const hot: string[] = [];
  const unansweredCalls: string[] = [];
  const orphanResults: string[] = [];
  // Per unit only the plan's own arrays are read; the log's units only where they matter: the
  // hot ones, and orphan results and open calls (the log's irregular units, in index order).
  let full = 0;
  let compressed = 0;
  for (let index = 0; index < fidelities.length; index++) {
    const fidelity = fidelities[index]!;
    if (fidelity === 'full') full++;
    else if (fidelity === 'compressed') compressed++;
    const reason = reasons[index];
    if (reason === 'mandatory:hot' || reason === 'mandatory:latest-user') hot.push(log.units[index]!.id);
  }
  counts.full = full;
  counts.compressed = compressed;
  counts.placeholder = fidelities.length - full - compressed;
  for (const index of [...log.irregularUnits].sort((a, b) => a - b)) {
    const unit = log.units[index]!;
    if (unit.kind === 'orphan-result') orphanResults.push(unit.id);
    if (unit.openCalls > 0) for (const call of unit.calls) if (call.answer < 0) unansweredCalls.push(call.id);
  }
  const scores = new Float64Array(units.length);
  for (let index = 0; index < scores.length; index++) scores[index] = units[index]!.score;
  // The render's own copy of the fidelities it rendered (never changed later) is this turn's.
  const finalFidelities = rendered.fidelities.length === fidelities.length ? rendered.fidelities : [...fidelities];
  const unitCount = log.units.length;
  // Built on first read: a per-unit record costs O(log) allocations a turn that most callers never read.
  const decisions = (): UnitDecision[] => {
    const records: UnitDecision[] = [];
    for (let index = 0; index < unitCount; index++) {
      const unit = log.units[index]!;
      records.push({
        unitId: unit.id,
        messageIds: unit.positions.map((position) => log.entries[position]!.message.id),
        score: scores[index]!,
        fidelity: finalFidelities[index]!,
        previous: previous[index],
        reason: reasons[index] ?? 'kept',
        fullTokens: request.costs.full(index),
      });
    }
    return records;
  };
  const graph = (): AssembleMetadata['graph'] => {
    const edges: AssembleMetadata['graph'] = [];
    for (let index = 0; index < unitCount; index++) {
      if (finalFidelities[index] === 'placeholder') continue;
      const unit = log.units[index]!;
      for (const edge of unit.edges) if (finalFidelities[edge.to] !== 'placeholder') edges.push({ from: unit.id, to: log.units[edge.to]!.id, kind: edge.kind });
    }
    return edges;
  };
  const metadata: AssembleMetadata = {
    turn: state.turn,
    budget: request.fullBudget,
    tokens: viewTokens,
    historyTokens: request.historyTokens,
    usage: viewTokens / request.fullBudget,
    mode: request.mode,
    phase: 'assemble',
    workPhase: request.workPhase,
    counts,
    rescored: request.rescored,
    regraded: request.regraded,
    compacted: request.compacted,
    repairs: { unansweredCalls, orphanResults },
    layers: { hot, viewUnits: counts.full + counts.compressed, coldUnits: counts.placeholder },
    graph: [],
    stablePrefix,
    direction: request.sample,
    decisions: [],
  };
  lazy(metadata, 'decisions', decisions);
  lazy(metadata, 'graph', graph);
  return { messages, metadata };
}

/** Replaces a property by an enumerable getter that computes the value once, on first read. */
function lazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  let value: T[K] | undefined;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => (value ??= compute()),
  });
}
