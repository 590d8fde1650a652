import type { LanguageModelV4Message } from '@ai-sdk/provider';
import type { AssembleOptions, AssembleResult, CairnMessage, ContextEngine } from '@cairn/core';
import type { AiSdkMetadata } from './prompt-message-to-cairn.js';

/** An engine, however it is held: a stored session or an engine the caller passed. @internal */
export interface EngineHandle {
  readonly engine: ContextEngine;
  ingest(messages: readonly CairnMessage[]): Promise<unknown>;
  assemble(options: AssembleOptions): AssembleResult;
  close?(): Promise<void>;
}

/** What the middleware keeps per session. @internal */
export class SessionEntry {
  /** Fingerprints of the AI SDK messages ingested, in order. */
  readonly known: string[] = [];
  /** Fingerprint → its positions in `known`. */
  readonly positions = new Map<string, number[]>();
  /** Decoded AI SDK messages by cairn message id. */
  readonly decoded = new Map<string, LanguageModelV4Message>();
  /** The background summariser run in flight, if any. */
  summarizing: Promise<unknown> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly handle: EngineHandle,
  ) {
    // A session loaded from a store: rebuild the fingerprints from what the adapter stored.
    for (const message of handle.engine.getMessages()) {
      const meta = message.metadata?.aiSdk as AiSdkMetadata | undefined;
      if (meta && typeof meta.fp === 'string' && meta.lead === undefined) this.remember(meta.fp);
    }
  }

  /** Records one more ingested AI SDK message. */
  remember(fp: string): void {
    const list = this.positions.get(fp);
    if (list) list.push(this.known.length);
    else this.positions.set(fp, [this.known.length]);
    this.known.push(fp);
  }

  /** Runs `task` after every earlier task of this session (calls of one session never interleave). */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
