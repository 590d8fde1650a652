import { jsonSchema, tool, type ToolSet } from 'ai';
import type { CairnMiddleware } from './cairn-middleware.js';
import { REGISTER_DEAD_END_TOOL, type RecordedInHistory } from './replay-registered-dead-ends.js';

/** Options of {@link cairnTools}. */
export interface CairnToolsOptions {
  /** The middleware whose sessions the tools act on. */
  middleware: CairnMiddleware;
  /**
   * The session the tools act on (name it here when calls name theirs in `providerOptions`).
   * @default the middleware's `sessionId`; without one, a dead end is recorded in the call's
   * history (its result says `{ recorded: true, scope: 'call' }`) and every later step of that
   * tool loop registers it again from there.
   */
  sessionId?: string;
}

interface RegisterDeadEndInput {
  approach: string;
  reason: string;
  toolName?: string;
  arguments?: unknown;
}

/**
 * Tools the model may call to work with cairn, opt-in: `registerDeadEnd` records an approach
 * that is known not to work, so it stays in the "known dead ends" brief of every later view
 * (and, for a tool call, the guard flags repeats of it).
 *
 * @returns An AI SDK `ToolSet` to spread into `tools`.
 *
 * @example
 * ```ts
 * const middleware = cairnMiddleware({ guard: 'block' });
 * await generateText({ model: wrapLanguageModel({ model, middleware }), tools: { ...myTools, ...cairnTools({ middleware }) }, prompt });
 * ```
 */
export function cairnTools({ middleware, sessionId }: CairnToolsOptions): ToolSet {
  return {
    [REGISTER_DEAD_END_TOOL]: tool({
      description:
        'Record an approach that is known not to work (a disproven idea, a call that cannot succeed), with why. It stays in the "known dead ends" list you see, so it is not tried again.',
      inputSchema: jsonSchema<RegisterDeadEndInput>({
        type: 'object',
        properties: {
          approach: { type: 'string', description: 'What was tried, in a few words.' },
          reason: { type: 'string', description: 'Why it does not work.' },
          toolName: { type: 'string', description: 'The tool, when the dead end is a tool call.' },
          arguments: { description: 'The tool call arguments, when the dead end is a tool call.' },
        },
        required: ['approach', 'reason'],
      }),
      execute: async ({ approach, reason, toolName, arguments: args }): Promise<{ registered: string; status: string } | RecordedInHistory> => {
        if (!middleware.hasSession(sessionId)) return { recorded: true, scope: 'call' };
        const engine = await middleware.engine(sessionId);
        const deadEnd = engine.registerDeadEnd({ trace: { approach, ...(toolName ? { toolName } : {}), ...(args !== undefined ? { arguments: args } : {}) }, reason });
        return { registered: deadEnd.id, status: deadEnd.status };
      },
    }),
  };
}
