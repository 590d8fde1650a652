import type { DirectionTracker } from './direction-tracker.js';
import type { AssembleOptions, AssembleResult, CompactResult, DecisionReason } from './engine-types.js';
import { CairnError } from './errors.js';
import { COMPRESSED_VALUE, degradeToTarget, upgradeToTarget, type FitInput } from './fit-plan.js';
import { renderView } from './render-view.js';
import { checkBudget, type ResolvedOptions } from './resolve-options.js';
import { directTurn, scoreUnits, type Normalisers } from './score-turn.js';
import type { SessionLog } from './session-log.js';
import type { Fidelity, ViewMessage } from './types.js';
import { countMessageTokens } from './token-counter.js';
import type { UnitState } from './unit.js';
import { createUnitCosts } from './unit-costs.js';
import { ViewPlan } from './view-plan.js';
import { graphProximity } from './graph-proximity.js';

/** Everything an engine holds; what a snapshot saves. @internal */
export interface EngineState {
  options: ResolvedOptions;
  log: SessionLog;
  units: UnitState[];
  turn: number;
  phase: import('./types.js').EnginePhase;
  direction: DirectionTracker;
  summaries: Map<string, string>;
  pinned: Set<string>;
  lastBudget: number;
  lastView: string[];
  lastViewTokens: number;
  regradedTurn: number;
  normalisers: Normalisers;
  lastSignature: string;
  unitsAtRescore: number;
  /** The query of the last assemble that had one. */
  lastQuery: string | undefined;
  /**
   * Supplies the "known dead ends" brief of a turn, within `maxTokens` (absent: no brief).
   * Its tokens are reserved before planning, so the lesson is never what gets cut.
   */
  brief?: (request: { maxTokens: number }) => ViewBrief | undefined;
  /** The dead-end registry and guard. */
  /** Ids of dead ends registered explicitly: always first in the brief. */
  registeredDeadEnds: Set<string>;
  /** Ids of dead ends preloaded from the tenant's pool (not published back). */
  preloadedDeadEnds: Set<string>;
  deadEnds: import('./dead-end-tracker.js').DeadEndTracker;
  /** Dense embeddings from an injected embedder (absent without one). */
  dense?: import('./dense-embeddings.js').DenseEmbeddings;
  /** The last render, reused from the first changed unit on. */
  renderCache?: import('./render-view.js').RenderCache;
}

/** The brief a turn shows after the history. @internal */
export interface ViewBrief {
  text: string;
  /** Log ids of the attempts it summarises. */
  sourceIds: readonly string[];
}

/** The brief's share of a budget, with its floor and ceiling in tokens. */
const BRIEF_SHARE = 0.1;
const BRIEF_MIN_TOKENS = 24;
const BRIEF_MAX_TOKENS = 600;

/** Units a question's best matches count as the focus of the causal chain. */
const QUERY_FOCUS_UNITS = 8;

const RANK: Record<Fidelity, number> = { placeholder: 0, compressed: 1, full: 2 };

/** Why a unit must stay full this turn, if it must. @internal */
export function mandatoryReason(state: EngineState, index: number): DecisionReason | undefined {
  const { log, options } = state;
  const unit = log.units[index]!;
  const count = log.units.length;
  if (unit.kind === 'system') return 'mandatory:system';
  if (unit.pinned) return 'mandatory:pinned';
  if (index === log.latestUserUnit) return 'mandatory:latest-user';
  if (index > log.latestUserUnit && index >= count - options.hotUnits) return 'mandatory:hot';
  if (index === count - 1 && unit.openCalls > 0) return 'mandatory:hot';
  return undefined;
}

function renderContext(state: EngineState, squeeze?: Map<number, number>) {
  return {
    log: state.log,
    counter: state.options.tokenCounter,
    compressionRatio: state.options.compressionRatio,
    summaries: state.summaries,
    squeeze,
  };
}

/** Fewest content tokens a squeezed message keeps. */
const MIN_SQUEEZED_TOKENS = 12;
const MAX_SQUEEZE_ROUNDS = 24;

/** The content cap per message a unit's ordinary compressed rendering uses. */
function initialCap(state: EngineState, unit: number): number {
  let cap = 0;
  for (const position of state.log.units[unit]!.positions) {
    cap = Math.max(cap, Math.max(16, Math.ceil(state.log.entries[position]!.tokens * state.options.compressionRatio)));
  }
  return cap;
}

/**
 * The value of showing a unit at a fidelity, for selection by value per token: the square of
 * its score (plus the hysteresis margin where it already had that fidelity), so relevance
 * dominates — with plain scores, the parts every unit shares (role, phase, recency) let short
 * unrelated messages outbid longer relevant ones per token.
 */
function valueFunction(state: EngineState, previous: readonly (Fidelity | undefined)[]) {
  const { hysteresis } = state.options.thresholds;
  return (unit: number, fidelity: Fidelity): number => {
    if (fidelity === 'placeholder') return 0;
    const before = previous[unit];
    const sticky = before !== undefined && RANK[before] >= RANK[fidelity] ? hysteresis : 0;
    const raw = state.units[unit]!.score + sticky;
    const score = raw * raw;
    return fidelity === 'full' ? score : score * COMPRESSED_VALUE;
  };
}

/**
 * Assembles the view of one turn. Below the passthrough level the history is shown unchanged.
 * Otherwise: move the direction, rescore (all units when it moved by the delta threshold or the
 * plan inputs changed, else only new ones), then plan fidelities — on a replan, select units
 * by value per token up to the yellow level; on a steady turn, keep last turn's decisions and
 * append; past the red level run the threshold regrade (once per turn) and then compaction
 * down to yellow. Finally render and count exactly. @internal
 */
export function assembleView(state: EngineState, request: AssembleOptions): AssembleResult {
  const { options, log, units } = state;
  const fullBudget = checkBudget(request.budget ?? options.budget);
  let brief = renderBrief(state, fullBudget);
  // The history plans within what the brief leaves.
  let budget = Math.max(1, fullBudget - (brief?.tokens ?? 0));
  const plannedTools = request.plannedTools ?? [];
  state.turn++;
  const turn = state.turn;
  const squeeze = new Map<number, number>();
  const context = renderContext(state, squeeze);
  const costs = createUnitCosts(log.units, context);
  const historyTokens = costs.fullTotal();
  const count = log.units.length;
  const previous: (Fidelity | undefined)[] = units.map((unit) => (unit.scoredTurn < 0 && unit.placeholderSince < 0 && unit.fidelity === 'full' ? undefined : unit.fidelity));
  const reasons: DecisionReason[] = new Array(count);
  const query = request.query?.trim() ? request.query : undefined;
  const turnDirection = directTurn(log, state.direction, options, turn, query, plannedTools);

  let fidelities: Fidelity[];
  let rescored: 'all' | 'new' | 'none' = 'none';
  let regraded = false;
  let compacted = 0;
  const mode = historyTokens <= options.pressure.passthrough * budget ? 'passthrough' : 'curated';
  if (mode === 'passthrough') {
    fidelities = new Array<Fidelity>(count).fill('full');
    reasons.fill('passthrough');
  } else {
    const signature = `${[...plannedTools].sort().join(',')}|${query ? 'q' : ''}`;
    const delta = state.direction.deltaSinceScored(turnDirection.scoring);
    let unscored = 0;
    for (const unit of units) if (unit.scoredTurn < 0) unscored++;
    const rescoreAll =
      delta >= options.directionDelta || signature !== state.lastSignature || unscored > Math.max(16, 0.1 * state.unitsAtRescore);
    rescored = rescoreAll ? 'all' : unscored > 0 ? 'new' : 'none';
    const dense = state.dense
      ? {
          embeddings: state.dense,
          intent: query ? state.dense.query(query) : log.latestUserUnit >= 0 ? state.dense.unit(log.latestUserUnit, log.units[log.latestUserUnit]!.version) : undefined,
        }
      : undefined;
    const raw = rescored !== 'none' ? scoreUnits(log, units, turn, turnDirection, state.normalisers, rescoreAll ? 'all' : 'new', dense) : undefined;
    if (query && rescoreAll) {
      // With a question, the focus of the causal chain is where the question points: its best
      // matches. Proximity is measured from them, and units are scored again.
      const top = topScored(units, QUERY_FOCUS_UNITS);
      const signals = { ...turnDirection.signals, proximity: graphProximity(log.units, [log.latestUserUnit, ...top]) };
      scoreUnits(log, units, turn, { ...turnDirection, signals }, state.normalisers, 'all', dense, raw);
    }
    if (rescoreAll) {
      state.direction.scoredWith = turnDirection.scoring;
      state.lastSignature = signature;
      state.unitsAtRescore = count;
    }
    // Select from scratch only when what the view is for changed: a new query, a new budget, or
    // no decisions yet. Otherwise keep last turn's plan (prompt-cache friendly) and let
    // thresholds with hysteresis and pressure change it.
    const replan =
      (query !== undefined && query !== state.lastQuery) ||
      fullBudget !== state.lastBudget ||
      previous.every((fidelity) => fidelity === undefined || fidelity === 'full');
    if (query !== undefined) state.lastQuery = query;
    let result: ReturnType<typeof planFidelities>;
    try {
      result = planFidelities(state, { budget, replan, rescoreAll, previous, reasons, costs, historyTokens, turn, query, squeeze });
    } catch (error) {
      // A view without the brief beats no view at all: plan again with the whole budget.
      if (!brief || !CairnError.isInstance(error) || error.code !== 'BUDGET_EXCEEDED') throw error;
      brief = undefined;
      budget = fullBudget;
      squeeze.clear();
      result = planFidelities(state, { budget, replan, rescoreAll, previous, reasons, costs, historyTokens, turn, query, squeeze });
    }
    fidelities = result.fidelities;
    regraded = result.regraded;
    compacted = result.compacted;
  }
  for (let index = 0; index < count; index++) {
    const unit = units[index]!;
    const fidelity = fidelities[index]!;
    unit.placeholderSince = fidelity === 'placeholder' ? (unit.fidelity === 'placeholder' && unit.placeholderSince >= 0 ? unit.placeholderSince : turn) : -1;
    unit.fidelity = fidelity;
  }
  return renderView(state, {
    budget,
    fullBudget,
    brief: brief?.message,
    briefTokens: brief?.tokens,
    fidelities,
    previous,
    reasons,
    mode,
    historyTokens,
    rescored,
    regraded,
    compacted,
    sample: turnDirection.sample,
    workPhase: turnDirection.signals.workPhase,
    context,
    costs,
    refit: (target) => refit(state, fidelities, costs, target),
  });
}

function refit(state: EngineState, fidelities: Fidelity[], costs: ReturnType<typeof createUnitCosts>, target: number): Fidelity[] {
  const plan = new ViewPlan(fidelities, costs);
  const locked = (unit: number) => mandatoryReason(state, unit) !== undefined;
  degradeToTarget({ plan, value: valueFunction(state, fidelities), locked, canCompress: (unit) => costs.compressed(unit) !== undefined }, target);
  return plan.snapshot();
}

interface PlanRequest {
  budget: number;
  replan: boolean;
  rescoreAll: boolean;
  previous: readonly (Fidelity | undefined)[];
  reasons: DecisionReason[];
  costs: ReturnType<typeof createUnitCosts>;
  historyTokens: number;
  turn: number;
  query: string | undefined;
  /** Filled by the budget fallback: units compressed harder this turn. */
  squeeze: Map<number, number>;
}

function planFidelities(state: EngineState, request: PlanRequest): { fidelities: Fidelity[]; regraded: boolean; compacted: number } {
  const { options, units, log } = state;
  const { budget, replan, rescoreAll, previous, reasons, costs, historyTokens, turn } = request;
  const { thresholds, pressure } = options;
  const count = log.units.length;
  const mandatory = new Array<boolean>(count);
  const forced = new Array<boolean>(count).fill(false);
  const initial = new Array<Fidelity>(count);
  // The focus (latest user message, last units) and what it refers back to directly.
  const proximity = new Set<number>();
  for (const focus of [log.latestUserUnit, count - 1, count - 2, count - 3]) if (focus >= 0) for (const edge of log.units[focus]!.edges) proximity.add(edge.to);
  for (let index = 0; index < count; index++) {
    const reason = mandatoryReason(state, index);
    mandatory[index] = reason !== undefined;
    const state_ = units[index]!;
    if (reason) {
      reasons[index] = reason;
      initial[index] = 'full';
    } else if (
      state_.fidelity === 'placeholder' &&
      !state_.causalForced &&
      state_.placeholderSince >= 0 &&
      turn - state_.placeholderSince >= options.causalChainTurns &&
      proximity.has(index)
    ) {
      forced[index] = true;
      state_.causalForced = true;
      reasons[index] = 'causal-chain';
      initial[index] = costs.compressed(index) === undefined ? 'full' : 'compressed';
    } else {
      reasons[index] = 'kept';
      // A history that fits under the yellow level is shown whole; a replan of a larger one
      // starts from placeholders and selects; otherwise last turn's decision stands.
      initial[index] = historyTokens <= pressure.yellow * budget ? 'full' : replan ? 'placeholder' : (previous[index] ?? 'full');
    }
  }
  let plan = new ViewPlan(initial, costs);
  // A new query asks a new question: last turn's choices get no stickiness bonus then.
  const newQuestion = replan && request.query !== undefined;
  const value = valueFunction(state, newQuestion ? [] : previous);
  const canCompress = (unit: number) => costs.compressed(unit) !== undefined;
  const fit: FitInput = { plan, value, locked: (unit) => mandatory[unit]! || forced[unit]!, canCompress };
  if (replan && historyTokens > pressure.yellow * budget) {
    // Select by value per token over every unit (the thresholds drive the regrade, not this):
    // a query view fills up to the red level, an agent turn leaves room to grow to yellow.
    const target = (request.query ? pressure.red : pressure.yellow) * budget;
    for (const unit of upgradeToTarget(fit, target, 0)) reasons[unit] = previous[unit] === plan.get(unit) ? 'kept' : 'selected';
  } else if (rescoreAll) {
    // The direction moved: units whose score now passes a threshold by the hysteresis margin
    // move up a tier, best first, while the view stays under the yellow level.
    const order = [...Array(count).keys()].filter((unit) => !fit.locked(unit) && plan.get(unit) !== 'full').sort((a, b) => units[b]!.score - units[a]!.score || a - b);
    for (const unit of order) {
      const score = units[unit]!.score;
      const current = plan.get(unit);
      let tier: Fidelity = current;
      if (score > thresholds.keep + thresholds.hysteresis) tier = 'full';
      else if (current === 'placeholder' && score > thresholds.compress + thresholds.hysteresis) tier = canCompress(unit) ? 'compressed' : 'full';
      if (tier === current || plan.tokens + plan.delta(unit, tier) > pressure.yellow * budget) continue;
      plan.set(unit, tier);
      reasons[unit] = 'selected';
    }
  }
  let regraded = false;
  let compacted = 0;
  if (plan.tokens > pressure.red * budget && state.regradedTurn !== turn) {
    state.regradedTurn = turn;
    regraded = true;
    const order = [...Array(count).keys()].filter((unit) => !fit.locked(unit)).sort((a, b) => units[a]!.score - units[b]!.score || a - b);
    for (const unit of order) {
      if (plan.tokens <= pressure.yellow * budget) break;
      const score = units[unit]!.score;
      let tier: Fidelity = score < thresholds.compress - thresholds.hysteresis ? 'placeholder' : score < thresholds.keep - thresholds.hysteresis ? 'compressed' : 'full';
      if (tier === 'compressed' && !canCompress(unit)) tier = 'full';
      if (RANK[tier] < RANK[plan.get(unit)]) {
        plan.set(unit, tier);
        reasons[unit] = 'regraded';
      }
    }
  }
  if (plan.tokens > pressure.red * budget) {
    for (const unit of degradeToTarget(fit, pressure.yellow * budget)) {
      reasons[unit] = 'compacted';
      compacted++;
    }
  }
  if (plan.tokens > budget) {
    for (const unit of degradeToTarget({ ...fit, locked: (unit) => mandatory[unit]! }, budget)) {
      reasons[unit] = 'compacted';
      compacted++;
    }
  }
  if (plan.tokens > budget && options.onBudgetExceeded === 'compress-mandatory') {
    // Hot set and latest user turn first, newest last; then system prompts; pinned never.
    const order = [...Array(count).keys()].filter((unit) => mandatory[unit] && !(log.units[unit]!.pinned && log.units[unit]!.kind !== 'system'));
    order.sort((a, b) => Number(log.units[a]!.kind === 'system') - Number(log.units[b]!.kind === 'system') || a - b);
    for (const unit of order) {
      if (plan.tokens <= budget) break;
      costs.measureExactly(unit);
      if (!canCompress(unit)) continue;
      plan.set(unit, 'compressed');
      reasons[unit] = 'budget-fallback';
    }
    // Still over: squeeze the compressed mandatory units harder — halve the content cap of the
    // largest, measured exactly, until the view fits or nothing is left to squeeze.
    const squeezable = order.filter((unit) => plan.get(unit) === 'compressed');
    for (let round = 0; round < MAX_SQUEEZE_ROUNDS && plan.tokens > budget; round++) {
      let largest = -1;
      let largestCost = -1;
      for (const unit of squeezable) {
        if ((request.squeeze.get(unit) ?? initialCap(state, unit)) <= MIN_SQUEEZED_TOKENS) continue;
        const cost = costs.compressed(unit) ?? 0;
        if (cost > largestCost) {
          largest = unit;
          largestCost = cost;
        }
      }
      if (largest < 0) break;
      const cap = request.squeeze.get(largest) ?? initialCap(state, largest);
      request.squeeze.set(largest, Math.max(MIN_SQUEEZED_TOKENS, Math.floor(cap / 2)));
      plan = new ViewPlan(plan.snapshot(), costs); // costs of the squeezed unit changed
    }
  }
  if (plan.tokens > budget) {
    let mandatoryTokens = 0;
    for (let unit = 0; unit < count; unit++) if (mandatory[unit]) mandatoryTokens += plan.get(unit) === 'full' ? costs.full(unit) : (costs.compressed(unit) ?? 0);
    throw new CairnError({
      code: 'BUDGET_EXCEEDED',
      message: `Input exceeded the model's context window: the smallest view cairn can build needs about ${Math.ceil(plan.tokens)} tokens (${mandatoryTokens} of them for the system prompt, pinned messages, latest user turn and hot working set; the rest marks what was left out), over the budget of ${budget}. Raise the budget, unpin messages, lower hotUnits, or set onBudgetExceeded: 'compress-mandatory'.`,
      details: { budget, mandatoryTokens, viewTokens: plan.tokens },
    });
  }
  return { fidelities: plan.snapshot(), regraded, compacted };
}

/**
 * Compaction on demand (or from `afterTurn` at red pressure): degrades the lowest-value units
 * until the view fits the yellow level (`auto`) or half of it (`aggressive`), and writes the
 * result into the unit states, which the next `assemble` reads. @internal
 */
export function compactState(state: EngineState, budget: number, strategy: 'auto' | 'aggressive'): CompactResult {
  const { options, units, log } = state;
  const costs = createUnitCosts(log.units, renderContext(state));
  const current = units.map((unit) => unit.fidelity);
  const briefTokens = renderBrief(state, budget)?.tokens ?? 0;
  const plan = new ViewPlan(current, costs, briefTokens);
  const tokensBefore = plan.tokens;
  const target = options.pressure.yellow * budget * (strategy === 'aggressive' ? 0.5 : 1);
  const locked = (unit: number) => mandatoryReason(state, unit) !== undefined;
  const changed = degradeToTarget({ plan, value: valueFunction(state, current), locked, canCompress: (unit) => costs.compressed(unit) !== undefined }, target);
  for (const unit of changed) {
    const fidelity = plan.get(unit);
    const unitState = units[unit]!;
    if (fidelity === 'placeholder' && unitState.fidelity !== 'placeholder') unitState.placeholderSince = state.turn;
    unitState.fidelity = fidelity;
  }
  state.lastViewTokens = plan.tokens;
  return { degraded: changed.length, tokensBefore, tokensAfter: plan.tokens };
}

/** The `count` best-scored units (ties: earlier first), in one pass. */
function topScored(units: readonly UnitState[], count: number): number[] {
  const top: number[] = [];
  for (let index = 0; index < units.length; index++) {
    const score = units[index]!.score;
    if (top.length === count && score <= units[top[top.length - 1]!]!.score) continue;
    let at = top.length;
    while (at > 0 && units[top[at - 1]!]!.score < score) at--;
    top.splice(at, 0, index);
    if (top.length > count) top.pop();
  }
  return top;
}

/** Renders the turn's brief as one synthetic user message, counted exactly. @internal */
export function renderBrief(state: EngineState, budget: number): { message: ViewMessage; tokens: number } | undefined {
  if (!state.brief) return undefined;
  // At most a tenth of the budget (a tiny budget gets no brief rather than no view).
  const maxTokens = Math.min(BRIEF_MAX_TOKENS, Math.floor(budget * BRIEF_SHARE));
  if (maxTokens < BRIEF_MIN_TOKENS) return undefined;
  const brief = state.brief({ maxTokens });
  if (!brief || brief.text.length === 0) return undefined;
  const message: ViewMessage = { id: 'cairn:dead-ends', role: 'user', content: brief.text, sourceIds: [...brief.sourceIds], fidelity: 'full', synthetic: true };
  return { message, tokens: countMessageTokens(message, state.options.tokenCounter) };
}
