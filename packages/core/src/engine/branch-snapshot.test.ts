import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { MergeStrategy, turnStarts } from '../sovereignty/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { errorCode } from '../test-support/error-code.js';

const tokenCounter = createCharTokenCounter();
const options = { tokenCounter, budget: 8_000 };

function turns(count: number, prefix = ''): CairnMessage[] {
  return Array.from({ length: count }, (_, turn) => [
    { id: `${prefix}u${turn}`, role: 'user' as const, content: `Question ${turn}: where does the flight to city ${turn} leave from?` },
    { id: `${prefix}a${turn}`, role: 'assistant' as const, content: `Answer ${turn}: from terminal ${turn + 1}, gate B${turn}.` },
  ]).flat();
}


function roundTrip(engine: { snapshot(): unknown }) {
  return restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
}

describe('branching builds on the window comonad (duplicate)', () => {
  it('branch(name, { turn }) starts from the parent window focused on that turn and shares exactly its history', () => {
    const engine = createContextEngine(options);
    engine.ingest(turns(5));
    const window = engine.window();
    const branch = engine.branch('again-from-2', { turn: 2 });
    expect(branch.origin.position).toBe(2);
    expect(branch.origin.extract()).toEqual(window.seek(2).extract());
    expect(branch.forkAt).toBe(window.seek(2).extract().end);
    expect(branch.getMessages().map((message) => message.id)).toEqual(window.seek(2).extract().history.map((message) => message.id));
    // The origin is the parent as the branch found it: any earlier turn can be looked at.
    expect(branch.origin.seek(0).extract().messages.map((message) => message.id)).toEqual(['u0', 'a0']);
    // The branch's own window continues from the origin's turns.
    branch.ingest([{ id: 'bu', role: 'user', content: 'What if we fly from terminal 9 instead?' }]);
    expect(branch.window().size).toBe(4);
    expect(branch.window().seek(2).extract()).toEqual(window.seek(2).extract());
  });

  it('refuses at and turn together, and turns out of range, with INVALID_OPTIONS', () => {
    const engine = createContextEngine(options);
    engine.ingest(turns(3));
    expect(errorCode(() => engine.branch('b', { at: 2, turn: 1 }))).toBe('INVALID_OPTIONS');
    expect(errorCode(() => engine.branch('b', { turn: 3 }))).toBe('INVALID_OPTIONS');
    expect(errorCode(() => engine.branch('b', { turn: -1 }))).toBe('INVALID_OPTIONS');
    expect(errorCode(() => engine.branch('b', { turn: 1.5 }))).toBe('INVALID_OPTIONS');
    expect(engine.listBranches()).toEqual([]);
  });

  test.prop([arbitrarySession({ maxTurns: 12, deferResults: true }), fc.double({ min: 0, max: 1, noNaN: true })], { numRuns: 40 })(
    'for any fork point, the origin is the duplicated window at the turn that holds the fork, and the branch shares the parent’s own message objects',
    (messages, share) => {
      const engine = createContextEngine(options);
      engine.ingest(messages);
      const at = Math.round(share * messages.length);
      const branch = engine.branch('b', { at });
      const expected = engine.window().duplicate().peek(branch.origin.position);
      expect(branch.origin.extract()).toEqual(expected.extract());
      const slice = branch.origin.extract();
      expect(slice.end).toBeGreaterThanOrEqual(at);
      if (at > 0) expect(slice.start).toBeLessThan(at);
      expect(branch.origin.position).toBe(Math.max(0, turnStarts(messages).filter((start) => start < at).length - 1));
      branch.getMessages().forEach((message, index) => expect(message).toBe(engine.getMessages()[index]));
      expect(branch.getMessages().length).toBe(at);
    },
  );
});

describe('engine branches in snapshots', () => {
  function explored() {
    const engine = createContextEngine(options);
    engine.ingest(turns(3));
    const open = engine.branch('open', { entropyBudget: 0.07 });
    open.ingest(turns(2, 'o-'));
    const deeper = open.branch('deeper');
    deeper.ingest(turns(1, 'd-'));
    const merged = engine.branch('merged');
    merged.ingest(turns(1, 'm-'));
    merged.merge();
    engine.branch('dropped', { turn: 0 }).discard();
    return { engine, open, deeper };
  }

  it('a restored engine lists its branches and reopens the open ones with their own messages and branches', () => {
    const { engine, open, deeper } = explored();
    const restored = roundTrip(engine);
    expect(restored.listBranches()).toEqual(engine.listBranches());
    expect(restored.listBranches().map(({ name, status }) => [name, status])).toEqual([
      ['open', 'open'],
      ['merged', 'merged'],
      ['dropped', 'discarded'],
    ]);
    const again = restored.openBranch('open');
    expect(again.getMessages()).toEqual(open.getMessages());
    expect(again).toMatchObject({ forkAt: open.forkAt, entropyTokens: open.entropyTokens, path: open.path, status: 'open' });
    expect(again.openBranch('deeper').getMessages()).toEqual(deeper.getMessages());
    // Merging after the restore appends what merging before it would have.
    const twin = roundTrip(engine);
    expect(again.merge(MergeStrategy.SQUASH)).toEqual(open.merge(MergeStrategy.SQUASH));
    expect(restored.getMessages().slice(-1)).toEqual(engine.getMessages().slice(-1));
    expect(twin.getMessages().length).toBe(restored.getMessages().length - 1);
  });

  it('names stay used across a restore, closed branches stay closed, unknown names are typed errors', () => {
    const restored = roundTrip(explored().engine);
    expect(errorCode(() => restored.branch('merged'))).toBe('BRANCH_EXISTS');
    expect(errorCode(() => restored.branch('dropped'))).toBe('BRANCH_EXISTS');
    expect(errorCode(() => restored.openBranch('merged'))).toBe('BRANCH_CLOSED');
    expect(errorCode(() => restored.openBranch('nope'))).toBe('UNKNOWN_MESSAGE');
  });

  it('openBranch gives back the same handle; a closed branch releases its engine', () => {
    const engine = createContextEngine(options);
    engine.ingest(turns(2));
    const branch = engine.branch('b');
    expect(engine.openBranch('b')).toBe(branch);
    branch.discard();
    expect(errorCode(() => engine.openBranch('b'))).toBe('BRANCH_CLOSED');
    expect(engine.listBranches()).toEqual([{ name: 'b', path: ['session', 'b'], depth: 1, forkAt: 4, entropyTokens: branch.entropyTokens, status: 'discarded' }]);
  });

  it('a branch snapshot carries its own branches; a snapshot without branches has no branches field', () => {
    const { open } = explored();
    expect(open.snapshot().branches?.map((record) => record.name)).toEqual(['deeper']);
    const plain = createContextEngine(options);
    plain.ingest(turns(1));
    expect('branches' in plain.snapshot()).toBe(false);
    expect(roundTrip(plain).listBranches()).toEqual([]);
  });

  it('corrupt branch records are INVALID_SNAPSHOT and make no engine', () => {
    const good = JSON.parse(JSON.stringify(explored().engine.snapshot()));
    const broken = (mutate: (branches: Record<string, unknown>[]) => unknown) => {
      const snapshot = JSON.parse(JSON.stringify(good));
      const replaced = mutate(snapshot.branches);
      if (replaced !== undefined) snapshot.branches = replaced;
      return errorCode(() => restoreContextEngine(snapshot, options));
    };
    expect(broken(() => 'not a list')).toBe('INVALID_SNAPSHOT');
    expect(broken((branches) => void (branches[0]!.status = 'lost'))).toBe('INVALID_SNAPSHOT');
    expect(broken((branches) => void (branches[0]!.forkAt = 10_000))).toBe('INVALID_SNAPSHOT');
    expect(broken((branches) => void (branches[0]!.forkAt = -1))).toBe('INVALID_SNAPSHOT');
    expect(broken((branches) => void (branches[1]!.name = 'a/b'))).toBe('INVALID_SNAPSHOT');
    expect(broken((branches) => void (branches[2]!.name = 'merged'))).toBe('INVALID_SNAPSHOT');
    expect(broken((branches) => void (branches[0]!.messages = [{ id: 'u0', role: 'user', content: 'a duplicate id' }]))).toBe('INVALID_SNAPSHOT');
    expect(broken((branches) => void (branches[0]!.messages = [{ role: 'robot' }]))).toBe('INVALID_SNAPSHOT');
    expect(broken((branches) => void (branches[0]!.entropyTokens = 'many'))).toBe('INVALID_SNAPSHOT');
  });
});
