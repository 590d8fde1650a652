import { isPrefix } from '@cairn/core';
import type { BaseMessage } from '@langchain/core/messages';
import type { LangChainSession } from './lang-chain-session.js';

interface Scoped {
  readonly session: LangChainSession;
  /** The longest history this session was given: everything it logged is in it. */
  history: readonly BaseMessage[];
}

/**
 * Sessions scoped to one agent invocation, for runs with no `thread_id` and no `sessionId`.
 * LangChain gives a middleware no id for an invocation, so the run is recognised by its history:
 * a session is used again only for a history that extends (object for object) the one it was
 * built from — an invocation's own next step. Any other history gets a new session, so a view
 * never shows a message the call did not send, and nothing passes between invocations.
 * Sessions are held weakly by their messages and let go when the run ends (`release`).
 *
 * @internal
 */
export class InvocationSessions {
  readonly #create: () => LangChainSession;
  /** The last message of a history → the session built from it. */
  readonly #byLast = new WeakMap<BaseMessage, Scoped>();

  constructor(create: () => LangChainSession) {
    this.#create = create;
  }

  /** The session of the invocation whose history this is (a new one for a new invocation). */
  get(history: readonly BaseMessage[]): LangChainSession {
    let scoped: Scoped | undefined;
    for (let index = history.length - 1; index >= 0 && scoped === undefined; index--) {
      const found = this.#byLast.get(history[index]!);
      if (found !== undefined) scoped = isPrefix(found.history, history) ? found : { session: this.#create(), history };
    }
    scoped ??= { session: this.#create(), history };
    if (history.length >= scoped.history.length) scoped.history = history;
    const last = history.at(-1);
    if (last !== undefined) this.#byLast.set(last, scoped);
    return scoped.session;
  }

  /** Lets go of the session of a finished invocation. */
  release(history: readonly BaseMessage[]): void {
    for (const message of history) this.#byLast.delete(message);
  }
}
