import { assignMessageIds, CairnError, countMessageTokens, SerialQueue, type AssembleOptions, type AssembleResult, type CairnMessage, type ContextEngine, type IngestResult, type MessageIdentity, type TokenCounter } from '@cairn/core';
import type { BaseMessage } from '@langchain/core/messages';
import { encodeLangChainMessage } from './encode-lang-chain-message.js';
import { fitGuardNotes } from './fit-guard-notes.js';
import { fromCairnMessage, plainMessage } from './from-cairn-message.js';
import { identityHash } from './identity-hash.js';
import type { EncodedLangChainMessage } from './encode-lang-chain-message.js';
import { toCairnMessage } from './to-cairn-message.js';

/** The engine side a session needs: an engine to read, and an ingest that may persist. */
export interface SessionBackend {
  readonly engine: ContextEngine;
  ingest(messages: readonly CairnMessage[]): Promise<IngestResult> | IngestResult;
  assemble(options: AssembleOptions): AssembleResult;
  /** Saves the session state now (stored sessions). */
  checkpoint?(): Promise<void>;
  /** Background work after a view (the summariser of a stored session); never awaited. */
  afterView?(): void;
}

/** Options of {@link LangChainSession.view}. */
export interface SessionViewOptions {
  /** Tokens for the whole prompt. */
  budget: number;
  /** Tokens already taken by what the caller sends besides the view (a system prompt). */
  reserved?: number;
  /** Steers the view to a question (e.g. a memory's new input). */
  query?: string;
  /** The tools the model is about to use (core's `plannedTools`, PAACE); none when unknown. */
  plannedTools?: readonly string[];
}

/**
 * One cairn session seen from LangChain: keeps the engine in step with a LangChain history and
 * returns the view as LangChain messages.
 *
 * Identity: a message with an `id` keeps it as its cairn id; one without gets
 * `lc-<position>-<content hash>`, so the same message at the same place is recognised when the
 * history is sent again, and only new messages are ingested. Fallback for edited histories: a
 * message whose id is known but whose content changed is stored as a new message
 * (`<id>#<hash>`); messages the caller removed stay in cairn's log (cairn never forgets); a
 * history of id-less messages trimmed at the front looks new from the cut on and is ingested
 * again. Give messages ids (LangGraph agents do) to avoid that.
 *
 * @internal
 */
export class LangChainSession {
  readonly #backend: SessionBackend;
  readonly #tokenCounter: TokenCounter;
  /** Cairn id → content hash of every logged message from LangChain. */
  readonly #hashes = new Map<string, string>();
  /** Cairn id → the latest LangChain object seen for it (returned as is at full fidelity). */
  readonly #originals = new Map<string, BaseMessage>();
  readonly #ids = new WeakMap<BaseMessage, string>();
  readonly #queue = new SerialQueue();
  #loggedCount = -1;

  constructor(backend: SessionBackend, tokenCounter: TokenCounter) {
    this.#backend = backend;
    this.#tokenCounter = tokenCounter;
  }

  /** The engine (read-only use: `checkToolCall`, `listDeadEnds`, `getDirectionState`…). */
  get engine(): ContextEngine {
    return this.#backend.engine;
  }

  /** Saves the session state to its store now (a no-op for a bare engine). */
  async checkpoint(): Promise<void> {
    await this.#backend.checkpoint?.();
  }

  /** Runs `task` after every earlier task of this session (parallel tool calls share one). */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.#queue.run(task);
  }

  /** Rebuilds the id → hash index from the engine's log when it grew behind this object's back. */
  #index(): void {
    const logged = this.engine.getMessages();
    if (logged.length === this.#loggedCount) return;
    for (const message of logged) {
      if (this.#hashes.has(message.id)) continue;
      const encoded = message.metadata?.langchain as EncodedLangChainMessage | undefined;
      this.#hashes.set(message.id, encoded === undefined ? '' : identityHash(encoded));
    }
    this.#loggedCount = logged.length;
  }

  /**
   * Ingests the messages of `history` cairn has not logged yet (a batch either all lands or, on
   * bad input, changes nothing and throws a `CairnError`). Ids and what is new come from core's
   * `assignMessageIds`; message objects already seen are skipped without being encoded again.
   *
   * @returns The number of messages ingested.
   */
  async sync(history: readonly BaseMessage[]): Promise<number> {
    this.#index();
    const seen: { message: BaseMessage; encoded: EncodedLangChainMessage; identity: MessageIdentity }[] = [];
    history.forEach((message, position) => {
      const cached = this.#ids.get(message);
      if (cached !== undefined && this.#hashes.has(cached)) {
        this.#originals.set(cached, message);
        return;
      }
      const encoded = encodeLangChainMessage(message, position);
      const own = typeof message.id === 'string' && message.id.length > 0 ? message.id : undefined;
      seen.push({ message, encoded, identity: { position, hash: identityHash(encoded), ...(own === undefined ? {} : { id: own }) } });
    });
    const { ids, fresh } = assignMessageIds(seen.map(({ identity }) => identity), this.#hashes, 'lc');
    const messages: CairnMessage[] = fresh.map((index) => {
      const { message, encoded, identity } = seen[index]!;
      return toCairnMessage(message, { id: ids[index]!, position: identity.position, encoded: JSON.parse(JSON.stringify(encoded)) as EncodedLangChainMessage });
    });
    if (messages.length > 0) await this.#backend.ingest(messages);
    for (const index of fresh) this.#hashes.set(ids[index]!, seen[index]!.identity.hash);
    this.#loggedCount = this.engine.getMessages().length;
    seen.forEach(({ message }, index) => {
      this.#ids.set(message, ids[index]!);
      this.#originals.set(ids[index]!, message);
    });
    return messages.length;
  }

  /** Tokens `messages` cost by this session's token counter (what the view is budgeted with). */
  countTokens(messages: readonly BaseMessage[]): number {
    let total = 0;
    messages.forEach((message, position) => {
      total += countMessageTokens(toCairnMessage(message, { id: `count-${position}`, position }), this.#tokenCounter);
    });
    return total;
  }

  /**
   * Assembles the view and converts it to LangChain: messages shown at full fidelity are the
   * caller's own objects (or rebuilt exactly from the log), everything else is the plain message
   * of its role. The guard's notes on warned results shown are counted in the budget: when they
   * would pass it, the oldest are left out (see `fitGuardNotes`).
   */
  async view({ budget, reserved = 0, query, plannedTools }: SessionViewOptions): Promise<BaseMessage[]> {
    if (reserved >= budget) {
      throw new CairnError({
        code: 'BUDGET_EXCEEDED',
        message: `The system prompt alone takes ${reserved} tokens of the ${budget}-token budget, so no history fits. Raise the budget or shorten the system prompt.`,
        details: { budget, reserved },
      });
    }
    await this.engine.prepare(query ? { query } : {});
    const result = this.#backend.assemble({ budget: budget - reserved, ...(query ? { query } : {}), ...(plannedTools ? { plannedTools } : {}) });
    this.#backend.afterView?.();
    const shown = result.messages.map((message) => {
      if (message.fidelity === 'full' && !message.synthetic && message.sourceIds.length === 1) {
        const id = message.sourceIds[0]!;
        const original = this.#originals.get(id);
        if (original) return original;
        const stored = this.engine.getMessage(id);
        if (stored) return fromCairnMessage(stored);
      }
      return plainMessage(message);
    });
    // Warned results shown as they are carry the guard's note, which the engine did not count.
    return fitGuardNotes(shown, result.metadata.tokens, budget - reserved, this.#tokenCounter);
  }
}
