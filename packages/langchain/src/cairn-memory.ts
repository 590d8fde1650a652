import type { ContextEngine } from '@cairn/core';
import { resolveBudgetOption } from '@cairn/core';
import { InMemoryChatMessageHistory, type BaseChatMessageHistory, type BaseListChatMessageHistory } from '@langchain/core/chat_history';
import { AIMessage, getBufferString, HumanMessage, isBaseMessage, type BaseMessage } from '@langchain/core/messages';
import { BaseMemory, getInputValue, getOutputValue, type InputValues, type MemoryVariables, type OutputValues } from '@langchain/core/memory';
import type { CairnSessionOptions } from './cairn-session-options.js';
import { checkMethods, checkSessionOptions, invalidOption } from './check-options.js';
import { ownSessionId } from './own-session-id.js';
import { createSessionResolver, type SessionResolver } from './session-resolver.js';

/** Default of {@link CairnMemoryOptions.memoryKey}. */
export const DEFAULT_MEMORY_KEY = 'history';

/** Options of {@link CairnMemory}. */
export interface CairnMemoryOptions extends CairnSessionOptions {
  /** Where every message is kept, in full (any LangChain history backend). @default a new `InMemoryChatMessageHistory` */
  chatHistory?: BaseChatMessageHistory | BaseListChatMessageHistory;
  /** The variable the view is loaded into. @default DEFAULT_MEMORY_KEY ('history') */
  memoryKey?: string;
  /** The input variable holding the user's turn. @default the only input variable (LangChain's `getInputValue`) */
  inputKey?: string;
  /** The output variable holding the model's answer. @default the only output variable */
  outputKey?: string;
  /** Load the view as messages (for chat prompts) instead of a transcript string. @default false */
  returnMessages?: boolean;
  /** Prefix of user lines in the transcript string. @default 'Human' */
  humanPrefix?: string;
  /** Prefix of model lines in the transcript string. @default 'AI' */
  aiPrefix?: string;
}

function asMessage(value: unknown, make: (text: string) => BaseMessage): BaseMessage {
  if (isBaseMessage(value)) return value;
  return make(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * A LangChain memory whose history is cairn's budgeted view: `loadMemoryVariables` returns the
 * view (messages or a transcript, like LangChain's own memories), steered by the new input;
 * `saveContext` stores the turn in `chatHistory` and ingests it.
 *
 * @example
 * ```ts
 * const memory = new CairnMemory({ returnMessages: true, budget: 4_000 });
 * const { history } = await memory.loadMemoryVariables({ input: 'And tomorrow?' });
 * const answer = await chain.invoke({ input: 'And tomorrow?', history });
 * await memory.saveContext({ input: 'And tomorrow?' }, { output: answer.content });
 * ```
 */
export class CairnMemory extends BaseMemory {
  /** The history that keeps every message. */
  readonly chatHistory: BaseChatMessageHistory | BaseListChatMessageHistory;
  readonly memoryKey: string;
  readonly inputKey: string | undefined;
  readonly outputKey: string | undefined;
  readonly returnMessages: boolean;
  readonly humanPrefix: string;
  readonly aiPrefix: string;
  readonly #budget: number;
  readonly #sessionId: string;
  readonly #resolver: SessionResolver;

  /**
   * @param options - The history backend, variable names and the session.
   * @throws CairnError `INVALID_OPTIONS` for any bad option (budget, keys, history, session, store, engine…).
   */
  constructor(options: CairnMemoryOptions = {}) {
    super();
    const owner = 'CairnMemory';
    checkSessionOptions(owner, options);
    checkMethods(owner, 'chatHistory', options.chatHistory, ['getMessages', 'addMessages', 'clear'], 'a LangChain chat message history');
    for (const key of ['memoryKey', 'inputKey', 'outputKey', 'humanPrefix', 'aiPrefix'] as const) {
      const value = options[key];
      if (value !== undefined && (typeof value !== 'string' || value.length === 0)) invalidOption(owner, key, 'a non-empty string', value);
    }
    if (options.returnMessages !== undefined && typeof options.returnMessages !== 'boolean') invalidOption(owner, 'returnMessages', 'a boolean', options.returnMessages);
    const {
      chatHistory = new InMemoryChatMessageHistory(),
      memoryKey = DEFAULT_MEMORY_KEY,
      inputKey,
      outputKey,
      returnMessages = false,
      humanPrefix = 'Human',
      aiPrefix = 'AI',
      ...sessionOptions
    } = options;
    this.chatHistory = chatHistory;
    this.memoryKey = memoryKey;
    this.inputKey = inputKey;
    this.outputKey = outputKey;
    this.returnMessages = returnMessages;
    this.humanPrefix = humanPrefix;
    this.aiPrefix = aiPrefix;
    this.#budget = resolveBudgetOption(owner, options.budget, options.contextWindow);
    this.#sessionId = ownSessionId(owner, options);
    this.#resolver = createSessionResolver(owner, sessionOptions);
  }

  get memoryKeys(): string[] {
    return [this.memoryKey];
  }

  /**
   * The view of the whole history, steered by the new input (`inputKey`) when there is one.
   * @throws the failure of a background checkpoint since the last call, when no `onBackgroundError` is set.
   */
  async loadMemoryVariables(values: InputValues): Promise<MemoryVariables> {
    this.#resolver.raisePending(this.#sessionId);
    const session = await this.#resolver.get(this.#sessionId);
    const query = this.#query(values);
    const messages = await session.exclusive(async () => {
      await session.sync(await this.chatHistory.getMessages());
      return session.view({ budget: this.#budget, ...(query ? { query } : {}) });
    });
    return { [this.memoryKey]: this.returnMessages ? messages : getBufferString(messages, this.humanPrefix, this.aiPrefix) };
  }

  #query(values: InputValues): string | undefined {
    const rest = Object.fromEntries(Object.entries(values ?? {}).filter(([key]) => key !== this.memoryKey));
    if (Object.keys(rest).length === 0) return undefined;
    try {
      const value: unknown = getInputValue(rest, this.inputKey);
      if (typeof value === 'string') return value;
      return isBaseMessage(value) ? value.text : undefined;
    } catch {
      return undefined; // several inputs and no inputKey: no query, the latest turn steers.
    }
  }

  /**
   * Stores the turn (the input as a `HumanMessage`, the output as an `AIMessage`; messages are
   * kept as they are) after cairn accepted it: a turn cairn rejects throws a `CairnError` and is
   * stored nowhere.
   */
  async saveContext(inputValues: InputValues, outputValues: OutputValues): Promise<void> {
    const turn = [
      asMessage(getInputValue(inputValues, this.inputKey), (text) => new HumanMessage(text)),
      asMessage(getOutputValue(outputValues, this.outputKey), (text) => new AIMessage(text)),
    ];
    const session = await this.#resolver.get(this.#sessionId);
    await session.exclusive(async () => {
      const existing = await this.chatHistory.getMessages();
      await session.sync([...existing, ...turn]);
      await this.chatHistory.addMessages(turn);
    });
  }

  /** Empties the history and starts the cairn session afresh (deleted from its store). */
  async clear(): Promise<void> {
    await this.#resolver.reset(this.#sessionId);
    await this.chatHistory.clear();
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
