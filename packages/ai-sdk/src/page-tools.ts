import { CairnError } from '@cairn/core';
import { jsonSchema, tool, type ToolSet } from 'ai';
import type { CairnMiddleware } from './cairn-middleware.js';

/** Options of {@link pageTools}. */
export interface PageToolsOptions {
  /** The middleware whose sessions the tools act on. */
  middleware: CairnMiddleware;
  /** The session the tools act on. @default the middleware's `sessionId` */
  sessionId?: string;
}

interface ZoomInput {
  ids: string[];
  reason: string;
}

const ZOOM_SCHEMA = jsonSchema<ZoomInput>({
  type: 'object',
  properties: {
    ids: { type: 'array', items: { type: 'string' }, description: "Ids the view names: id=… of a placeholder or compressed message, a placeholder run's from..to (lists its pages), or page ids from such a list." },
    reason: { type: 'string', description: 'Why, truthfully and specifically; shown back to you next turn.' },
  },
  required: ['ids', 'reason'],
});

/** Runs a zoom on the middleware's engine; any failure comes back as text, never as a throw. */
async function zoom(options: PageToolsOptions, action: 'consult' | 'shelve', input: ZoomInput): Promise<string> {
  const { middleware, sessionId } = options;
  if (!middleware.hasSession(sessionId)) {
    return `Error: ${action} needs a named cairn session (pass sessionId to cairnMiddleware or to pageTools); nothing changed.`;
  }
  try {
    const engine = await middleware.engine(sessionId);
    return (action === 'consult' ? engine.consult(input) : engine.shelve(input)).text;
  } catch (error) {
    if (CairnError.isInstance(error)) return `Error: ${error.message}`;
    return `Error: ${action} failed (${error instanceof Error ? error.message : String(error)}); nothing changed.`;
  }
}

/**
 * The page zoom tools (PCP) for the model: `consult` shows pages in full from the next step on
 * (Summary → Detail); `shelve` folds them back. Results say per id what changed; unknown or
 * foreign ids and bad input come back as tool error text, never as a throw in the loop.
 *
 * @returns An AI SDK `ToolSet` to spread into `tools`.
 *
 * @example
 * ```ts
 * const middleware = cairnMiddleware({ sessionId: 'chat-1' });
 * const agent = new ToolLoopAgent({ model: wrapLanguageModel({ model, middleware }), tools: { ...myTools, ...pageTools({ middleware }) } });
 * ```
 */
export function pageTools(options: PageToolsOptions): ToolSet {
  return {
    consult: tool({
      description:
        'Show pages of the conversation in full from your next step on. Use it when a placeholder ([cairn:placeholder id=…], or a run from=… to=…) or a compressed message hides what you need; pass the ids and why.',
      inputSchema: ZOOM_SCHEMA,
      execute: async (input) => zoom(options, 'consult', input),
    }),
    shelve: tool({
      description: 'Fold consulted pages back to their summaries once you no longer need them in full (frees room in your context).',
      inputSchema: ZOOM_SCHEMA,
      execute: async (input) => zoom(options, 'shelve', input),
    }),
  };
}
