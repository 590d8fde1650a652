import { CairnError, resolveBudgetOption, type ContextEngine } from '@cairn/core';
import type { BaseMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import type { CairnSessionOptions } from './cairn-session-options.js';
import { checkCount, checkSessionOptions, invalidOption } from './check-options.js';
import { guardToolCall } from './guard-tool-call.js';
import { InvocationSessions } from './invocation-sessions.js';
import { createSessionResolver, DEFAULT_MAX_OPEN_SESSIONS } from './session-resolver.js';
import { withPulseEvents } from './pulse-events.js';
import { attachPageSessions } from './page-sessions.js';
import { plannedToolsOf } from './planned-tools.js';

/** What the dead-end guard does with a tool call that repeats a known dead end. */
export type GuardMode = 'off' | 'warn' | 'block';

/** Default of {@link CairnMiddlewareOptions.guard}. */
export const DEFAULT_GUARD: GuardMode = 'warn';

/** Options of {@link cairnMiddleware}. */
export interface CairnMiddlewareOptions extends Omit<CairnSessionOptions, 'sessionId'> {
  /**
   * The session, stored in `store` under this id: an id, or a function of the run's
   * `thread_id` (called with `undefined` when the run has none; return `undefined` to scope that
   * run to itself). Without it, a run with a `thread_id` is that thread's session, and a run
   * without one is scoped to the invocation: nothing is kept after it and nothing is shared with
   * another invocation (as `createAgent` itself does with no checkpointer or thread). Give a
   * `thread_id` (with a checkpointer) or a `sessionId` to persist.
   * @default the run's `thread_id`, else the invocation alone
   */
  sessionId?: string | ((threadId: string | undefined) => string | undefined);
  /**
   * The dead-end guard on tool calls: `'warn'` runs a call that repeats a dead end and appends a
   * warning to its result; `'block'` does not run a call that repeats a long-term dead end
   * (failed twice or more, or registered) and returns a `ToolMessage` with `status: 'error'`
   * saying why (repeats of a once-failed call are warned); `'off'` checks nothing.
   * @default DEFAULT_GUARD ('warn')
   */
  guard?: GuardMode;
  /**
   * Stored sessions (threads) kept open at once, each an engine in memory. Past it the least
   * recently used one is saved and let go; the store keeps its log, and its next call reopens
   * it, so nothing is lost. @default DEFAULT_MAX_OPEN_SESSIONS (100)
   */
  maxOpenSessions?: number;
}

const GUARDS: readonly GuardMode[] = ['off', 'warn', 'block'];

function threadIdOf(runtime: unknown): string | undefined {
  const threadId = (runtime as { configurable?: { thread_id?: unknown } } | undefined)?.configurable?.thread_id;
  return typeof threadId === 'string' && threadId.length > 0 ? threadId : undefined;
}

/**
 * cairn for LangChain v1 `createAgent`: every model call sees cairn's budgeted view of the
 * whole history (full, compressed and placeholder messages, tool pairs intact, the known-dead-
 * ends brief), while the agent state keeps the full history (checkpointer-friendly: only the
 * model request changes). Tool calls pass the dead-end guard.
 *
 * @param options - The session, the budget, the guard and engine options.
 * @returns An agent middleware for `createAgent({ middleware: [...] })`.
 * @throws CairnError `INVALID_OPTIONS` for any bad option (budget, guard, session, store, engine…), when called.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, tools, middleware: [cairnMiddleware({ budget: { fraction: 0.5 }, contextWindow: 128_000, guard: 'block' })] });
 * await agent.invoke({ messages: [new HumanMessage('Fix the failing test')] }, { configurable: { thread_id: 'task-42' } });
 * ```
 */
export function cairnMiddleware(options: CairnMiddlewareOptions = {}) {
  const owner = 'cairnMiddleware';
  checkSessionOptions(owner, options);
  const { sessionId, guard = DEFAULT_GUARD, maxOpenSessions = DEFAULT_MAX_OPEN_SESSIONS, ...sessionOptions } = options;
  if (!GUARDS.includes(guard)) invalidOption(owner, 'guard', "'off', 'warn' or 'block'", guard);
  checkCount(owner, 'maxOpenSessions', maxOpenSessions);
  const budget = resolveBudgetOption(owner, options.budget, options.contextWindow);
  const resolve = createSessionResolver(owner, withPulseEvents(sessionOptions), maxOpenSessions);
  const invocations = new InvocationSessions(() => resolve.ephemeral());
  const storedIdOf = (runtime: unknown): string | undefined => {
    const threadId = threadIdOf(runtime);
    return typeof sessionId === 'function' ? sessionId(threadId) : (sessionId ?? threadId);
  };
  const sessionOf = async (id: string | undefined, history: readonly BaseMessage[]) => (id === undefined ? invocations.get(history) : resolve.get(id));

  /** The tool names bound so far in each session, to tell a narrowed tool list (PAACE). */
  const offeredTools = new WeakMap<object, Set<string>>();

  const middleware = createMiddleware({
    name: 'CairnMiddleware',
    wrapModelCall: async (request, handler) => {
      const id = storedIdOf(request.runtime);
      if (id !== undefined) resolve.raisePending(id);
      const session = await sessionOf(id, request.messages);
      const messages = await session.exclusive(async (): Promise<BaseMessage[]> => {
        await session.sync(request.messages);
        const system = request.systemMessage;
        const reserved = system && system.text.length > 0 ? session.countTokens([system]) : 0;
        let offered = offeredTools.get(session);
        if (!offered) offeredTools.set(session, (offered = new Set()));
        const plannedTools = plannedToolsOf(request, offered);
        return session.view({ budget, reserved, ...(plannedTools ? { plannedTools } : {}) });
      });
      return handler({ ...request, messages });
    },
    // guard 'off': no wrapToolCall at all, so LangChain's own tool handling applies unchanged.
    ...(guard === 'off' ? {} : { wrapToolCall: guardToolCall(guard, (runtime, history) => sessionOf(storedIdOf(runtime), history)) }),
    // The end of a run scoped to its invocation: its session is let go.
    afterAgent: (state, runtime) => {
      if (storedIdOf(runtime) === undefined) invocations.release(state.messages);
    },
  });
  // pageTools finds the session of a tool call's thread (a run without one has no session to zoom).
  attachPageSessions(middleware, async (config) => {
    const id = storedIdOf(config);
    return id === undefined ? undefined : (await resolve.get(id)).engine;
  });
  return Object.assign(middleware, {
    /**
     * The cairn engine of a thread's session (by `thread_id`, or the `sessionId` option): for
     * what the middleware does not wrap — resource classes, `crystallize`, `project`, `window`.
     * @throws CairnError `INVALID_OPTIONS` when no session is named (runs scoped to one invocation have no lasting engine)
     */
    engine: async (threadId?: string): Promise<ContextEngine> => {
      const id = typeof sessionId === 'function' ? (threadId === undefined ? undefined : sessionId(threadId)) : (sessionId ?? threadId);
      if (id === undefined) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'cairnMiddleware.engine(threadId): name the thread (or pass sessionId to cairnMiddleware); runs without a thread_id have no lasting engine.' });
      return (await resolve.get(id)).engine;
    },
  });
}
