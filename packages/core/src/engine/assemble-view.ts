import type { AssembleOptions, AssembleResult, DecisionReason } from '../render/index.js';
import type { EngineState } from '../render/index.js';
import { CairnError } from '../log/index.js';
import { degradeToTarget, hideAllButRequired, refillToTarget, requiredFloorUnits } from '../plan/index.js';
import { graphProximity } from '../direction/index.js';
import { planFidelities } from '../plan/index.js';
import { mandatoryReason, renderContext, valueFunction } from '../plan/index.js';
import { renderBrief, withBriefChanges } from '../render/index.js';
import { renderView } from '../render/index.js';
import { checkBudget } from '../options/index.js';
import { directTurn, scoreUnits } from '../direction/index.js';
import type { Fidelity } from '../log/index.js';
import type { UnitState } from '../log/index.js';
import { createUnitCosts } from '../render/index.js';
import { ViewPlan } from '../plan/index.js';
import { withPageViews } from './page-views.js';
import { withPageIndex } from './page-index-view.js';
import { reconstructQuery, recordQueryHits } from '../pages/index.js';
import { steerView } from './steer-view.js';


/** Units a question's best matches count as the focus of the causal chain. */
const QUERY_FOCUS_UNITS = 8;

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
  let brief = withPageViews(state, renderBrief(state, fullBudget), fullBudget);
  brief = withPageIndex(state, brief, fullBudget, request.query?.trim() ? request.query : undefined);
  // A passthrough view shows the brief as it is now, last: the history passes under its share of
  // the budget when it fits beside that brief. The share is of the whole budget, not of what the
  // brief leaves: a brief grows by whole lines as the budget does (a line upgraded, a trace added),
  // so what it leaves may shrink as the budget grows, and a larger budget would curate a history
  // a smaller one passed (fast-check, seed -1480255185).
  const passthroughRoom = fullBudget - (brief?.tokens ?? 0);
  // A sticky brief that changed: shown as before with its changes after the history (prefix.briefChanges).
  const briefShown = withBriefChanges(state, brief, fullBudget);
  if (briefShown) brief = { message: briefShown.message, tokens: briefShown.tokens };
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
  let unscored = 0; // units never scored, counted in the same pass
  const previous: (Fidelity | undefined)[] = units.map((unit) => {
    if (unit.scoredTurn < 0) unscored++;
    return unit.scoredTurn < 0 && unit.placeholderSince < 0 && unit.fidelity === 'full' ? undefined : unit.fidelity;
  });
  const reasons: DecisionReason[] = new Array(count);
  const query = request.query?.trim() ? request.query : undefined;
  // A low-information query ("continue") is scored with the previous round's summary joined to it.
  const intentQuery = query === undefined ? undefined : reconstructQuery(state.pages, query).query;
  const turnDirection = directTurn(log, state.direction, options, turn, intentQuery, plannedTools);
  // Dead ends named in the brief steer their failed path down (opt-in: deadEndSteering).
  const steering = steerView(state, brief?.message);

  let fidelities: Fidelity[];
  let rescored: 'all' | 'new' | 'none' = 'none';
  let regraded = false;
  let compacted = 0;
  const mode = historyTokens <= options.pressure.passthrough * fullBudget && historyTokens <= passthroughRoom ? 'passthrough' : 'curated';
  if (mode === 'passthrough') {
    fidelities = new Array<Fidelity>(count).fill('full');
    reasons.fill('passthrough');
  } else {
    const signature = `${[...plannedTools].sort().join(',')}|${query ? 'q' : ''}${steering.key}`;
    const delta = state.direction.deltaSinceScored(turnDirection.scoring);
    const rescoreAll =
      delta >= options.directionDelta || signature !== state.lastSignature || unscored > Math.max(16, 0.1 * state.unitsAtRescore);
    rescored = rescoreAll ? 'all' : unscored > 0 ? 'new' : 'none';
    const dense = state.dense
      ? {
          embeddings: state.dense,
          intent: state.dense.turnIntent(log, query),
        }
      : undefined;
    const raw = rescored !== 'none' ? scoreUnits(log, units, turn, turnDirection, state.normalisers, rescoreAll ? 'all' : 'new', dense) : undefined;
    if (query && rescoreAll) {
      // With a question, the focus of the causal chain is where the question points: its best
      // matches. Proximity is measured from them, both ways along the graph's edges (what they
      // refer to, and what refers to them: their replies), and units are scored again.
      const top = topScored(units, QUERY_FOCUS_UNITS);
      // Page heat: a new question's best matches are hits of the pages holding them.
      if (query !== state.lastQuery) recordQueryHits(state.pages, top, turn);
      const signals = { ...turnDirection.signals, proximity: graphProximity(log.units, [log.latestUserUnit, ...top], { undirected: true }) };
      scoreUnits(log, units, turn, { ...turnDirection, signals }, state.normalisers, 'all', dense, raw);
    }
    if (rescored !== 'none') steering.apply(turn);
    if (rescoreAll) {
      state.direction.scoredWith = turnDirection.scoring;
      state.lastSignature = signature;
      state.unitsAtRescore = count;
    }
    // Select from scratch only when what the view is for changed: a new query, a new budget, or
    // no decisions yet. Otherwise keep last turn's plan (prompt-cache friendly) and let
    // thresholds with hysteresis and pressure change it.
    // A consult or shelve since the last view asks a new question of it: select afresh.
    const zoomed = state.pages.takeReplan();
    const replan =
      (query !== undefined && query !== state.lastQuery) ||
      fullBudget !== state.lastBudget ||
      previous.every((fidelity) => fidelity === undefined || fidelity === 'full') ||
      zoomed;
    if (query !== undefined) state.lastQuery = query;
    const plan = () => planFidelities(state, { budget, replan, rescoreAll, previous, reasons, costs, historyTokens, turn, query, squeeze });
    let result: ReturnType<typeof planFidelities>;
    try {
      result = plan();
    } catch (error) {
      if (!brief || !CairnError.isInstance(error) || error.code !== 'BUDGET_EXCEEDED') throw error;
      ({ brief, budget } = withoutBrief());
      result = plan();
    }
    fidelities = result.fidelities;
    regraded = result.regraded;
    compacted = result.compacted;
    if (brief) {
      // The plan fitted with the brief; if the exact render does not, try once more without it.
      try {
        return render();
      } catch (error) {
        if (!CairnError.isInstance(error) || error.code !== 'BUDGET_EXCEEDED') throw error;
        ({ brief, budget } = withoutBrief());
        result = plan();
        fidelities = result.fidelities;
        regraded = result.regraded;
        compacted = result.compacted;
      }
    }
  }
  return render();

  /** A view without the brief beats no view at all: the history gets the whole budget. */
  function withoutBrief(): { brief: undefined; budget: number } {
    squeeze.clear();
    steering.undo();
    return { brief: undefined, budget: fullBudget };
  }

  function render(): AssembleResult {
    for (let index = 0; index < count; index++) {
      const unit = units[index]!;
      const fidelity = fidelities[index]!;
      unit.placeholderSince = fidelity === 'placeholder' ? (unit.fidelity === 'placeholder' && unit.placeholderSince >= 0 ? unit.placeholderSince : turn) : -1;
      unit.fidelity = fidelity;
    }
    return steering.report(renderView(state, {
      budget,
      fullBudget,
      brief: brief?.message,
      briefTokens: brief?.tokens,
      briefShown: brief ? briefShown?.shown : undefined,
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
    }));
  }
}


/**
 * The render's last-resort refit: degrades the plan until it fits `target`. DROPPABLE units go
 * first and a REQUIRED unit only to compressed; a REQUIRED unit goes to a placeholder only when
 * nothing else is left to degrade.
 */
function refit(state: EngineState, fidelities: Fidelity[], costs: ReturnType<typeof createUnitCosts>, target: number): Fidelity[] {
  const plan = new ViewPlan(fidelities, costs);
  const mandatory = (unit: number) => mandatoryReason(state, unit) !== undefined;
  const canCompress = (unit: number) => costs.compressed(unit) !== undefined;
  const floor = requiredFloorUnits(state);
  const fit = { plan, value: valueFunction(state, fidelities), locked: mandatory, canCompress };
  const planned = plan.tokens;
  degradeToTarget({ ...fit, locked: (unit) => mandatory(unit) || (floor.has(unit) && (plan.get(unit) !== 'full' || !canCompress(unit))) }, target);
  if (plan.tokens > target) degradeToTarget(fit, target);
  if (plan.tokens > target) hideAllButRequired(state, plan);
  // Degrading may free far more than it had to: give the rest back, up to what the plan held.
  return refillToTarget(fit, costs, Math.min(target, planned));
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

