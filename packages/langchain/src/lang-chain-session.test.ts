import { createContextEngine } from '@cairn/core';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { createSessionResolver } from './session-resolver.js';

async function session() {
  const engine = createContextEngine({ budget: 50_000 });
  return { engine, session: await createSessionResolver('test', { engine }).get('s') };
}

describe('LangChainSession.sync: what a re-sent history ingests', () => {
  it('re-sent history is recognised: only new messages are ingested (with and without ids, fresh objects too)', async () => {
    const { engine, session: s } = await session();
    const history = [new HumanMessage('first'), new AIMessage({ content: 'answer', id: 'a1' })];
    expect(await s.sync(history)).toBe(2);
    expect(await s.sync(history)).toBe(0);
    // The same messages as new objects (a checkpointer or history backend reloaded them).
    const reloaded = [new HumanMessage('first'), new AIMessage({ content: 'answer', id: 'a1', additional_kwargs: { normalised: true } }), new HumanMessage('second')];
    expect(await s.sync(reloaded)).toBe(1);
    expect(engine.getMessages().map((message) => message.content)).toEqual(['first', 'answer', 'second']);
  });

  it('documented fallback: an edited message is stored as a new one; removed ones stay in the log', async () => {
    const { engine, session: s } = await session();
    await s.sync([new HumanMessage({ content: 'book Lisbon', id: 'u1' }), new AIMessage({ content: 'Booked.', id: 'a1' })]);
    await s.sync([new HumanMessage({ content: 'book Porto', id: 'u1' })]);
    const ids = engine.getMessages().map((message) => message.id);
    expect(ids.slice(0, 2)).toEqual(['u1', 'a1']);
    expect(ids[2]).toMatch(/^u1#/);
    expect(engine.getMessages().map((message) => message.content)).toEqual(['book Lisbon', 'Booked.', 'book Porto']);
    const view = await s.view({ budget: 50_000 });
    expect(view.map((message) => message.text)).toEqual(['book Lisbon', 'Booked.', 'book Porto']);
  });

  it('a bad batch changes nothing and a later good sync still works', async () => {
    const { engine, session: s } = await session();
    await expect(s.sync([new HumanMessage('ok'), 'not a message' as never])).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(engine.getMessages()).toHaveLength(0);
    expect(await s.sync([new HumanMessage('ok')])).toBe(1);
  });

  it('an orphan tool result is kept and shown as text, never as a broken pair', async () => {
    const { session: s } = await session();
    await s.sync([new HumanMessage('hi'), new ToolMessage({ content: 'stray output', tool_call_id: 'nope' })]);
    const view = await s.view({ budget: 50_000 });
    expect(view.some((message) => ToolMessage.isInstance(message))).toBe(false);
    expect(view.map((message) => message.text).join('\n')).toContain('stray output');
  });
});
