import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { openSession } from './open-session.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { createBpeTokenCounter } from '../log/index.js';

const SPECIAL = ['<|endoftext|>', '<|im_start|>', '<|im_end|>', '<|endofprompt|>'];

describe('tokenizer special tokens are ordinary text (issue 12, item 11)', () => {
  it('the default counter counts them as text instead of throwing', () => {
    const counter = createBpeTokenCounter();
    for (const token of SPECIAL) expect(counter.count(`before ${token} after`)).toBeGreaterThan(counter.count('before  after'));
    expect(createBpeTokenCounter({ safetyMargin: 0.1 }).count('<|endoftext|>')).toBeGreaterThan(0);
  });

  it('ingests content and tool arguments holding them, and assembles a view', () => {
    const engine = createContextEngine();
    engine.ingest([
      { id: 'u1', role: 'user', content: `explain ${SPECIAL.join(' ')}` },
      { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'grep', arguments: { pattern: '<|im_start|>' } }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: 'x <|endofprompt|> y' },
    ]);
    const { messages } = engine.assemble({ budget: 2_000 });
    expect(messages.map((message) => message.id)).toEqual(['u1', 'a1', 't1']);
  });

  it('a stored session with them reopens and keeps ingesting', async () => {
    const store = createInMemorySessionStore();
    const session = await openSession({ store, sessionId: 's1' });
    await session.ingest({ id: 'u1', role: 'user', content: 'the marker <|endoftext|> ends a document' });
    await session.ingest({ id: 'u2', role: 'user', content: 'and <|im_end|> ends a turn' });
    await session.close();
    const again = await openSession({ store, sessionId: 's1' });
    await again.ingest({ id: 'u3', role: 'user', content: 'thanks' });
    expect(again.assemble().messages.map((message) => message.id)).toEqual(['u1', 'u2', 'u3']);
  });
});
