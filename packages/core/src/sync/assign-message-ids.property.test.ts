import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { assignMessageIds, type MessageIdentity } from './assign-message-ids.js';

/** A history: messages with small hashes (so contents repeat) and, sometimes, their own ids. */
const history = fc.array(fc.record({ id: fc.option(fc.constantFrom('m1', 'm2', 'm3'), { nil: undefined }), hash: fc.constantFrom('h1', 'h2', 'h3', 'h4') }), { maxLength: 20 }).map((messages) =>
  messages.map(({ id, hash }, position): MessageIdentity => ({ position, hash, ...(id === undefined ? {} : { id }) })),
);

/** The log after appending what an assignment says is fresh. */
function logAfter(messages: readonly MessageIdentity[], logged: ReadonlyMap<string, string>): Map<string, string> {
  const { ids, fresh } = assignMessageIds(messages, logged, 'lc');
  const next = new Map(logged);
  for (const index of fresh) next.set(ids[index]!, messages[index]!.hash);
  return next;
}

describe('assignMessageIds', () => {
  test.prop([history])('a history sent again appends nothing and keeps its ids', (messages) => {
    const logged = logAfter(messages, new Map());
    const again = assignMessageIds(messages, logged, 'lc');
    expect(again.fresh).toEqual([]);
    expect(again.ids).toEqual(assignMessageIds(messages, new Map(), 'lc').ids);
  });

  test.prop([history, history])('a history extended by new messages appends at most the new ones', (messages, more) => {
    const logged = logAfter(messages, new Map());
    const extended = [...messages, ...more.map((message) => ({ ...message, position: message.position + messages.length }))];
    const { fresh } = assignMessageIds(extended, logged, 'lc');
    for (const index of fresh) expect(index).toBeGreaterThanOrEqual(messages.length);
  });

  test.prop([history, fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 5 })])('fresh ids are distinct and not in the log; every id is in the log or fresh', (messages, entries) => {
    const logged = new Map(entries);
    const { ids, fresh } = assignMessageIds(messages, logged, 'lc');
    const freshIds = fresh.map((index) => ids[index]!);
    expect(new Set(freshIds).size).toBe(freshIds.length);
    for (const id of freshIds) expect(logged.has(id)).toBe(false);
    for (const id of ids) expect(logged.has(id) || freshIds.includes(id)).toBe(true);
  });

  test.prop([history])('same input, same output', (messages) => {
    const logged = new Map([['lc-0-h1', 'h1']]);
    expect(assignMessageIds(messages, logged, 'lc')).toEqual(assignMessageIds(messages, logged, 'lc'));
  });

  it('keeps own ids, makes positional ones, and gives an edited message a new id', () => {
    const logged = new Map([
      ['lc-0-h0', 'h0'],
      ['m1', 'h1'],
    ]);
    const { ids, fresh } = assignMessageIds(
      [
        { position: 0, hash: 'h0' },
        { position: 1, id: 'm1', hash: 'h1-edited' },
        { position: 2, hash: 'h2' },
      ],
      logged,
      'lc',
    );
    expect(ids).toEqual(['lc-0-h0', 'm1#h1-edited', 'lc-2-h2']);
    expect(fresh).toEqual([1, 2]);
  });
});
