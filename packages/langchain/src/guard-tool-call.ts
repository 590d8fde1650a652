import type { BaseMessage } from '@langchain/core/messages';
import type { WrapToolCallHook } from 'langchain';
import { blockedToolResult, warnedToolResult } from './guard-tool-result.js';
import type { LangChainSession } from './lang-chain-session.js';
import { toolErrorResult } from './tool-error-result.js';

/**
 * The middleware's `wrapToolCall` for guard `'warn'` or `'block'`: brings the session up to
 * the state's history, asks the engine about the call, then runs it, warns or blocks. A tool
 * that throws is answered as LangChain answers it without middleware (an error `ToolMessage`
 * the model reads), so the run goes on and cairn logs a failed call the guard learns from.
 *
 * @param guard - `'warn'` or `'block'` (with `'off'` the middleware has no `wrapToolCall`).
 * @param sessionFor - The session of a call, from its runtime and history.
 * @internal
 */
export function guardToolCall(guard: 'warn' | 'block', sessionFor: (runtime: unknown, history: readonly BaseMessage[]) => Promise<LangChainSession>): WrapToolCallHook {
  return async (request, handler) => {
    const run = async () => {
      try {
        return await handler(request);
      } catch (error) {
        const answer = toolErrorResult(error, request.toolCall, (request.runtime as { signal?: AbortSignal } | undefined)?.signal);
        if (answer === undefined) throw error;
        return answer;
      }
    };
    const state = (request.state as { messages?: unknown } | undefined)?.messages;
    const history = Array.isArray(state) ? (state as BaseMessage[]) : [];
    const session = await sessionFor(request.runtime, history);
    const verdict = await session.exclusive(async () => {
      await session.sync(history);
      return session.engine.checkToolCall({ name: request.toolCall.name, arguments: request.toolCall.args });
    });
    if (verdict.verdict === 'allow') return run();
    if (verdict.verdict === 'block' && guard === 'block') return blockedToolResult(request.toolCall, verdict);
    return warnedToolResult(await run(), verdict);
  };
}
