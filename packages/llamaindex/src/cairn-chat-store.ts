import type { ContextEngine } from '@cairn/core';
import { type AssembleResult, CairnError, type CairnMessage, checkSessionKey, DEFAULT_BUDGET, DEFAULT_TENANT, type GuardVerdict, hashText, LruMap, planSync, type ProposedToolCall, resolveBudgetOption } from '@cairn/core';
import { BaseChatStore, SimpleChatStore, type ChatMessage } from 'llamaindex';
import type { CairnLlamaIndexOptions } from './cairn-llama-index-options.js';
import { checkAdapterOptions } from './check-options.js';
import { checkForeignOptions } from './foreign-copy.js';
import { fromCairnMessage } from './from-cairn-message.js';
import type { LlamaIndexSession } from './llama-index-session.js';
import { messageId } from './message-id.js';
import { createSessionResolver, DEFAULT_MAX_OPEN_SESSIONS, type SessionResolver } from './session-resolver.js';
import { toCairnMessage } from './to-cairn-message.js';
import { withPulseEvents } from './pulse-events.js';

/** Options of {@link CairnChatStore}. */
export interface CairnChatStoreOptions<AdditionalMessageOptions extends object = object> extends CairnLlamaIndexOptions {
  /** Where every message is kept: any LlamaIndex chat store. @default a new `SimpleChatStore` */
  chatStore?: BaseChatStore<AdditionalMessageOptions>;
  /**
   * How many keys' cairn sessions stay open (in memory) at once. Past it, the least recently used
   * idle session is saved and closed; its log stays in `store`, and its next read reopens it.
   * `lastView(key)` is kept for as many keys.
   * @default DEFAULT_MAX_OPEN_SESSIONS (100)
   */
  maxOpenSessions?: number;
}

/** Keys that are valid session ids map to themselves, except those with the prefix of hashed keys. */
const HASHED_KEY_PREFIX = 'li.';

/** Rebuilds of a key's session in one read before giving up (the history kept changing). */
const MAX_REBUILDS = 3;

/**
 * The cairn session id of a chat-store key: the key itself when it is a valid session id, else
 * `li.` plus a hash of the key (LlamaIndex keys may hold characters session ids do not allow,
 * such as spaces or slashes). A key that itself starts with `li.` is hashed too, so it cannot
 * name another key's hashed session.
 *
 * @internal
 */
export function sessionIdForKey(key: string): string {
  if (!key.startsWith(HASHED_KEY_PREFIX)) {
    try {
      return checkSessionKey({ tenant: DEFAULT_TENANT, sessionId: key }).sessionId;
    } catch {
      // not a valid id: hashed below
    }
  }
  return `${HASHED_KEY_PREFIX}${hashText(key)}`;
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
  private readonly results: LruMap<string, AssembleResult>;
  private readonly boundKeys = new Set<string>();

  /**
   * @param options - See {@link CairnChatStoreOptions}.
   * @throws CairnError `INVALID_OPTIONS` for a bad budget, context window, engine or
   *   `maxOpenSessions`; `INVALID_SESSION_KEY` for a bad tenant.
   */
  constructor(options: CairnChatStoreOptions<AdditionalMessageOptions> = {}) {
    super();
    const checked = checkAdapterOptions('CairnChatStore', options, options?.contextWindow);
    const { chatStore = new SimpleChatStore<AdditionalMessageOptions>(), contextWindow, maxOpenSessions = DEFAULT_MAX_OPEN_SESSIONS, ...sessionOptions } = options;
    if (!Number.isInteger(maxOpenSessions) || maxOpenSessions < 1) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid CairnChatStore options: maxOpenSessions must be a whole number ≥ 1; got ${String(maxOpenSessions)}.` });
    }
    this.chatStore = chatStore;
    // No LLM here: a { fraction } budget needs contextWindow now.
    this.budget = resolveBudgetOption('CairnChatStore', checked.budget ?? DEFAULT_BUDGET, contextWindow);
    this.results = new LruMap(maxOpenSessions);
    const logger = options.logger ?? console;
    this.resolver = createSessionResolver('CairnChatStore', withPulseEvents(sessionOptions), {
      maxOpen: maxOpenSessions,
      onBackgroundError: (error) => logger.warn('cairn: a background save of a chat-store session failed (its messages are in the store).', error),
      onSummaryError: (error) => logger.warn('cairn: the summariser failed (compressed messages keep their extractive compression).', error),
      onReflectorError: (error) => logger.warn('cairn: the playbook reflector failed (the playbook keeps what the deterministic curator learnt).', error),
    });
    checkForeignOptions(logger, 'CairnChatStore', { chatStore, embedder: options.embedder });
  }

  /** How many keys' cairn sessions are open now (at most `maxOpenSessions` once idle). */
  get openSessions(): number {
    return this.resolver.openCount;
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
    const result = await this.withSession(key, (session) => session.assemble({ budget }));
    this.results.set(key, result);
    return result;
  }

  /** The latest view assembled for the key, with its metadata (kept for the `maxOpenSessions` most recent keys). */
  lastView(key: string): AssembleResult | undefined {
    return this.results.get(key);
  }

  /** Asks the dead-end guard of the key's session about a proposed tool call. */
  checkToolCall(key: string, call: ProposedToolCall): Promise<GuardVerdict> {
    return this.withSession(key, async (session) => {
      await session.settled();
      return session.engine.checkToolCall(call);
    });
  }

  /**
   * The cairn engine of the key's session, synced with the inner store: for what the store does
   * not wrap — resource classes (`tag`, `promote`), `crystallize`, `project`, `window`.
   */
  engine(key: string): Promise<ContextEngine> {
    return this.withSession(key, async (session) => {
      await session.settled();
      return session.engine;
    });
  }

  /** Runs `job` with the key's session, synced with the inner store; the session stays open meanwhile. */
  private async withSession<T>(key: string, job: (session: LlamaIndexSession) => Promise<T>): Promise<T> {
    this.bindKey(key);
    const sessionId = sessionIdForKey(key);
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.resolver.use(sessionId, async (session) => ((await this.sync(key, session)) ? { value: await job(session) } : undefined));
      if (outcome) return outcome.value;
      if (attempt === MAX_REBUILDS) {
        throw new CairnError({ code: 'SESSION_CONFLICT', message: `CairnChatStore: the history of key "${key}" kept changing while its cairn session was rebuilt; retry.`, details: { key } });
      }
      // The inner store's history was rewritten: delete the session; the next round rebuilds it.
      await this.resolver.reset(sessionId);
    }
  }

  /** A given engine serves the first key it is used with, and only that one. */
  private bindKey(key: string): void {
    if (!this.resolver.fixedEngine) return;
    if (this.boundKeys.size > 0 && !this.boundKeys.has(key)) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `CairnChatStore was given one engine, which serves one key; key "${key}" is a second one. Pass a sessionId-less store (no engine) to get one session per key.` });
    }
    this.boundKeys.add(key);
  }

  /**
   * Ingests what the inner store has beyond what cairn has seen. Returns false, ingesting
   * nothing, when the history no longer starts with what cairn has: the session must be rebuilt.
   */
  private async sync(key: string, session: LlamaIndexSession): Promise<boolean> {
    const history = await this.chatStore.getMessages(key);
    await session.settled();
    const ids = history.map((message, position) => messageId(message, position));
    const plan = planSync(session.engine.getMessages().map((message) => message.id), ids);
    if (plan.kind === 'diverged') return false;
    const fresh: CairnMessage[] = [];
    for (let position = plan.from; position < history.length; position++) fresh.push(toCairnMessage(history[position]!, ids[position]!));
    await session.ingest(fresh);
    return true;
  }
}
