import { CairnError, type ContextEngine } from '@cairn/core';
import { tool, type StructuredToolInterface } from '@langchain/core/tools';
import { pageSessionsOf } from './page-sessions.js';

/** Options of {@link pageTools}. */
export interface PageToolsOptions {
  /** The `cairnMiddleware(...)` of the agent: the tools act on the session of the run's thread. */
  middleware: object;
}

interface ZoomInput {
  ids: string[];
  reason: string;
}

const ZOOM_SCHEMA = {
  type: 'object',
  properties: {
    ids: { type: 'array', items: { type: 'string' }, description: "Ids the view names: id=… of a placeholder or compressed message, a placeholder run's from..to (lists its pages), or page ids from such a list." },
    reason: { type: 'string', description: 'Why, truthfully and specifically; shown back to you next turn.' },
  },
  required: ['ids', 'reason'],
} as const;

async function zoom(lookup: (config: unknown) => Promise<ContextEngine | undefined>, action: 'consult' | 'shelve', input: ZoomInput, config: unknown): Promise<string> {
  try {
    const engine = await lookup(config);
    if (!engine) return `Error: ${action} needs a cairn session: run the agent with a thread_id (configurable.thread_id) or give cairnMiddleware a sessionId; nothing changed.`;
    return (action === 'consult' ? engine.consult(input) : engine.shelve(input)).text;
  } catch (error) {
    if (CairnError.isInstance(error)) return `Error: ${error.message}`;
    return `Error: ${action} failed (${error instanceof Error ? error.message : String(error)}); nothing changed.`;
  }
}

/**
 * The page zoom tools (PCP) for a `createAgent` that uses `cairnMiddleware`: `consult` shows pages
 * in full from the next model call on (Summary → Detail); `shelve` folds them back. Results say
 * per id what changed; unknown or foreign ids and bad input come back as the tool's text, never
 * as a throw in the agent loop.
 *
 * @returns Two LangChain tools to add to the agent's `tools`.
 * @throws CairnError `INVALID_OPTIONS` when `middleware` is not one `cairnMiddleware` made.
 *
 * @example
 * ```ts
 * const middleware = cairnMiddleware({ budget: 8_000 });
 * const agent = createAgent({ model, tools: [...myTools, ...pageTools({ middleware })], middleware: [middleware], checkpointer });
 * ```
 */
export function pageTools({ middleware }: PageToolsOptions): StructuredToolInterface[] {
  const lookup = typeof middleware === 'object' && middleware !== null ? pageSessionsOf(middleware) : undefined;
  if (!lookup) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid pageTools option middleware: expected the object cairnMiddleware(...) returned (the one in the agent’s middleware list).' });
  }
  const found = lookup;
  return [
    tool(async (input: ZoomInput, config) => zoom(found, 'consult', input, config), {
      name: 'consult',
      description:
        'Show pages of the conversation in full from your next step on. Use it when a placeholder ([cairn:placeholder id=…], or a run from=… to=…) or a compressed message hides what you need; pass the ids and why.',
      schema: ZOOM_SCHEMA,
    }),
    tool(async (input: ZoomInput, config) => zoom(found, 'shelve', input, config), {
      name: 'shelve',
      description: 'Fold consulted pages back to their summaries once you no longer need them in full (frees room in your context).',
      schema: ZOOM_SCHEMA,
    }),
  ];
}
