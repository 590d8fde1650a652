import { describe, expect, it } from 'vitest';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { openSession } from './open-session.js';
import { createCharTokenCounter } from '../log/index.js';
import { generateText } from '../test-support/arbitrary-session.js';

const tokenCounter = createCharTokenCounter();

describe('pages in a session store', () => {
  it('consulted pages, the trace and page ids survive a checkpoint and reopen', async () => {
    const store = createInMemorySessionStore();
    const session = await openSession({ sessionId: 'paged', store, tokenCounter });
    await session.ingest(Array.from({ length: 30 }, (_, index) => ({ id: `m${index}`, role: index % 2 === 0 ? ('user' as const) : ('assistant' as const), content: generateText(index, 50) })));
    const page = session.engine.getPage('m4')!;
    session.engine.consult({ ids: [page.id], reason: 'need it' });
    const view = session.assemble({ budget: 600 });
    await session.checkpoint();
    await session.close();
    const reopened = await openSession({ sessionId: 'paged', store, tokenCounter });
    expect(reopened.engine.getPage('m4')).toMatchObject({ id: page.id, view: 'Detail' });
    expect(reopened.engine.listPages().map((manifest) => manifest.id)).toEqual(session.engine.listPages().map((manifest) => manifest.id));
    const again = reopened.assemble({ budget: 600 });
    expect(again.metadata.decisions.find((decision) => decision.unitId === 'm4')!.fidelity).toBe('full');
    expect(view.metadata.decisions.find((decision) => decision.unitId === 'm4')!.fidelity).toBe('full');
  });
});
