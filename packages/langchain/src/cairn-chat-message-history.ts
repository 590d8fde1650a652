import type { ContextEngine } from '@cairn/core';
import { resolveBudgetOption } from '@cairn/core';
import { BaseListChatMessageHistory, InMemoryChatMessageHistory, type BaseChatMessageHistory } from '@langchain/core/chat_history';
import type { BaseMessage } from '@langchain/core/messages';
import type { CairnSessionOptions } from './cairn-session-options.js';
import { checkMethods, checkSessionOptions } from './check-options.js';
import { ownSessionId } from './own-session-id.js';
import { createSessionResolver, type SessionResolver } from './session-resolver.js';

/** Options of {@link CairnChatMessageHistory}. */
export interface CairnChatMessageHistoryOptions extends CairnSessionOptions {
  /** Where every message is kept, in full (any LangChain history backend). @default a new `InMemoryChatMessageHistory` */
  history?: BaseChatMessageHistory | BaseListChatMessageHistory;
}

/**
 * A chat history for `RunnableWithMessageHistory` whose `getMessages` returns cairn's budgeted
 * view instead of the whole history. Every message is kept in full in the inner `history`
 * (any LangChain backend) and ingested into the cairn session.
 *
 * @example
 * ```ts
 * const histories = new Map<string, CairnChatMessageHistory>();
 * const chain = new RunnableWithMessageHistory({
 *   runnable: prompt.pipe(model), inputMessagesKey: 'input', historyMessagesKey: 'history',
 *   getMessageHistory: (sessionId) => histories.get(sessionId) ?? histories.set(sessionId, new CairnChatMessageHistory({ sessionId, budget: 8_000 })).get(sessionId)!,
 * });
 * ```
 */
export class CairnChatMessageHistory extends BaseListChatMessageHistory {
  lc_namespace = ['cairn', 'langchain'];
  /** The inner history that keeps every message. */
  readonly history: BaseChatMessageHistory | BaseListChatMessageHistory;
  readonly #budget: number;
  readonly #sessionId: string;
  readonly #resolver: SessionResolver;
  /** The last view, returned again until a message arrives (RunnableWithMessageHistory reads twice per run). */
  #lastView: BaseMessage[] | undefined;

  /**
   * @param options - The inner history, the session and the budget.
   * @throws CairnError `INVALID_OPTIONS` for any bad option (budget, history, session, store, engine…).
   */
  constructor(options: CairnChatMessageHistoryOptions = {}) {
    super();
    const owner = 'CairnChatMessageHistory';
    checkSessionOptions(owner, options);
    checkMethods(owner, 'history', options.history, ['getMessages', 'addMessages', 'clear'], 'a LangChain chat message history');
    const { history = new InMemoryChatMessageHistory(), ...sessionOptions } = options;
    this.history = history;
    this.#budget = resolveBudgetOption(owner, options.budget, options.contextWindow);
    this.#sessionId = ownSessionId(owner, options);
    this.#resolver = createSessionResolver(owner, sessionOptions);
  }

  /**
   * cairn's view of the whole history, within the budget.
   * @throws the failure of a background checkpoint since the last call, when no `onBackgroundError` is set.
   */
  async getMessages(): Promise<BaseMessage[]> {
    this.#resolver.raisePending(this.#sessionId);
    const session = await this.#resolver.get(this.#sessionId);
    return session.exclusive(async () => {
      if (this.#lastView) return [...this.#lastView];
      await session.sync(await this.history.getMessages());
      this.#lastView = await session.view({ budget: this.#budget });
      return [...this.#lastView];
    });
  }

  /** Every message, in full, from the inner history. */
  getAllMessages(): Promise<BaseMessage[]> {
    return this.history.getMessages();
  }

  async addMessage(message: BaseMessage): Promise<void> {
    await this.addMessages([message]);
  }

  /**
   * Ingests the messages into cairn (validated first: a bad batch throws a `CairnError` and is
   * stored nowhere), then stores them in the inner history.
   */
  async addMessages(messages: BaseMessage[]): Promise<void> {
    const session = await this.#resolver.get(this.#sessionId);
    await session.exclusive(async () => {
      const existing = await this.history.getMessages();
      await session.sync([...existing, ...messages]);
      this.#lastView = undefined;
      await this.history.addMessages(messages);
    });
  }

  /** Empties the inner history and starts the cairn session afresh (deleted from its store). */
  async clear(): Promise<void> {
    await this.#resolver.reset(this.#sessionId);
    this.#lastView = undefined;
    await this.history.clear();
  }

  /** Saves the cairn session state to its store now. */
  async checkpoint(): Promise<void> {
    await (await this.#resolver.get(this.#sessionId)).checkpoint();
  }

  /**
   * The cairn engine of this session: for what this class does not wrap — resource classes
   * (`tag`, `promote`), `crystallize`, `project`, `window`.
   */
  async engine(): Promise<ContextEngine> {
    return (await this.#resolver.get(this.#sessionId)).engine;
  }
}
