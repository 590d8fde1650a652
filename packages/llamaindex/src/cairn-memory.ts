import { CairnError, DEFAULT_BUDGET, type AssembleResult, type CairnMessage, type DeadEnd, type GuardVerdict, type ProposedToolCall, type RegisterDeadEndInput } from '@cairn/core';
import { Memory, type ChatMessage, type LLM } from 'llamaindex';
import { DEFAULT_BUDGET_SHARE, type CairnLlamaIndexOptions } from './cairn-llama-index-options.js';
import { fromCairnMessage } from './from-cairn-message.js';
import type { LlamaIndexSession } from './llama-index-session.js';
import { messageId } from './message-id.js';
import { resolveBudget } from './resolve-budget.js';
import { createSessionResolver, type SessionResolver } from './session-resolver.js';
import { toCairnMessage } from './to-cairn-message.js';

/** The session id of a memory created without one. */
export const DEFAULT_MEMORY_SESSION_ID = 'llamaindex-memory';

/** Options of {@link createCairnMemory}. */
export interface CairnMemoryOptions extends CairnLlamaIndexOptions {
  /** The session this memory holds (1–128 characters of `[A-Za-z0-9._:@-]`). @default DEFAULT_MEMORY_SESSION_ID ('llamaindex-memory') */
  sessionId?: string;
  /** The LLM whose context window sizes a `budget` share when `getLLM` is called without one. @default none */
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
 * its `add` reject with a `CairnError` and stores nothing.
 */
export class CairnMemory extends Memory {
  private readonly resolver: SessionResolver;
  private readonly cairnOptions: CairnMemoryOptions;
  /** The session id this memory holds. */
  readonly sessionId: string;
  private current: LlamaIndexSession | undefined;
  private lastResult: AssembleResult | undefined;

  /** Use {@link createCairnMemory}; the options are validated here. */
  constructor(options: CairnMemoryOptions = {}) {
    super([], options.llm ? { llm: options.llm } : {});
    if (typeof options !== 'object' || options === null) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid createCairnMemory options: expected an object.' });
    if (options.budget !== undefined) resolveBudget('createCairnMemory', options.budget, options.budget <= 1 ? (options.contextWindow ?? options.llm?.metadata.contextWindow ?? 2) : undefined);
    this.cairnOptions = options;
    this.sessionId = options.sessionId ?? DEFAULT_MEMORY_SESSION_ID;
    this.resolver = createSessionResolver('createCairnMemory', options);
  }

  private async session(): Promise<LlamaIndexSession> {
    const session = await this.resolver.get(this.sessionId);
    this.current = session;
    return session;
  }

  /**
   * Adds a message to the history (a LlamaIndex `ChatMessage`, tool calls and results included).
   * @throws CairnError `INVALID_MESSAGE` (the message is not stored) or a session error.
   */
  override add(message: unknown): Promise<void> {
    const added = this.session().then((session) =>
      session.run(async () => {
        if (!isChatMessage(message)) {
          throw new CairnError({ code: 'INVALID_MESSAGE', message: 'CairnMemory.add expects a LlamaIndex ChatMessage ({ role, content, options? }).', details: { message } });
        }
        const converted: CairnMessage = toCairnMessage(message, messageId(message, session.size));
        await session.backend.ingest([converted]);
      }),
    );
    // Agents call add without awaiting it: mark the rejection handled here; awaiting callers still see it.
    added.catch(() => undefined);
    return added;
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
  async getAll(transientMessages: ChatMessage[] = []): Promise<ChatMessage[]> {
    const session = await this.session();
    await session.settled();
    return [...session.engine.getMessages().map(fromCairnMessage), ...transientMessages];
  }

  /**
   * cairn's view of the history within the budget, then the transient messages (which the
   * chat engines use for a system or context message). The transient messages' tokens are taken
   * off the budget first.
   *
   * @param llm - Sizes a `budget` share by its `metadata.contextWindow`. @default the memory's `llm`
   * @param transientMessages - Messages to append, not stored.
   * @throws CairnError `BUDGET_EXCEEDED` when the transient messages alone exceed the budget.
   */
  override async getLLM(llm?: LLM, transientMessages: ChatMessage[] = []): Promise<ChatMessage[]> {
    const session = await this.session();
    const model = llm ?? this.cairnOptions.llm;
    const budget = this.budgetFor(model);
    const transient = transientMessages.map((message, index) => toCairnMessage(message, `transient-${index}`));
    const viewBudget = budget - session.count(transient);
    if (viewBudget < 1) {
      throw new CairnError({ code: 'BUDGET_EXCEEDED', message: `The transient messages alone take ${budget - viewBudget} of the ${budget}-token budget; raise the budget.`, details: { budget } });
    }
    const result = await session.assemble({ budget: viewBudget });
    this.lastResult = result;
    return [...result.messages.map(fromCairnMessage), ...transientMessages];
  }

  private budgetFor(llm: LLM | undefined): number {
    const contextWindow = this.cairnOptions.contextWindow ?? llm?.metadata?.contextWindow;
    const budget = this.cairnOptions.budget ?? (contextWindow ? DEFAULT_BUDGET_SHARE : DEFAULT_BUDGET);
    return resolveBudget('createCairnMemory', budget, contextWindow);
  }

  /** The result of the latest `getLLM`: the view with its metadata (fidelities, tokens, repairs). */
  get lastView(): AssembleResult | undefined {
    return this.lastResult;
  }

  /** Clears the history: the session is deleted from the store and starts empty. */
  override async clear(): Promise<void> {
    this.current = undefined;
    this.lastResult = undefined;
    await this.resolver.reset(this.sessionId);
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
  async checkToolCall(call: ProposedToolCall): Promise<GuardVerdict> {
    const session = await this.session();
    await session.settled();
    return session.engine.checkToolCall(call);
  }

  /** Records an approach as a dead end, so the guard flags it and the brief lists it. */
  async registerDeadEnd(input: RegisterDeadEndInput): Promise<DeadEnd> {
    const session = await this.session();
    await session.settled();
    return session.engine.registerDeadEnd(input);
  }

  /** Waits for pending adds, then saves and releases the session (the store stays open). */
  async close(): Promise<void> {
    const session = await this.session();
    await session.settled();
    await session.backend.close?.();
  }
}

/**
 * Creates a LlamaIndex memory backed by cairn: chat engines and agents then send the model
 * cairn's budgeted view of the whole history on every call.
 *
 * @param options - See {@link CairnMemoryOptions}.
 * @returns A `Memory` subclass for `SimpleChatEngine({ memory })`, `ContextChatEngine` /
 *   `chat({ chatHistory })`, and `agent({ memory })`.
 * @throws CairnError `INVALID_OPTIONS` for a bad budget or engine.
 *
 * @example
 * ```ts
 * const memory = createCairnMemory({ sessionId: 'chat-42', budget: 0.5 });
 * const engine = new SimpleChatEngine({ llm, memory });
 * await engine.chat({ message: 'Where did we leave the deploy?' });
 * ```
 */
export function createCairnMemory(options: CairnMemoryOptions = {}): CairnMemory {
  return new CairnMemory(options);
}
