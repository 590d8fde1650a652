import type { AssembleMetadata, AssembleResult, DecisionReason, UnitDecision } from './engine-types.js';
import type { EngineState } from './assemble-view.js';
import { CairnError } from './errors.js';
import { renderCompressed, renderFull, renderPlaceholderRun, type RenderContext } from './render-unit.js';
import { countMessageTokens, contentText } from './token-counter.js';
import type { Fidelity, ViewMessage, WorkPhase } from './types.js';
import type { Unit } from './unit.js';
import type { createUnitCosts } from './unit-costs.js';

/** What `renderView` needs from the planning step. @internal */
export interface RenderRequest {
  budget: number;
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
  /** Degrades further to `target` planned tokens; used if the exact count comes out over. */
  refit: (target: number) => Fidelity[];
}

const MAX_REFITS = 6;

function renderMessages(units: readonly Unit[], fidelities: readonly Fidelity[], request: RenderRequest): { messages: ViewMessage[]; tokens: number } {
  const { context, costs } = request;
  const messages: ViewMessage[] = [];
  let tokens = 0;
  let run: Unit[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const texts = run.length === 1 ? [run[0]!.placeholderCache?.text ?? ''] : [];
    if (run.length === 1 && texts[0] === '') costs.placeholder(run[0]!.index);
    const message = renderPlaceholderRun(run, context, run.length === 1 ? [run[0]!.placeholderCache!.text] : texts);
    messages.push(message);
    tokens += run.length === 1 ? costs.placeholder(run[0]!.index) : countMessageTokens(message, context.counter);
    run = [];
  };
  units.forEach((unit, index) => {
    const fidelity = fidelities[index]!;
    if (fidelity === 'placeholder') {
      run.push(unit);
      return;
    }
    flush();
    const rendering = fidelity === 'full' ? renderFull(unit, context) : renderCompressed(unit, context);
    messages.push(...rendering.messages);
    tokens += rendering.tokens;
  });
  flush();
  return { messages, tokens };
}

function viewKey(message: ViewMessage): string {
  return `${message.id}\u0000${message.fidelity}\u0000${message.fidelity === 'full' ? '' : contentText(message.content)}`;
}

/**
 * Renders planned fidelities into the view, counts it exactly (re-fitting if a compressed
 * estimate came out low), records the new state, and builds the metadata. @internal
 */
export function renderView(state: EngineState, request: RenderRequest): AssembleResult {
  const { log, units } = state;
  const { budget, reasons, previous } = request;
  let fidelities = request.fidelities;
  let rendered = renderMessages(log.units, fidelities, request);
  for (let attempt = 0; rendered.tokens > budget && attempt < MAX_REFITS; attempt++) {
    const before = fidelities;
    fidelities = request.refit(budget - (rendered.tokens - budget) * (attempt + 1) - budget * 0.02 * attempt);
    for (let index = 0; index < fidelities.length; index++) {
      if (fidelities[index] !== before[index]) {
        reasons[index] = 'compacted';
        units[index]!.fidelity = fidelities[index]!;
        if (fidelities[index] === 'placeholder' && units[index]!.placeholderSince < 0) units[index]!.placeholderSince = state.turn;
      }
    }
    rendered = renderMessages(log.units, fidelities, request);
  }
  if (rendered.tokens > budget) {
    throw new CairnError({
      code: 'BUDGET_EXCEEDED',
      message: `Input exceeded the model's context window: the view needs ${rendered.tokens} tokens, over the budget of ${budget}, and nothing more can be degraded. Raise the budget or unpin messages.`,
      details: { budget, viewTokens: rendered.tokens },
    });
  }
  const keys = rendered.messages.map(viewKey);
  let stablePrefix = 0;
  while (stablePrefix < keys.length && stablePrefix < state.lastView.length && keys[stablePrefix] === state.lastView[stablePrefix]) stablePrefix++;
  state.lastView = keys;
  state.lastViewTokens = rendered.tokens;
  state.lastBudget = budget;

  const counts: Record<Fidelity, number> = { full: 0, compressed: 0, placeholder: 0 };
  const decisions: UnitDecision[] = [];
  const hot: string[] = [];
  const unansweredCalls: string[] = [];
  const orphanResults: string[] = [];
  const graph: AssembleMetadata['graph'] = [];
  log.units.forEach((unit, index) => {
    const fidelity = fidelities[index]!;
    counts[fidelity]++;
    const reason = reasons[index] ?? 'kept';
    if (reason === 'mandatory:hot' || reason === 'mandatory:latest-user') hot.push(unit.id);
    if (unit.kind === 'orphan-result') orphanResults.push(unit.id);
    for (const call of unit.calls) if (call.answer < 0) unansweredCalls.push(call.id);
    if (fidelity !== 'placeholder') {
      for (const edge of unit.edges) if (fidelities[edge.to] !== 'placeholder') graph.push({ from: unit.id, to: log.units[edge.to]!.id, kind: edge.kind });
    }
    decisions.push({
      unitId: unit.id,
      messageIds: unit.positions.map((position) => log.entries[position]!.message.id),
      score: units[index]!.score,
      fidelity,
      previous: previous[index],
      reason,
      fullTokens: request.costs.full(index),
    });
  });
  const metadata: AssembleMetadata = {
    turn: state.turn,
    budget,
    tokens: rendered.tokens,
    historyTokens: request.historyTokens,
    usage: rendered.tokens / budget,
    mode: request.mode,
    phase: 'assemble',
    workPhase: request.workPhase,
    counts,
    rescored: request.rescored,
    regraded: request.regraded,
    compacted: request.compacted,
    repairs: { unansweredCalls, orphanResults },
    layers: { hot, viewUnits: counts.full + counts.compressed, coldUnits: counts.placeholder },
    graph,
    stablePrefix,
    direction: request.sample,
    decisions,
  };
  return { messages: rendered.messages, metadata };
}
