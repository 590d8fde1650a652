import { type CairnMessage, createContextEngine, type ViewMessage } from '@cairn/core';
import type { ContextStrategy } from './strategy.js';

/**
 * A view message as a `CairnMessage`: the same fields, with `fidelity`, `sourceIds` and
 * `synthetic` moved into `metadata` (next to any metadata it already had).
 *
 * @param message - A message of an assembled view.
 * @returns The `CairnMessage`-shaped copy.
 */
export function viewMessageToCairnMessage(message: ViewMessage): CairnMessage {
  const { fidelity, sourceIds, synthetic, metadata, ...fields } = message;
  return {
    ...fields,
    metadata: { ...metadata, fidelity, sourceIds, ...(synthetic !== undefined ? { synthetic } : {}) },
  };
}

/** Options of {@link createCairnStrategy}. */
export interface CairnStrategyOptions {
  /**
   * The engine's `deadEndBrief` option; `false` measures what the brief adds (the guard report's
   * exposure with and without it). @default true (the engine's default)
   */
  deadEndBrief?: boolean;
  /**
   * Tags the session's first user message REQUIRED (kept at least compressed, its anchors with
   * it) — an experiment on whether the task statement should be a default REQUIRED unit; not a
   * default. @default false
   */
  taskRequired?: boolean;
  /**
   * The engine's `pages.consolidation.background` option (the Background_Context block); `false`
   * shows the history's placeholder runs one by one, each where its messages were (a view whose
   * `sourceIds`, read in order, are the history in order). @default true (the engine's default)
   */
  background?: boolean;
}

/**
 * The `cairn` strategy: the engine with its defaults, built as
 * `createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' })`.
 * `ingest` appends to the engine's log; a view is `engine.assemble({ query })` with each view
 * message mapped by {@link viewMessageToCairnMessage}. Compressed and placeholder messages carry
 * derived ids, so compare views by `metadata.sourceIds`, not by id. When even the compressed
 * mandatory part cannot fit, `assemble` throws a `CairnError` with code `BUDGET_EXCEEDED`, and so
 * does `view`.
 *
 * @param options - `deadEndBrief: false` turns the dead-end brief off, `background: false` the
 *   Background_Context block (neither a default).
 * @returns The strategy.
 *
 * @example
 * ```ts
 * const session = createCairnStrategy().createSession({ budget: 8000, counter });
 * session.ingest(history);
 * const view = await session.view({ query: 'Which region may we deploy to?' });
 * view[0]?.metadata?.fidelity; // 'full'
 * ```
 */
export function createCairnStrategy({ deadEndBrief = true, taskRequired = false, background = true }: CairnStrategyOptions = {}): ContextStrategy {
  return {
    name: taskRequired ? 'cairn+task-required' : background ? 'cairn' : 'cairn+no-background',
    description: deadEndBrief
      ? "The cairn engine with defaults: direction-aligned, fidelity-aware view within the budget (onBudgetExceeded 'compress-mandatory')."
      : "The cairn engine without its dead-end brief (deadEndBrief: false, onBudgetExceeded 'compress-mandatory').",
    createSession({ budget, counter }) {
      const engine = createContextEngine({ budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory', ...(deadEndBrief ? {} : { deadEndBrief: false }), ...(background ? {} : { pages: { consolidation: { background: false } } }) });
      let taskTagged = !taskRequired;
      return {
        ingest(messages: readonly CairnMessage[]) {
          engine.ingest(messages);
          const task = taskTagged ? undefined : messages.find((message) => message.role === 'user');
          if (task) {
            engine.tag([task.id], 'required', 'the task statement');
            taskTagged = true;
          }
        },
        async view({ query, purpose = 'probe' }) {
          // An agent step is assembled the way the framework adapters call it, with no query: the
          // engine reads the intent from the latest user message itself. Questions pass a query.
          const { messages } = engine.assemble(query === undefined || purpose === 'turn' ? {} : { query });
          return messages.map(viewMessageToCairnMessage);
        },
      };
    },
  };
}
