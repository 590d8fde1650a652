import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { CairnError } from '../log/index.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { openSession } from './open-session.js';
import { createCharTokenCounter } from '../log/index.js';
import type { AssembleOptions } from '../render/index.js';

const chars = createCharTokenCounter();

function codeOf(run: () => unknown): string {
  try {
    run();
    return 'no error';
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : `raw ${(error as Error).name}`;
  }
}

function engine() {
  const created = createContextEngine({ tokenCounter: chars });
  created.ingest([
    { id: 'u1', role: 'user', content: 'grep the logs for timeouts' },
    { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'grep', arguments: { pattern: 'timeout' } }] },
    { id: 't1', role: 'tool', toolCallId: 'c1', content: 'app.log:12 timeout' },
  ]);
  return created;
}

describe('assemble options from untyped callers (issue 12, item 17)', () => {
  it.each([
    ['a number query', { query: 42 }],
    ['an object query', { query: { text: 'x' } }],
    ['plannedTools as a string', { plannedTools: 'grep' }],
    ['plannedTools with a non-string', { plannedTools: ['grep', 7] }],
    ['options that are not an object', 'grep'],
  ])('%s is a typed INVALID_OPTIONS error, and the engine keeps working', (_, options) => {
    const target = engine();
    expect(codeOf(() => target.assemble(options as unknown as AssembleOptions))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => target.assemble({ budget: 1_000, query: 'timeouts', plannedTools: ['grep'] }))).toBe('no error');
  });

  it('a null query or plannedTools means none', () => {
    const target = engine();
    const twin = engine();
    expect(JSON.stringify(target.assemble({ query: null, plannedTools: null } as unknown as AssembleOptions))).toBe(JSON.stringify(twin.assemble({})));
  });

  it('prepare({ query }) checks the query too', async () => {
    const target = createContextEngine({ tokenCounter: chars, embedder: { id: 'fake', embed: async (texts) => texts.map(() => [1, 0]) } });
    await expect(target.prepare({ query: 5 as unknown as string })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});

describe("onInvalidToolStructure: 'throw' with two writers (issue 12, item 17)", () => {
  it('accepts a result whose call another writer stored: it catches up before judging the structure', async () => {
    const store = createInMemorySessionStore();
    const first = await openSession({ store, sessionId: 'strict', tokenCounter: chars, onInvalidToolStructure: 'throw' });
    const second = await openSession({ store, sessionId: 'strict', tokenCounter: chars, onInvalidToolStructure: 'throw' });
    await first.ingest([
      { id: 'u1', role: 'user', content: 'look it up' },
      { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'search', arguments: {} }] },
    ]);
    await second.ingest({ id: 't1', role: 'tool', toolCallId: 'c1', content: 'found' });
    expect((await store.load(first.key))!.messages.map((message) => message.id)).toEqual(['u1', 'a1', 't1']);
    // A result for a call nobody made is still refused, and nothing is stored.
    await expect(second.ingest({ id: 't2', role: 'tool', toolCallId: 'nobody', content: 'stray' })).rejects.toMatchObject({ code: 'ORPHAN_TOOL_RESULT' });
    expect((await store.load(first.key))!.messages).toHaveLength(3);
  });
});

describe('a stored session and a token counter that fails (issue 12, item 12)', () => {
  it('the batch is refused before the store sees it; the session reopens', async () => {
    const store = createInMemorySessionStore();
    const counter = { id: 'fragile', count: (text: string) => (text.includes('boom') ? Number.NaN : text.length) };
    const session = await openSession({ store, sessionId: 'fragile', tokenCounter: counter });
    await session.ingest({ id: 'u1', role: 'user', content: 'fine' });
    await expect(session.ingest([{ id: 'u2', role: 'user', content: 'also fine' }, { id: 'u3', role: 'user', content: 'boom' }])).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    expect((await store.load(session.key))!.messages.map((message) => message.id)).toEqual(['u1']);
    await session.ingest({ id: 'u4', role: 'user', content: 'still going' });
    const reopened = await openSession({ store, sessionId: 'fragile', tokenCounter: counter });
    expect(reopened.engine.getMessages().map((message) => message.id)).toEqual(['u1', 'u4']);
  });
});
