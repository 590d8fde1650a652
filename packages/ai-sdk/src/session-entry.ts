import type { LanguageModelV4Message } from '@ai-sdk/provider';
import { SerialQueue, SyncedKeys, type AssembleOptions, type AssembleResult, type CairnMessage, type CairnSession, type ContextEngine, type SessionBranch } from '@cairn/core';
import type { AiSdkMetadata } from './prompt-message-to-cairn.js';

/** An engine, however it is held: a stored session or an engine the caller passed. @internal */
export interface EngineHandle {
  readonly engine: ContextEngine;
  ingest(messages: readonly CairnMessage[]): Promise<unknown>;
  assemble(options: AssembleOptions): AssembleResult;
  close?(): Promise<void>;
  /** The stored session behind the engine (absent for the caller's engine). */
  readonly session?: CairnSession;
  /** For a branch (`<id>:bN`): the core branch and the id of the line it forked from. */
  readonly branch?: { readonly parentId: string; readonly handle: SessionBranch };
}

/** What the middleware keeps per session. @internal */
export class SessionEntry {
  /** Fingerprints of the AI SDK messages ingested, in order, with their positions (core's `planSync` reads them). */
  readonly synced = new SyncedKeys();
  /** Decoded AI SDK messages by cairn message id. */
  readonly decoded = new Map<string, LanguageModelV4Message>();
  /** The background summariser / reflector run in flight, if any. */
  summarizing: Promise<unknown> | undefined;
  private readonly queue = new SerialQueue();

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

  /** Fingerprints of the AI SDK messages ingested, in order. */
  get known(): readonly string[] {
    return this.synced.keys;
  }

  /**
   * The log position (in cairn messages) where the AI SDK message `at` of the history starts:
   * the fork point of a branch that keeps the first `at` messages. `known.length` maps to the
   * log's length.
   */
  logPositionOf(at: number): number {
    const messages = this.handle.engine.getMessages();
    let seen = 0;
    for (let index = 0; index < messages.length; index++) {
      const meta = messages[index]!.metadata?.aiSdk as AiSdkMetadata | undefined;
      if (!meta || typeof meta.fp !== 'string' || meta.lead !== undefined) continue;
      if (seen === at) return index;
      seen++;
    }
    return messages.length;
  }

  /** Records one more ingested AI SDK message. */
  remember(fp: string): void {
    this.synced.add(fp);
  }

  /** Runs `task` after every earlier task of this session (calls of one session never interleave). */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task);
  }
}
