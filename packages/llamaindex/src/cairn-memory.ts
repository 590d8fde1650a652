import type { ContextEngine } from '@cairn/core';
import { CairnError, checkSessionKey, DEFAULT_BUDGET, resolveBudgetOption, type AssembleResult, type BudgetOption, type DeadEnd, type GuardVerdict, type ProposedToolCall, type RegisterDeadEndInput, type ZoomRequest, type ZoomResult } from '@cairn/core';
import { Memory, type ChatMessage, type LLM } from 'llamaindex';
import { DEFAULT_BUDGET_SHARE, type CairnLlamaIndexOptions } from './cairn-llama-index-options.js';
import type { CairnLogger } from './cairn-logger.js';
import { checkAdapterOptions } from './check-options.js';
import { checkForeignOptions, foreignBaseOf, trapForeignMemoryWrapping, warnForeignCopy } from './foreign-copy.js';
import { fromCairnMessage } from './from-cairn-message.js';
import type { LlamaIndexSession } from './llama-index-session.js';
import { messageId } from './message-id.js';
import { createSessionResolver, type SessionResolver } from './session-resolver.js';
import { toCairnMessage } from './to-cairn-message.js';
import { UnawaitedWrites } from './unawaited-writes.js';
import { withPulseEvents } from './pulse-events.js';
import type { InFlightToolCall } from './guard-tools.js';
import { InFlightToolCalls, MIN_VIEW_SHARE_BESIDE_SCRATCHPAD } from './in-flight-tool-calls.js';

/** The prefix of the session id of a memory created without one: `llamaindex-memory.<random UUID>`, one per memory. */
export const DEFAULT_MEMORY_SESSION_PREFIX = 'llamaindex-memory';

/** Options of {@link createCairnMemory}. */
export interface CairnMemoryOptions extends CairnLlamaIndexOptions {
  /**
   * The session this memory holds (1–128 characters of `[A-Za-z0-9._:@-]`, checked at
   * construction). Pass one, with a `store`, to continue a conversation in another memory or
   * process. Without one, the memory is its own conversation, as a LlamaIndex `Memory` is: it gets
   * a fresh id, so two memories never share a history, even over one store.
   * @default `${DEFAULT_MEMORY_SESSION_PREFIX}.<random UUID>` ('llamaindex-memory.…'), new for every memory
   */
  sessionId?: string;
  /** The LLM whose context window sizes a `{ fraction }` budget when `getLLM` is called without one. @default none */
  llm?: LLM;
}

function isChatMessage(value: unknown): value is ChatMessage<object> {
  return typeof value === 'object' && value !== null && typeof (value as ChatMessage).role === 'string' && 'content' in value;
}

/**
 * A LlamaIndex `Memory` whose `getLLM` returns cairn's budgeted view of the whole history instead
 * of the newest messages that fit. It subclasses `Memory`, so `SimpleChatEngine`,
 * `ContextChatEngine` (which check `instanceof Memory`) and `agent()` workflows take it
 * unchanged. Every message is kept (in the session store when one is given); `get()` returns
 * them all.
 *
 * Messages are added in order through one queue: an `add` the caller does not await (LlamaIndex
 * agents do not) is still in the next view. A message that is not a valid `ChatMessage` makes
 * its `add` reject with a `CairnError` and stores nothing; when nobody awaited that `add`, the
 * failure is logged (`logger.warn`) and the next read (`getLLM`, `get`, `getAll`,
 * `checkToolCall`, `registerDeadEnd`, `close`) rejects with it, so it is never lost silently.
 */
export class CairnMemory extends Memory {
  private readonly resolver: SessionResolver;
  private readonly cairnOptions: CairnMemoryOptions;
  private readonly budgetOption: BudgetOption | undefined;
  /** Where failures nobody awaited and a second copy of `@llamaindex/core` are reported. */
  private readonly cairnLogger: CairnLogger;
  /** The session id this memory holds. */
  readonly sessionId: string;
  private current: LlamaIndexSession | undefined;
  private lastResult: AssembleResult | undefined;
  /** Adds nobody awaited: a failure is logged and raised by the next read. */
  private readonly writes: UnawaitedWrites;
  /** Tool calls an `agent()` run holds outside the memory (reported by `guardTools`). */
  private readonly inFlight = new InFlightToolCalls();

  /**
   * Use {@link createCairnMemory}; the options are validated here.
   * @throws CairnError `INVALID_OPTIONS` (budget, contextWindow, engine), `INVALID_SESSION_KEY` (sessionId, tenant).
   */
  constructor(options: CairnMemoryOptions = {}) {
    const checked = checkAdapterOptions('createCairnMemory', options, options?.contextWindow ?? options?.llm?.metadata?.contextWindow);
    super([], options.llm ? { llm: options.llm } : {});
    this.cairnOptions = options;
    this.budgetOption = checked.budget;
    this.cairnLogger = options.logger ?? console;
    this.writes = new UnawaitedWrites(this.cairnLogger);
    this.sessionId = options.sessionId ?? `${DEFAULT_MEMORY_SESSION_PREFIX}.${globalThis.crypto.randomUUID()}`;
    checkSessionKey({ tenant: checked.tenant, sessionId: this.sessionId });
    this.resolver = createSessionResolver('createCairnMemory', withPulseEvents(options), {
      maxOpen: 1,
      onBackgroundError: (error) => this.cairnLogger.warn('cairn: a background save of the memory failed (its messages are in the store).', error),
      onSummaryError: (error) => this.cairnLogger.warn('cairn: the summariser failed (compressed messages keep their extractive compression).', error),
      onReflectorError: (error) => this.cairnLogger.warn('cairn: the playbook reflector failed (the playbook keeps what the deterministic curator learnt).', error),
    });
    checkForeignOptions(this.cairnLogger, 'createCairnMemory', { llm: options.llm, embedder: options.embedder });
  }

  /**
   * The cairn engine of this memory's session (after every pending add): for what the memory does
   * not wrap — resource classes (`tag`, `promote`), `crystallize`, `project`, `window`.
   */
  engine(): Promise<ContextEngine> {
    return this.read((session) => session.engine);
  }

  /** Runs `job` with the session, after every pending add, raising the failure of an add nobody awaited. */
  private read<T>(job: (session: LlamaIndexSession) => T | Promise<T>): Promise<T> {
    return this.resolver.use(this.sessionId, async (session) => {
      this.current = session;
      await session.settled();
      this.writes.raise();
      return job(session);
    });
  }

  /**
   * Adds a message to the history (a LlamaIndex `ChatMessage`, tool calls and results included).
   * When nobody awaits the returned promise and the add fails, the failure is logged and raised
   * by the next read instead.
   * @throws CairnError `INVALID_MESSAGE` (the message is not stored) or a session error.
   */
  override add(message: unknown): Promise<void> {
    // An agent adds its scratchpad when a run ends: the calls held back are in the history now.
    this.inFlight.clear();
    return this.writes.start((failed) =>
      this.resolver.use(this.sessionId, (session) => {
        this.current = session;
        return session.run(async () => {
          try {
            if (!isChatMessage(message)) {
              throw new CairnError({ code: 'INVALID_MESSAGE', message: 'CairnMemory.add expects a LlamaIndex ChatMessage ({ role, content, options? }).', details: { message } });
            }
            await session.backend.ingest([toCairnMessage(message, messageId(message, session.size))]);
          } catch (error) {
            failed(error);
            throw error;
          }
        });
      }),
    );
  }

  /**
   * Every message of the history (not the view), then the transient ones: `Memory.get`. Only the
   * `'llamaindex'` type is supported ({@link CairnMemory.getAll} is the same without options).
   * @throws CairnError `INVALID_OPTIONS` for another `type`.
   */
  override get(options?: { type?: 'llamaindex'; transientMessages?: ChatMessage[] }): Promise<ChatMessage[]>;
  /**
   * Any other `type` (such as `'vercel'`) rejects with `CairnError` `INVALID_OPTIONS`. This
   * overload keeps the class assignable to LlamaIndex's `Memory`, whose `get` is typed for its
   * adapters.
   */
  override get(options?: { type?: string; transientMessages?: ChatMessage[] }): Promise<never>;
  override async get(options: { type?: string; transientMessages?: ChatMessage[] } = {}): Promise<ChatMessage[]> {
    const { type = 'llamaindex', transientMessages = [] } = options;
    if (type !== 'llamaindex') throw new CairnError({ code: 'INVALID_OPTIONS', message: `CairnMemory.get supports type 'llamaindex' only; got ${JSON.stringify(type)}.` });
    return this.getAll(transientMessages);
  }

  /** Every message of the history (not the view), after pending adds, then the transient ones. */
  getAll(transientMessages: ChatMessage[] = []): Promise<ChatMessage[]> {
    return this.read((session) => [...session.engine.getMessages().map(fromCairnMessage), ...transientMessages]);
  }

  /**
   * cairn's view of the history within the budget, then the transient messages (which the
   * chat engines use for a system or context message). The transient messages' tokens are taken
   * off the budget first, then those of the tool calls an `agent()` run holds in its scratchpad
   * (reported by `guardTools`; the view keeps at least a quarter of the budget).
   *
   * @param llm - Sizes a `{ fraction }` budget by its `metadata.contextWindow`. @default the memory's `llm`
   * @param transientMessages - Messages to append, not stored.
   * @throws CairnError `BUDGET_EXCEEDED` when the transient messages alone exceed the budget;
   *   `INVALID_OPTIONS` for a `{ fraction }` budget when no context window is known; the failure
   *   of an earlier `add` nobody awaited.
   */
  override getLLM(llm?: LLM, transientMessages: ChatMessage[] = []): Promise<ChatMessage[]> {
    if (llm !== undefined && llm !== this.cairnOptions.llm) {
      const base = foreignBaseOf(llm);
      if (base !== undefined) warnForeignCopy(this.cairnLogger, `the LLM a chat engine or agent passed to getLLM (a ${base})`);
    }
    return this.read(async (session) => {
      const budget = this.budgetFor(llm ?? this.cairnOptions.llm);
      const transient = transientMessages.map((message, index) => toCairnMessage(message, `transient-${index}`));
      const afterTransient = budget - session.count(transient);
      if (afterTransient < 1) {
        throw new CairnError({ code: 'BUDGET_EXCEEDED', message: `The transient messages alone take ${budget - afterTransient} of the ${budget}-token budget; raise the budget.`, details: { budget } });
      }
      const viewBudget = this.beside(this.inFlight.tokens((messages) => session.count(messages)), afterTransient, budget);
      const result = await session.assemble({ budget: viewBudget });
      this.lastResult = result;
      return [...result.messages.map(fromCairnMessage), ...transientMessages];
    });
  }

  /**
   * The view's budget once the agent's in-flight tool calls (`scratchpad` tokens) are held back
   * from `available`, never below {@link MIN_VIEW_SHARE_BESIDE_SCRATCHPAD} of `budget`.
   */
  private beside(scratchpad: number, available: number, budget: number): number {
    const floor = Math.min(available, Math.ceil(budget * MIN_VIEW_SHARE_BESIDE_SCRATCHPAD));
    if (available - scratchpad >= floor) return available - scratchpad;
    if (this.inFlight.shouldWarn()) {
      this.cairnLogger.warn(`cairn: the agent's in-flight tool calls take ${scratchpad} tokens of the ${budget}-token budget; the view keeps ${floor}, so prompts outgrow the budget until the run ends. Raise the budget.`);
    }
    return floor;
  }

  /**
   * Holds an answered tool call's tokens back from the next views until the agent adds its
   * messages (the run ends). `guardTools(tools, memory)` calls this: `agent()` sends the memory's
   * view followed by its scratchpad of the current run's calls and results, which this memory
   * cannot see. Wrap an agent's tools with `guardTools` and the prompts stay in the budget.
   */
  noteInFlightToolCall(call: InFlightToolCall): void {
    const session = this.current;
    this.inFlight.note(call, session ? (messages) => session.count(messages) : undefined);
  }

  /** The budget in tokens: the option, or 70% of a known window, or DEFAULT_BUDGET. */
  private budgetFor(llm: LLM | undefined): number {
    const contextWindow = this.cairnOptions.contextWindow ?? llm?.metadata?.contextWindow;
    const budget = this.budgetOption ?? (contextWindow ? { fraction: DEFAULT_BUDGET_SHARE } : DEFAULT_BUDGET);
    return resolveBudgetOption('createCairnMemory', budget, contextWindow);
  }

  /** The result of the latest `getLLM`: the view with its metadata (fidelities, tokens, repairs). */
  get lastView(): AssembleResult | undefined {
    return this.lastResult;
  }

  /** Clears the history: the session is deleted from the store and starts empty (a pending failure of an unawaited add is dropped with it). */
  override async clear(): Promise<void> {
    this.current = undefined;
    this.inFlight.clear();
    this.lastResult = undefined;
    await this.resolver.reset(this.sessionId);
    this.writes.clear();
  }

  /**
   * A JSON snapshot in `Memory`'s format (`{ messages, memoryCursor }`) of the messages added and
   * settled so far, for `loadMemory`. With a session store, reopening the session is the better way back.
   */
  override snapshot(): string {
    const messages = (this.current?.engine.getMessages() ?? []).map((message) => ({ id: message.id, ...fromCairnMessage(message) }));
    return JSON.stringify({ messages, memoryCursor: 0 });
  }

  /** Asks the dead-end guard about a tool call the model proposes. */
  checkToolCall(call: ProposedToolCall): Promise<GuardVerdict> {
    return this.read((session) => session.engine.checkToolCall(call));
  }

  /** Records an approach as a dead end, so the guard flags it and the brief lists it. */
  registerDeadEnd(input: RegisterDeadEndInput): Promise<DeadEnd> {
    return this.read((session) => session.engine.registerDeadEnd(input));
  }

  /** Consults pages (PCP zoom): shown in full from the next view on; see `ContextEngine.consult`. */
  consult(request: ZoomRequest): Promise<ZoomResult> {
    return this.read((session) => session.engine.consult(request));
  }

  /** Shelves consulted pages back to their summaries; see `ContextEngine.shelve`. */
  shelve(request: ZoomRequest): Promise<ZoomResult> {
    return this.read((session) => session.engine.shelve(request));
  }

  /**
   * Waits for pending adds, then saves and releases the session (the store stays open). The
   * memory stays usable: its next call reopens the session from the store.
   */
  async close(): Promise<void> {
    try {
      await this.read(() => undefined);
    } finally {
      await this.resolver.release(this.sessionId);
    }
  }
}

trapForeignMemoryWrapping(CairnMemory.prototype, (memory) => (memory as unknown as { cairnLogger?: CairnLogger }).cairnLogger ?? console);

/**
 * Creates a LlamaIndex memory backed by cairn: chat engines and agents then send the model
 * cairn's budgeted view of the whole history on every call.
 *
 * @param options - See {@link CairnMemoryOptions}.
 * @returns A `Memory` subclass for `SimpleChatEngine({ memory })`, `ContextChatEngine` /
 *   `chat({ chatHistory })`, and `agent({ memory })`.
 * @throws CairnError `INVALID_OPTIONS` for a bad budget, context window or engine;
 *   `INVALID_SESSION_KEY` for a bad `sessionId` or `tenant`.
 *
 * @example
 * ```ts
 * const memory = createCairnMemory({ sessionId: 'chat-42', budget: { fraction: 0.5 } });
 * const engine = new SimpleChatEngine({ llm, memory });
 * await engine.chat({ message: 'Where did we leave the deploy?' });
 * ```
 */
export function createCairnMemory(options: CairnMemoryOptions = {}): CairnMemory {
  return new CairnMemory(options);
}
