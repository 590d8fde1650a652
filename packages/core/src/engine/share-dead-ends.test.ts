import { describe, expect, it } from 'vitest';
import { CairnError, contentText, createCharTokenCounter, createContextEngine, createDeadEndPool, restoreContextEngine, type CairnMessage } from '../index.js';

const chars = createCharTokenCounter();

function failsTwice(prefix: string): CairnMessage[] {
  const call = (id: string) => ({ id, name: 'deploy', arguments: { target: 'prod', dryRun: false } });
  return [
    { id: `${prefix}u`, role: 'user', content: 'Deploy the release.' },
    { id: `${prefix}a1`, role: 'assistant', content: '', toolCalls: [call(`${prefix}c1`)] },
    { id: `${prefix}t1`, role: 'tool', toolCallId: `${prefix}c1`, name: 'deploy', content: 'Error: permission denied for prod (exit code 1)', isError: true },
    { id: `${prefix}a2`, role: 'assistant', content: '', toolCalls: [call(`${prefix}c2`)] },
    { id: `${prefix}t2`, role: 'tool', toolCallId: `${prefix}c2`, name: 'deploy', content: 'Error: permission denied for prod (exit code 1)', isError: true },
  ];
}

describe('shareDeadEnds (opt-in, per tenant)', () => {
  it('a dead end learnt in one session blocks the same call in a new session of the same tenant', () => {
    const pool = createDeadEndPool();
    const first = createContextEngine({ tokenCounter: chars, sessionId: 's1', shareDeadEnds: { pool, tenant: 'acme' } });
    first.ingest(failsTwice('a-'));
    expect(pool.list('acme')).toHaveLength(1);
    const second = createContextEngine({ tokenCounter: chars, sessionId: 's2', shareDeadEnds: { pool, tenant: 'acme' } });
    expect(second.checkToolCall({ name: 'deploy', arguments: { dryRun: false, target: 'prod' } }).verdict).toBe('block');
    second.ingest({ id: 'b-u', role: 'user', content: 'Ship it.' });
    const brief = second.assemble({ budget: 2_000 }).messages.at(-1)!;
    expect(contentText(brief.content)).toContain('learnt in another session');
  });

  it('never leaks across tenants, and is off by default', () => {
    const pool = createDeadEndPool();
    createContextEngine({ tokenCounter: chars, sessionId: 's1', shareDeadEnds: { pool, tenant: 'acme' } }).ingest(failsTwice('a-'));
    const other = createContextEngine({ tokenCounter: chars, sessionId: 's2', shareDeadEnds: { pool, tenant: 'globex' } });
    expect(other.checkToolCall({ name: 'deploy', arguments: { target: 'prod', dryRun: false } }).verdict).toBe('allow');
    expect(pool.list('globex')).toEqual([]);
    const isolated = createContextEngine({ tokenCounter: chars, sessionId: 's3' });
    expect(isolated.listDeadEnds()).toEqual([]);
  });

  it('preloads once: a restored session does not duplicate what it already had', () => {
    const pool = createDeadEndPool();
    createContextEngine({ tokenCounter: chars, sessionId: 's1', shareDeadEnds: { pool, tenant: 'acme' } }).ingest(failsTwice('a-'));
    const options = { tokenCounter: chars, sessionId: 's2', shareDeadEnds: { pool, tenant: 'acme' } };
    const second = createContextEngine(options);
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(second.snapshot())), options);
    expect(restored.listDeadEnds()).toEqual(second.listDeadEnds());
    expect(restored.listDeadEnds()).toHaveLength(1);
  });

  it('rejects tenant keys that could address other data', () => {
    const pool = createDeadEndPool();
    for (const tenant of ['', '../acme', 'acme/other', 'a b', '*', 'x'.repeat(200)]) {
      expect(() => createContextEngine({ shareDeadEnds: { pool, tenant } })).toThrow(CairnError);
      expect(() => pool.list(tenant)).toThrow(/Invalid tenant key/);
    }
  });
});
