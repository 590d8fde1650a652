import { describe, expect, it } from 'vitest';
import { CairnError, createCharTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage } from '../index.js';
import { bulletLine } from '../playbook/index.js';

const chars = createCharTokenCounter();
const options = { tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' as const };

const failing = (id: string, command = 'npm test -- src/ledger-sync.ts'): CairnMessage[] => [
  { id: `a${id}`, role: 'assistant', content: '', toolCalls: [{ id: `c${id}`, name: 'run_command', arguments: { command } }] },
  { id: `t${id}`, role: 'tool', toolCallId: `c${id}`, name: 'run_command', content: 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', isError: true },
];
const start: CairnMessage = { id: 'u1', role: 'user', content: 'Run the ledger tests.' };

describe('dead ends as bullets of the mistakes section', () => {
  it('are left out by default and joined with { deadEnds: true }, with the registry counters and provenance', () => {
    const engine = createContextEngine(options);
    engine.ingest([start, ...failing('1'), ...failing('2')]);
    expect(engine.getPlaybook()).toEqual([]);
    const [bullet] = engine.getPlaybook({ deadEnds: true });
    expect(bullet).toMatchObject({ id: 'mis-de-1', section: 'mistakes', helpful: 1, harmful: 0, sourceIds: ['de-1', 't1', 't2'], trace: { toolName: 'run_command' } });
    expect(bullet!.trace!.avoid).toEqual([engine.listDeadEnds()[0]!.trace.signature]);
    expect(bulletLine(bullet!)).toBe('[mis-de-1] helpful=1 harmful=0 :: Do not repeat unchanged: run_command(npm test -- src/ledger-sync.ts) — Error: connect ECONNREFUSED 127.0.0.1:5401');
  });

  it('a registered dead end is a bullet too', () => {
    const engine = createContextEngine(options);
    engine.registerDeadEnd({ trace: { approach: 'Mocking the database driver' }, reason: 'the driver is native; mocks never load' });
    expect(engine.getPlaybook({ deadEnds: true })).toEqual([
      expect.objectContaining({ id: 'mis-de-1', section: 'mistakes', helpful: 0, harmful: 0, content: 'Do not repeat unchanged: Mocking the database driver — the driver is native; mocks never load', sourceIds: ['de-1'] }),
    ]);
  });

  it('hits and misses on the bullet id update the dead end and so the bullet', () => {
    const engine = createContextEngine(options);
    engine.ingest([start, ...failing('1')]);
    engine.recordOutcome('mis-de-1', 'miss');
    expect(engine.listDeadEnds()[0]).toMatchObject({ frequency: 2, status: 'dead' });
    expect(engine.getPlaybook({ deadEnds: true })[0]).toMatchObject({ helpful: 1, harmful: 0 });
    engine.recordOutcome('mis-de-1', 'hit');
    expect(engine.listDeadEnds()[0]!.stale).toBe(true);
    expect(engine.getPlaybook({ deadEnds: true })[0]).toMatchObject({ helpful: 1, harmful: 1 });
    expect(engine.getPlaybook({ deadEnds: true })[0]!.content).toMatch(/\(since changed: may work now\)$/);
    // A count delta is the same thing, one outcome per count.
    expect(engine.applyPlaybookDelta({ op: 'count', id: 'mis-de-1', helpful: 2 })).toMatchObject({ id: 'mis-de-1', helpful: 3, harmful: 1 });
    expect(engine.listDeadEnds()[0]).toMatchObject({ frequency: 4 });
  });

  it('the same call succeeding later counts the bullet harmful once', () => {
    const engine = createContextEngine(options);
    engine.ingest([start, ...failing('1')]);
    engine.ingest([
      { id: 'a2', role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }] },
      { id: 't2', role: 'tool', toolCallId: 'c2', name: 'run_command', content: 'ok 14 tests' },
    ]);
    expect(engine.getPlaybook({ deadEnds: true })[0]).toMatchObject({ id: 'mis-de-1', helpful: 0, harmful: 1 });
  });

  it('ranks with the stored bullets by net utility', () => {
    const engine = createContextEngine(options);
    engine.ingest([start, ...failing('1'), ...failing('2'), ...failing('3')]);
    engine.applyPlaybookDelta({ op: 'add', section: 'tools', content: 'run_command takes one shell line.' });
    expect(engine.getPlaybook({ deadEnds: true }).map((bullet) => [bullet.id, bullet.helpful - bullet.harmful])).toEqual([
      ['mis-de-1', 2],
      ['tol-00001', 0],
    ]);
  });

  it('refuses merges and prunes of a mirrored bullet, and unknown dead ends', () => {
    const engine = createContextEngine(options);
    engine.ingest([start, ...failing('1')]);
    for (const delta of [{ op: 'prune', id: 'mis-de-1' }, { op: 'merge', from: 'mis-de-1', into: 'mis-de-1' }, { op: 'count', id: 'mis-de-1', helpful: -1 }] as const) {
      expect(() => engine.applyPlaybookDelta(delta)).toThrow(expect.objectContaining({ code: 'INVALID_MESSAGE' }));
    }
    expect(() => engine.applyPlaybookDelta({ op: 'count', id: 'mis-de-9', helpful: 1 })).toThrow(CairnError);
    expect(engine.listDeadEnds()[0]!.frequency).toBe(1);
  });

  it('adds nothing to snapshots: the bullets come back from the registry, and an older snapshot restores', () => {
    const engine = createContextEngine(options);
    engine.ingest([start, ...failing('1'), ...failing('2')]);
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    expect(JSON.stringify(snapshot)).not.toContain('mis-de-');
    const restored = restoreContextEngine(snapshot, options);
    expect(restored.getPlaybook({ deadEnds: true })).toEqual(engine.getPlaybook({ deadEnds: true }));
    // A snapshot made before the playbook existed (no playbook field) restores with the bullets.
    delete snapshot.playbook;
    expect(restoreContextEngine(snapshot, options).getPlaybook({ deadEnds: true }).map((bullet) => bullet.id)).toEqual(['mis-de-1']);
  });
});
