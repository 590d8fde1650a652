import type { AssembleOptions, AssembleResult, EngineState } from '../render/index.js';
import { renderPagedContext } from '../render/index.js';
import { CairnError, countMessageTokens } from '../log/index.js';
import { checkBudget } from '../options/index.js';
import { assembleView } from './assemble-view.js';

/** Passes at most: each plans the history smaller by what the XML came out over. */
const MAX_PASSES = 5;

/**
 * Assembles the view in the PCP XML format: plans and renders the history as usual, within the
 * budget less the XML's overhead, and wraps it in one `PagedContext` user message. When the
 * XML comes out over the budget, the history is planned again smaller by the overshoot (the
 * turn counts once). @internal
 */
export function assemblePagedContext(state: EngineState, request: AssembleOptions): AssembleResult {
  const fullBudget = checkBudget(request.budget ?? state.options.budget);
  const query = request.query?.trim() ? request.query : undefined;
  let historyBudget = fullBudget;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    if (pass > 0) state.turn--;
    const result = assembleView(state, { ...request, budget: historyBudget });
    const message = renderPagedContext(state, result, query);
    const tokens = countMessageTokens(message, state.options.tokenCounter);
    if (tokens <= fullBudget) {
      return { messages: [message], metadata: { ...result.metadata, budget: fullBudget, tokens, usage: tokens / fullBudget } };
    }
    historyBudget -= tokens - fullBudget + Math.ceil(fullBudget * 0.02 * (pass + 1));
    if (historyBudget < 1) break;
  }
  throw new CairnError({
    code: 'BUDGET_EXCEEDED',
    message: `The PagedContext XML view does not fit the cairn budget of ${fullBudget} tokens (its tags and registry need room too). Raise the budget or use format: 'messages'.`,
    details: { budget: fullBudget },
  });
}
