import type { SessionLog } from '../log/index.js';

/** The ids of each log's messages by position, as far as they were read (keyed by the log's entries). */
const idLists = new WeakMap<SessionLog['entries'], string[]>();

/**
 * The id of every message of `log`, by its position: kept per log and extended by the messages
 * appended since (positions are only ever appended, and a message's id never changes). A merged
 * placeholder run lists the ids of most of the log on a new question's view; reading them from
 * one array instead of through each entry and its message is most of that run's cost in a large
 * log. @internal
 */
export function messageIdsByPosition(log: SessionLog): readonly string[] {
  const { entries } = log;
  let ids = idLists.get(entries);
  if (ids === undefined || ids.length > entries.length) {
    ids = [];
    idLists.set(entries, ids);
  }
  for (let position = ids.length; position < entries.length; position++) ids.push(entries[position]!.message.id);
  return ids;
}
