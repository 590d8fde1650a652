import {
  countMessageTokens,
  SerialQueue,
  type AssembleOptions,
  type AssembleResult,
  type CairnMessage,
  type ContextEngine,
  type IngestResult,
  type TokenCounter,
} from '@cairn/core';

/** What a session needs from its backend: a bare engine, or a stored `CairnSession`. @internal */
export interface SessionBackend {
  engine: ContextEngine;
  ingest(messages: readonly CairnMessage[]): IngestResult | Promise<IngestResult>;
  assemble(options: AssembleOptions): AssembleResult;
  /** Saves and releases a stored session; absent for a bare engine. */
  close?(): Promise<void>;
  /** Background work after a view (the summariser of a stored session); never awaited. */
  afterAssemble?(): void;
}

/**
 * One cairn history behind a LlamaIndex memory or chat-store key: ingests in order, one batch at
 * a time, and assembles views.
 *
 * @internal
 */
export class LlamaIndexSession {
  private readonly queue = new SerialQueue();

  constructor(
    readonly backend: SessionBackend,
    readonly tokenCounter: TokenCounter,
    readonly usesEmbedder: boolean,
  ) {}

  get engine(): ContextEngine {
    return this.backend.engine;
  }

  /** Messages in the log, including those of pending ingests once they settle. */
  get size(): number {
    return this.backend.engine.getMessages().length;
  }

  /** Runs `job` after every earlier job; a failed job does not block the next one. */
  run<T>(job: () => T | Promise<T>): Promise<T> {
    return this.queue.run(job);
  }

  /** Waits for every queued job. */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  ingest(messages: readonly CairnMessage[]): Promise<IngestResult | undefined> {
    return this.run(async () => (messages.length === 0 ? undefined : this.backend.ingest(messages)));
  }

  /** Tokens the messages cost by the engine's counter. */
  count(messages: readonly CairnMessage[]): number {
    let total = 0;
    for (const message of messages) total += countMessageTokens(message, this.tokenCounter);
    return total;
  }

  /** Assembles a view after every queued ingest (and embeds new units first when an embedder is set). */
  assemble(options: AssembleOptions): Promise<AssembleResult> {
    return this.run(async () => {
      if (this.usesEmbedder) await this.backend.engine.prepare(options.query !== undefined ? { query: options.query } : {});
      const result = this.backend.assemble(options);
      this.backend.afterAssemble?.();
      return result;
    });
  }
}
