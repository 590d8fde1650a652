import type { EngineState } from '../render/index.js';
import { createUnitCosts } from '../render/index.js';
import { countMessageTokens } from '../log/index.js';
import type { ViewMessage } from '../log/index.js';
import { mandatoryReason, renderContext } from '../plan/index.js';
import { renderTrace, settleConsults } from '../pages/index.js';

/** The reasoning trace takes at most this share of a view's budget (else it is left out). */
const TRACE_SHARE = 0.1;
/** What stays for the placeholders that mark the rest of the history. */
const MARKER_SHARE = 0.1;

type Brief = { message: ViewMessage; tokens: number };

/**
 * Keeps consulted pages (view Detail) within what this view's budget allows: their share of the
 * history budget (`pages.detailShare`), and never more than what the other mandatory units
 * (system prompt, pinned messages, the latest turn), the briefs and the markers of the rest
 * leave, each page counted with the placeholder run it may add. Over it, the oldest consult is
 * shelved first (a trace step by cairn).
 */
function settlePageViews(state: EngineState, historyBudget: number, turn: number): void {
  const { pages, options, log } = state;
  if (pages.zoom.size === 0) return;
  const costs = createUnitCosts(log.units, renderContext(state));
  let otherMandatory = 0;
  for (let unit = 0; unit < log.units.length; unit++) {
    const reason = mandatoryReason(state, unit);
    if (reason !== undefined && reason !== 'mandatory:consulted') otherMandatory += costs.full(unit);
  }
  const allowance = Math.min(options.pages.detailShare * historyBudget, historyBudget * (1 - MARKER_SHARE) - otherMandatory - costs.runBound);
  settleConsults(pages, { allowance, cost: (unit) => costs.full(unit) + costs.runBound, turn });
}

/**
 * Settles consulted pages against this view's budget, then adds the reasoning trace (latest
 * consult / shelve steps, pages in Detail) to the turn's brief, or makes it the brief when there
 * is none; the trace is left out when it would take over a tenth of the budget. Does nothing
 * (and costs nothing) while no page was ever consulted. @internal
 */
export function withPageViews(state: EngineState, brief: Brief | undefined, budget: number): Brief | undefined {
  const { pages, options } = state;
  if (pages.zoom.size === 0 && pages.trace.length === 0) return brief;
  const turn = state.turn + 1;
  settlePageViews(state, budget - (brief?.tokens ?? 0) - Math.floor(budget * TRACE_SHARE), turn);
  if (options.pages.traceSteps === 0) return brief;
  // The latest steps that fit in the trace's share: fewer steps rather than no trace.
  for (let steps = options.pages.traceSteps; steps >= 0; steps--) {
    const text = renderTrace(pages, turn, steps);
    if (text === undefined) return brief;
    const message: ViewMessage = brief
      ? { ...brief.message, content: `${typeof brief.message.content === 'string' ? brief.message.content : ''}\n\n${text}` }
      : { id: 'cairn:reasoning-trace', role: 'user', content: text, sourceIds: [], fidelity: 'full', synthetic: true };
    const tokens = countMessageTokens(message, options.tokenCounter);
    if (tokens - (brief?.tokens ?? 0) <= budget * TRACE_SHARE) return { message, tokens };
  }
  return brief;
}
