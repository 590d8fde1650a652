import { type AssembleResult, CairnError, type CairnMessage, checkSessionKey, DEFAULT_BUDGET, DEFAULT_TENANT, type GuardVerdict, hashText, type ProposedToolCall } from '@cairn/core';
import { BaseChatStore, SimpleChatStore, type ChatMessage } from 'llamaindex';
import type { CairnLlamaIndexOptions } from './cairn-llama-index-options.js';
import { fromCairnMessage } from './from-cairn-message.js';
import type { LlamaIndexSession } from './llama-index-session.js';
import { messageId } from './message-id.js';
import { resolveBudget } from './resolve-budget.js';
import { createSessionResolver, type SessionResolver } from './session-resolver.js';
import { toCairnMessage } from './to-cairn-message.js';

/** Options of {@link CairnChatStore}. */
export interface CairnChatStoreOptions<AdditionalMessageOptions extends object = object> extends CairnLlamaIndexOptions {
  /** Where every message is kept: any LlamaIndex chat store. @default a new `SimpleChatStore` */
  chatStore?: BaseChatStore<AdditionalMessageOptions>;
}

/**
 * The cairn session id of a chat-store key: the key itself when it is a valid session id, else
 * `li.` plus a hash of the key (LlamaIndex keys may hold characters session ids do not allow,
 * such as spaces or slashes).
 *
 * @internal
 */
export function sessionIdForKey(key: string): string {
  try {
    return checkSessionKey({ tenant: DEFAULT_TENANT, sessionId: key }).sessionId;
  } catch {
    return `li.${hashText(key)}`;
  }
}

/**
 * A LlamaIndex chat store whose `getMessages(key)` returns cairn's budgeted view of the key's
 * history. Every message is kept in an inner chat store (a `SimpleChatStore` by default, or any
 * you pass); each key has its own cairn session. Writes go to the inner store as they are;
 * `getMessages` ingests what is new since the last read (messages are recognised by position
 * and content), assembles and converts the view.
 *
 * Fallback for rewritten histories: when the inner store's history for a key no longer starts
 * with what cairn has ingested (a message was deleted, edited or reordered), the key's cairn
 * session is deleted and rebuilt from the inner store's history; nothing in the inner store is lost.
 */
export class CairnChatStore<AdditionalMessageOptions extends object = object> extends BaseChatStore<AdditionalMessageOptions> {
  /** The store every message is kept in. */
  readonly chatStore: BaseChatStore<AdditionalMessageOptions>;
  private readonly resolver: SessionResolver;
  private readonly budget: number;
  private readonly results = new Map<string, AssembleResult>();
  private readonly boundKeys = new Set<string>();

  /**
   * @param options - See {@link CairnChatStoreOptions}.
   * @throws CairnError `INVALID_OPTIONS` for a bad budget or engine.
   */
  constructor(options: CairnChatStoreOptions<AdditionalMessageOptions> = {}) {
    super();
    if (typeof options !== 'object' || options === null) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid CairnChatStore options: expected an object.' });
    const { chatStore = new SimpleChatStore<AdditionalMessageOptions>(), budget = DEFAULT_BUDGET, contextWindow } = options;
    this.chatStore = chatStore;
    this.budget = resolveBudget('CairnChatStore', budget, contextWindow);
    this.resolver = createSessionResolver('CairnChatStore', options);
  }

  setMessages(key: string, messages: ChatMessage<AdditionalMessageOptions>[]): void {
    this.chatStore.setMessages(key, messages);
  }

  addMessage(key: string, message: ChatMessage<AdditionalMessageOptions>, idx?: number): void {
    this.chatStore.addMessage(key, message, idx);
  }

  /** Deletes the key's messages; its cairn session is deleted at the next read. */
  deleteMessages(key: string): void {
    this.chatStore.deleteMessages(key);
  }

  deleteMessage(key: string, idx: number): void {
    this.chatStore.deleteMessage(key, idx);
  }

  getKeys(): IterableIterator<string> | Promise<IterableIterator<string>> {
    return this.chatStore.getKeys();
  }

  /** Every message of the key, as the inner store holds it. */
  async getAllMessages(key: string): Promise<ChatMessage<AdditionalMessageOptions>[]> {
    return this.chatStore.getMessages(key);
  }

  /**
   * cairn's view of the key's history within the budget.
   * @throws CairnError `INVALID_MESSAGE` when the inner store holds a malformed message (nothing is ingested).
   */
  async getMessages(key: string): Promise<ChatMessage<AdditionalMessageOptions>[]> {
    const result = await this.assemble(key);
    return result.messages.map((message) => fromCairnMessage(message) as ChatMessage<AdditionalMessageOptions>);
  }

  /** Syncs the key's cairn session with the inner store, then assembles its view (with metadata). */
  async assemble(key: string, { budget = this.budget }: { budget?: number } = {}): Promise<AssembleResult> {
    const session = await this.sync(key);
    const result = await session.assemble({ budget });
    this.results.set(key, result);
    return result;
  }

  /** The latest view assembled for the key, with its metadata. */
  lastView(key: string): AssembleResult | undefined {
    return this.results.get(key);
  }

  /** Asks the dead-end guard of the key's session about a proposed tool call. */
  async checkToolCall(key: string, call: ProposedToolCall): Promise<GuardVerdict> {
    const session = await this.sync(key);
    await session.settled();
    return session.engine.checkToolCall(call);
  }

  /** Ingests what the inner store has beyond what cairn has seen; rebuilds the session after a rewrite. */
  private async sync(key: string): Promise<LlamaIndexSession> {
    const sessionId = sessionIdForKey(key);
    if (this.resolver.fixedEngine) {
      if (this.boundKeys.size > 0 && !this.boundKeys.has(key)) {
        throw new CairnError({ code: 'INVALID_OPTIONS', message: `CairnChatStore was given one engine, which serves one key; key "${key}" is a second one. Pass a sessionId-less store (no engine) to get one session per key.` });
      }
      this.boundKeys.add(key);
    }
    const history = await this.chatStore.getMessages(key);
    let session = await this.resolver.get(sessionId);
    await session.settled();
    let known = session.engine.getMessages();
    const ids = history.map((message, position) => messageId(message, position));
    const diverged = known.length > ids.length || known.some((message, position) => message.id !== ids[position]);
    if (diverged) {
      await this.resolver.reset(sessionId);
      session = await this.resolver.get(sessionId);
      known = session.engine.getMessages();
    }
    const fresh: CairnMessage[] = [];
    for (let position = known.length; position < history.length; position++) fresh.push(toCairnMessage(history[position]!, ids[position]!));
    await session.ingest(fresh);
    return session;
  }
}
