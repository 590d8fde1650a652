/** One framework message as {@link assignMessageIds} sees it. */
export interface MessageIdentity {
  /** Its position in the framework's history (part of the id of a message without one). */
  position: number;
  /** The framework's own id for it, if it has one. */
  id?: string;
  /** A hash of what makes it that message (its content, tool calls …). */
  hash: string;
}

/** What {@link assignMessageIds} decides. */
export interface MessageIdAssignment {
  /** The cairn id of each message, in order. */
  ids: string[];
  /** Indexes (into the messages) of those to append: their ids are new, first occurrence only. */
  fresh: number[];
}

/**
 * Gives each message of a framework's history a stable cairn id and finds the ones the log does
 * not hold yet, for frameworks whose messages may carry their own ids. A message keeps its own
 * id; one without gets `<prefix>-<position>-<hash>`, so the same message at the same place is
 * recognised when the history is sent again. A message whose id is known (logged, or earlier in
 * this history) with another hash was edited: it gets `<id>#<hash>` and is appended as a new
 * message. Messages the history no longer has stay in the log (it is append-only). Pure and
 * deterministic.
 *
 * @param messages - The history's messages (a caller may leave out ones it already knows are logged).
 * @param logged - Id → hash of every message the log holds from this framework.
 * @param prefix - The prefix of ids made from positions (e.g. `'lc'`).
 * @returns The ids, and which messages are new.
 *
 * @example
 * ```ts
 * assignMessageIds([{ position: 0, hash: 'h0' }, { position: 1, id: 'm1', hash: 'h1' }], new Map([['lc-0-h0', 'h0']]), 'lc');
 * // { ids: ['lc-0-h0', 'm1'], fresh: [1] }
 * ```
 */
export function assignMessageIds(messages: readonly MessageIdentity[], logged: ReadonlyMap<string, string>, prefix: string): MessageIdAssignment {
  const ids: string[] = [];
  const fresh: number[] = [];
  const assigned = new Map<string, string>();
  messages.forEach(({ position, id: own, hash }, index) => {
    let id = own ?? `${prefix}-${position}-${hash}`;
    const knownHash = logged.get(id) ?? assigned.get(id);
    if (knownHash !== undefined && knownHash !== hash) id = `${id}#${hash}`;
    ids.push(id);
    if (logged.has(id) || assigned.has(id)) return;
    assigned.set(id, hash);
    fresh.push(index);
  });
  return { ids, fresh };
}
