import type { DecisionReason } from '../render/index.js';
import type { EngineState } from '../render/index.js';
import { CairnError } from '../log/index.js';
import { degradeToTarget, upgradeToTarget, type FitInput } from './fit-plan.js';
import { mandatoryReason, RANK, valueFunction } from './plan-values.js';
import type { Fidelity } from '../log/index.js';
import type { createUnitCosts } from '../render/index.js';
import { ViewPlan } from './view-plan.js';
import { explicitlyPreservedUnits, requiredFloorUnits } from './unit-resource-class.js';
import { startCacheAwareTurn } from './cache-aware-plan.js';
import { mandatoryCandidates } from './mandatory-candidates.js';

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
 * A short message (a one-line user turn) whose ordinary compressed rendering is not smaller than
 * the message itself can still be cut harder: halves its content cap, measured exactly, until the
 * compressed rendering saves tokens. Leaves the cap set and returns `true` when it does; clears
 * it and returns `false` when even the smallest cap saves nothing.
 */
function squeezeUntilCompressible(state: EngineState, unit: number, squeeze: Map<number, number>, canCompress: (unit: number) => boolean): boolean {
  for (let cap = initialCap(state, unit); cap > MIN_SQUEEZED_TOKENS; ) {
    cap = Math.max(MIN_SQUEEZED_TOKENS, Math.floor(cap / 2));
    squeeze.set(unit, cap);
    if (canCompress(unit)) return true;
  }
  squeeze.delete(unit);
  return false;
}

/** What {@link planFidelities} needs. @internal */
export interface PlanRequest {
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

/**
 * Plans every unit's fidelity for a turn: the selection or last turn's decisions, the threshold
 * regrade and compaction under pressure, and the budget fallback. @internal
 */
export function planFidelities(state: EngineState, request: PlanRequest): { fidelities: Fidelity[]; regraded: boolean; compacted: number } {
  const { options, units, log } = state;
  const { budget, replan, rescoreAll, previous, reasons, costs, historyTokens, turn } = request;
  const { thresholds, pressure } = options;
  const count = log.units.length;
  // 1: the unit is mandatory / forced back by the causal chain (bytes: a steady turn allocates less).
  const mandatory = new Uint8Array(count);
  const forced = new Uint8Array(count);
  const initial = new Array<Fidelity>(count);
  // The focus (latest user message, last units) and what it refers back to directly.
  const proximity = new Set<number>();
  // Units tagged REQUIRED: never dropped to a placeholder by choice (only the render's last-resort refit may).
  const floor = requiredFloorUnits(state);
  for (const focus of [log.latestUserUnit, count - 1, count - 2, count - 3]) if (focus >= 0) for (const edge of log.units[focus]!.edges) proximity.add(edge.to);
  // Prompt-cache-aware steady turns (options.prefix): causal-chain restores wait for a turn that
  // frees tokens, which then frees them from the latest point that is enough (cache-aware-plan.ts).
  const cacheAware = options.prefix.cacheAware && !replan;
  const deferred: number[] = [];
  // Only the few units that can be mandatory are asked why (the others are not read from the log).
  const candidates = mandatoryCandidates(state);
  let nextCandidate = 0;
  const yellowFits = historyTokens <= pressure.yellow * budget;
  for (let index = 0; index < count; index++) {
    let reason: DecisionReason | undefined;
    if (candidates === undefined) reason = mandatoryReason(state, index);
    else if (candidates[nextCandidate] === index) reason = mandatoryReason(state, candidates[nextCandidate++]!);
    mandatory[index] = reason !== undefined ? 1 : 0;
    const state_ = units[index]!;
    if (reason) {
      reasons[index] = reason;
      initial[index] = 'full';
    } else if (
      proximity.has(index) &&
      state_.fidelity === 'placeholder' &&
      !state_.causalForced &&
      state_.placeholderSince >= 0 &&
      turn - state_.placeholderSince >= options.causalChainTurns &&
      !(cacheAware && deferred.push(index) > 0)
    ) {
      forced[index] = 1;
      state_.causalForced = true;
      reasons[index] = 'causal-chain';
      initial[index] = costs.compressed(index) === undefined ? 'full' : 'compressed';
    } else {
      reasons[index] = 'kept';
      // A history that fits under the yellow level is shown whole; a replan of a larger one
      // starts from placeholders and selects; otherwise last turn's decision stands.
      initial[index] = yellowFits ? 'full' : replan ? 'placeholder' : (previous[index] ?? 'full');
      if (floor.size > 0 && floor.has(index) && initial[index] === 'placeholder') {
        initial[index] = costs.compressed(index) === undefined ? 'full' : 'compressed';
        reasons[index] = 'class:required';
      }
    }
  }
  // What a turn past the red level frees tokens down to (cache-aware: `compactTo`, the yellow level
  // by default); a steady turn's upgrades stay under it too, so they do not refill what it freed.
  const low = (cacheAware ? options.prefix.compactTo : pressure.yellow) * budget;
  const upgradeCap = Math.min(low, pressure.yellow * budget);
  let plan = ViewPlan.taking(initial, costs);
  // A new query asks a new question: last turn's choices get no stickiness bonus then.
  const newQuestion = replan && request.query !== undefined;
  // A question's view charges a short unit as if it had `selection.shortUnitTokens` tokens.
  const value = valueFunction(state, newQuestion ? [] : previous, request.query !== undefined ? options.selection.shortUnitTokens : 0);
  const canCompress = (unit: number) => costs.compressed(unit) !== undefined;
  const fit: FitInput = { plan, value, locked: (unit) => mandatory[unit] === 1 || forced[unit] === 1, canCompress };
  // A REQUIRED unit may go from full to compressed, not further.
  const held = (unit: number) => floor.has(unit) && (plan.get(unit) !== 'full' || !canCompress(unit));
  const degradeFit: FitInput = { ...fit, locked: (unit) => fit.locked(unit) || held(unit) };
  // A view for a question is read once, before anything is appended: it fills the whole budget,
  // and a plan for one that fits is not compacted down to the yellow level.
  const questionView = request.query !== undefined;
  if (replan && historyTokens > pressure.yellow * budget) {
    // Select by value per token over every unit (the thresholds drive the regrade, not this):
    // a question's view fills the budget, an agent turn leaves room to grow to yellow.
    const target = questionView ? budget : pressure.yellow * budget;
    for (const unit of upgradeToTarget(fit, target, 0)) reasons[unit] = previous[unit] === plan.get(unit) ? 'kept' : 'selected';
  } else if (rescoreAll) {
    // The direction moved: units whose score now passes a threshold by the hysteresis margin
    // move up a tier, best first, while the view stays under the yellow level (`compactTo` if lower).
    // A unit's tier depends only on its own score and fidelity, so units that would stay where they
    // are are left out before sorting (the loop skipped them; the others keep their order).
    const tierOf = (unit: number): Fidelity => {
      const score = units[unit]!.score;
      const current = plan.get(unit);
      if (score > thresholds.keep + thresholds.hysteresis) return 'full';
      if (current === 'placeholder' && score > thresholds.compress + thresholds.hysteresis) return canCompress(unit) ? 'compressed' : 'full';
      return current;
    };
    const order: number[] = [];
    for (let unit = 0; unit < count; unit++) if (plan.get(unit) !== 'full' && !fit.locked(unit) && tierOf(unit) !== plan.get(unit)) order.push(unit);
    order.sort((a, b) => units[b]!.score - units[a]!.score || a - b);
    for (const unit of order) {
      const tier = tierOf(unit);
      if (plan.tokens + plan.delta(unit, tier) > upgradeCap) continue;
      plan.set(unit, tier);
      reasons[unit] = 'selected';
    }
  }
  let regraded = false;
  let compacted = 0;
  const filledQuestion = questionView && plan.tokens <= budget;
  // Cache-aware: past `compactAt` (not red), the regrade and compaction change units only from `from` on.
  const red = cacheAware ? options.prefix.compactAt : pressure.red;
  const from = !cacheAware ? 0 : filledQuestion ? count : startCacheAwareTurn({ fit: degradeFit, costs, units, previous, reasons, forced, deferred, floor, trigger: red * budget, target: low });
  if (!filledQuestion && plan.tokens > red * budget && state.regradedTurn !== turn) {
    state.regradedTurn = turn;
    regraded = true;
    // Only units whose tier is below their fidelity change (the order of the others never
    // mattered: the loop passed them by), so they are left out before sorting.
    const tierOf = (unit: number): Fidelity => {
      const score = units[unit]!.score;
      let tier: Fidelity = score < thresholds.compress - thresholds.hysteresis ? 'placeholder' : score < thresholds.keep - thresholds.hysteresis ? 'compressed' : 'full';
      if (tier === 'placeholder' && floor.has(unit)) tier = 'compressed';
      if (tier === 'compressed' && !canCompress(unit)) tier = 'full';
      return tier;
    };
    const order: number[] = [];
    for (let unit = from; unit < count; unit++) if (!fit.locked(unit) && RANK[tierOf(unit)] < RANK[plan.get(unit)]) order.push(unit);
    order.sort((a, b) => units[a]!.score - units[b]!.score || a - b);
    for (const unit of order) {
      if (plan.tokens <= low) break;
      plan.set(unit, tierOf(unit));
      reasons[unit] = 'regraded';
    }
  }
  if (cacheAware && from < count && plan.tokens > low) {
    for (const unit of degradeToTarget({ ...degradeFit, locked: (unit) => unit < from || degradeFit.locked(unit) }, low)) {
      reasons[unit] = 'compacted';
      compacted++;
    }
  }
  if (!filledQuestion && plan.tokens > red * budget) {
    for (const unit of degradeToTarget(degradeFit, low)) {
      reasons[unit] = 'compacted';
      compacted++;
    }
  }
  if (plan.tokens > budget) {
    for (const unit of degradeToTarget({ ...fit, locked: (unit) => mandatory[unit] === 1 || held(unit) }, budget)) {
      reasons[unit] = 'compacted';
      compacted++;
    }
  }
  const compressMandatory = options.onBudgetExceeded === 'compress-mandatory';
  const preservedUnits = compressMandatory ? explicitlyPreservedUnits(state) : new Set<number>();
  if (plan.tokens > budget) {
    // The budget fallback. Always: the hot set (the last units of the turn, the newest tool
    // output) is squeezed before a view is refused. With 'compress-mandatory' also the latest
    // user turn and then system prompts; pinned messages never. Hot set and latest user turn
    // first, newest last; then system prompts.
    const order = [...Array(count).keys()].filter((unit) =>
      compressMandatory ? mandatory[unit] === 1 && !(log.units[unit]!.pinned && log.units[unit]!.kind !== 'system') && !preservedUnits.has(unit) : mandatoryReason(state, unit) === 'mandatory:hot',
    );
    order.sort((a, b) => Number(log.units[a]!.kind === 'system') - Number(log.units[b]!.kind === 'system') || a - b);
    for (const unit of order) {
      if (plan.tokens <= budget) break;
      costs.measureExactly(unit);
      if (!canCompress(unit) && !squeezeUntilCompressible(state, unit, request.squeeze, canCompress)) continue;
      plan.set(unit, 'compressed');
      reasons[unit] = 'budget-fallback';
    }
    // Still over: squeeze the compressed mandatory units harder — halve the content cap of the
    // largest, measured exactly, until the view fits or nothing is left to squeeze.
    const squeezable = order.filter((unit) => plan.get(unit) === 'compressed');
    // Units a halved cap did not make smaller (a squeezed rendering carries its own marker).
    const unshrinkable = new Set<number>();
    for (let round = 0; round < MAX_SQUEEZE_ROUNDS && plan.tokens > budget; round++) {
      let largest = -1;
      let largestCost = -1;
      for (const unit of squeezable) {
        if (unshrinkable.has(unit) || (request.squeeze.get(unit) ?? initialCap(state, unit)) <= MIN_SQUEEZED_TOKENS) continue;
        const cost = costs.compressed(unit) ?? 0;
        if (cost > largestCost) {
          largest = unit;
          largestCost = cost;
        }
      }
      if (largest < 0) break;
      const previousCap = request.squeeze.get(largest);
      const cap = previousCap ?? initialCap(state, largest);
      request.squeeze.set(largest, Math.max(MIN_SQUEEZED_TOKENS, Math.floor(cap / 2)));
      // A harder cut that does not save tokens is undone: the view would only grow (seed 9).
      if ((costs.compressed(largest) ?? Number.POSITIVE_INFINITY) >= largestCost) {
        if (previousCap === undefined) request.squeeze.delete(largest);
        else request.squeeze.set(largest, previousCap);
        unshrinkable.add(largest);
        continue;
      }
      plan = new ViewPlan(plan.snapshot(), costs); // costs of the squeezed unit changed
    }
    // Still over: the hot set is the last thing kept by choice, not by the caller — hide it,
    // oldest first, before failing the view. The system prompt, pinned messages and the latest
    // user turn stay.
    for (let unit = 0; unit < count && plan.tokens > budget; unit++) {
      if (mandatoryReason(state, unit) !== 'mandatory:hot') continue;
      if (plan.get(unit) === 'placeholder') continue;
      plan.set(unit, 'placeholder');
      mandatory[unit] = 0;
      reasons[unit] = 'budget-fallback';
    }
  }
  if (plan.tokens > budget) {
    let mandatoryTokens = 0;
    for (let unit = 0; unit < count; unit++) if (mandatory[unit]) mandatoryTokens += plan.get(unit) === 'full' ? costs.full(unit) : (costs.compressed(unit) ?? 0);
    // Placeholder runs are planned at an upper bound: when only they push the plan over, the
    // exact render may still fit, and the render decides (it refits, then throws if still over).
    if (mandatoryTokens <= budget) return { fidelities: plan.release(), regraded, compacted };
    const requiredTokens = Math.ceil(plan.tokens);
    throw new CairnError({
      code: 'BUDGET_EXCEEDED',
      message: `The smallest view cairn can build needs about ${requiredTokens} tokens, over the cairn budget of ${budget} tokens: ${mandatoryTokens} of them are for the system prompt, pinned messages and latest user turn, the rest marks what was left out. ${compressMandatory ? 'Raise the budget or unpin messages.' : "Raise the budget, unpin messages, or set onBudgetExceeded: 'compress-mandatory' (compresses the system prompt and the latest user turn too)."}`,
      details: { budget, mandatoryTokens, requiredTokens, viewTokens: plan.tokens },
    });
  }
  return { fidelities: plan.release(), regraded, compacted };
}

