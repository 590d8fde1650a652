import { describe, expect, it } from 'vitest';
import { createCharTokenCounter, createContextEngine, createPlaybookPool, PLAYBOOK_POOL_MAX_BULLETS, restoreContextEngine, type CairnMessage } from '../index.js';

const base = { tokenCounter: createCharTokenCounter() };
let next = 0;
function call(name: string, args: unknown, result: string, isError = false): CairnMessage[] {
  const id = `c${++next}`;
  return [
    { id: `a${next}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: args }] },
    { id: `t${next}`, role: 'tool', toolCallId: id, name, content: result, ...(isError ? { isError } : {}) },
  ];
}
function learn(engine: ReturnType<typeof createContextEngine>): void {
  engine.ingest(call('bash', { command: 'npm install --frozen' }, 'npm ERR! unknown option --frozen', true));
  engine.ingest(call('bash', { command: 'npm ci' }, 'added 212 packages'));
  engine.ingest({ id: `u${next}`, role: 'user', content: 'Never push to main.' });
}

describe('sharing the playbook per tenant', () => {
  it("a tenant's sessions share what worked, never the user's rules; other tenants see nothing", () => {
    const pool = createPlaybookPool();
    const first = createContextEngine({ ...base, sessionId: 'a1', playbook: { share: { pool, tenant: 'acme' } } });
    learn(first);
    expect(first.getPlaybook().map((bullet) => bullet.section).sort()).toEqual(['constraints', 'strategies']);
    const second = createContextEngine({ ...base, sessionId: 'a2', playbook: { share: { pool, tenant: 'acme' } } });
    expect(second.getPlaybook()).toEqual([expect.objectContaining({ section: 'strategies', sourceIds: [], helpful: 0, harmful: 0 })]);
    expect(second.getPlaybook()[0]!.content).toMatch(/npm ci.*\(learnt in another session\)$/);
    const other = createContextEngine({ ...base, sessionId: 'b1', playbook: { share: { pool, tenant: 'globex' } } });
    expect(other.getPlaybook()).toEqual([]);
    expect(pool.list('globex')).toEqual([]);
    // Not shared by default.
    expect(createContextEngine({ ...base, sessionId: 'a3' }).getPlaybook()).toEqual([]);
    // A preloaded bullet is not published back.
    second.ingest({ id: 'x', role: 'user', content: 'ok' });
    expect(pool.list('acme')).toHaveLength(1);
  });

  it('restoring is a bootstrap: bullets published since are preloaded; bad tenants are typed errors; the pool is bounded', () => {
    const pool = createPlaybookPool();
    const sleeping = createContextEngine({ ...base, sessionId: 's1', playbook: { share: { pool, tenant: 'acme' } } });
    const snapshot = JSON.parse(JSON.stringify(sleeping.snapshot()));
    learn(createContextEngine({ ...base, sessionId: 's2', playbook: { share: { pool, tenant: 'acme' } } }));
    expect(restoreContextEngine(snapshot, { ...base, sessionId: 's1', playbook: { share: { pool, tenant: 'acme' } } }).getPlaybook()).toHaveLength(1);
    expect(() => createContextEngine({ playbook: { share: { pool, tenant: '../etc' } } })).toThrow(/tenant/);
    expect(() => createContextEngine({ playbook: { share: { pool: {} as never, tenant: 'acme' } } })).toThrow(/playbook.share/);
    for (let index = 0; index < PLAYBOOK_POOL_MAX_BULLETS + 5; index++) pool.publish('big', { section: 'tools', content: `tip ${index}`, helpful: 0, harmful: 0, sessionId: 'x' });
    expect(pool.list('big')).toHaveLength(PLAYBOOK_POOL_MAX_BULLETS);
    expect(pool.list('big')[0]!.content).toBe('tip 5');
  });
});
