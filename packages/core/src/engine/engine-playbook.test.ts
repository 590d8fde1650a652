import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CairnError, contentText, createCharTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage } from '../index.js';
import { bulletLine } from '../playbook/index.js';

const chars = createCharTokenCounter();
const options = { tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' as const };
let next = 0;
function call(name: string, args: unknown, result: string, isError = false): CairnMessage[] {
  const id = `c${++next}`;
  return [
    { id: `a${next}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: args }] },
    { id: `t${next}`, role: 'tool', toolCallId: id, name, content: result, ...(isError ? { isError } : {}) },
  ];
}
const lessonsOf = (engine: ReturnType<typeof createContextEngine>, budget = 4000): string => {
  const last = engine.assemble({ budget }).messages.at(-1)!;
  return last.id === 'cairn:dead-ends' ? contentText(last.content) : '';
};

describe('the playbook in the engine', () => {
  it('a recovery becomes a "use X, not Y" bullet shown with the dead ends, in one lessons message', () => {
    const engine = createContextEngine(options);
    engine.ingest({ id: 'u1', role: 'user', content: 'Install the dependencies and run the tests.' });
    engine.ingest(call('bash', { command: 'npm install --frozen' }, 'npm ERR! unknown option --frozen\nexit code 1', true));
    engine.ingest(call('bash', { command: 'npm ci' }, 'added 212 packages'));
    const [bullet] = engine.getPlaybook();
    expect(bullet).toMatchObject({ id: 'str-00001', section: 'strategies', helpful: 0, harmful: 0 });
    expect(bullet!.content).toBe('bash: use `bash(npm ci)`, not `bash(npm install --frozen)` (that failed: exit code 1).');
    expect(bullet!.sourceIds).toEqual([`t${next - 1}`, `t${next}`]);
    const lessons = lessonsOf(engine);
    expect(lessons).toContain('[cairn:dead-ends]'); // the mistake to avoid
    expect(lessons).toContain('[cairn:playbook]');
    expect(lessons).toContain(bulletLine(bullet!));
  });

  it('counts a bullet in view helpful when the call goes as it says, harmful when not; recordOutcome counts too', () => {
    const engine = createContextEngine(options);
    engine.ingest(call('bash', { command: 'npm install --frozen' }, 'npm ERR! unknown option --frozen\nexit code 1', true));
    engine.ingest(call('bash', { command: 'npm ci' }, 'added 212 packages'));
    // Not in view yet (no view since it was learnt): no count.
    engine.ingest(call('bash', { command: 'npm ci' }, 'added 212 packages'));
    expect(engine.getPlaybook()[0]).toMatchObject({ helpful: 0, harmful: 0 });
    lessonsOf(engine); // in view now
    engine.ingest(call('bash', { command: 'npm ci' }, 'added 212 packages'));
    expect(engine.getPlaybook()[0]).toMatchObject({ helpful: 1, harmful: 0 });
    lessonsOf(engine);
    engine.ingest(call('bash', { command: 'npm install --frozen' }, 'up to date'));
    expect(engine.getPlaybook()[0]).toMatchObject({ helpful: 1, harmful: 1 });
    engine.recordOutcome('str-00001', 'hit');
    expect(engine.getPlaybook()[0]).toMatchObject({ helpful: 2, harmful: 1 });
  });

  it("standing rules of the user become constraints in agent sessions only", () => {
    const agent = createContextEngine(options);
    agent.ingest(call('read_file', { path: 'db/migrate.sql' }, 'ALTER TABLE x ADD y int;'));
    agent.ingest({ id: 'u1', role: 'user', content: 'Looks fine. Never run migrations on prod. Always ask before deploying.' });
    expect(agent.getPlaybook().map((bullet) => [bullet.section, bullet.content])).toEqual([
      ['constraints', 'Never run migrations on prod.'],
      ['constraints', 'Always ask before deploying.'],
    ]);
    const chat = createContextEngine(options);
    chat.ingest([
      { id: 'm1', role: 'user', content: 'I never eat meat, and I always run on Sundays.' },
      { id: 'm2', role: 'assistant', content: 'Nice! Is it a long run?' },
      { id: 'm3', role: 'user', content: "No, it's just 5k. Never give up, right?" },
    ]);
    expect(chat.getPlaybook()).toEqual([]);
    expect(lessonsOf(chat)).toBe('');
  });

  it('delta operations from outside; disabled means none; bad input is typed', () => {
    const engine = createContextEngine(options);
    const added = engine.applyPlaybookDelta({ op: 'add', section: 'tools', content: 'search_dir takes a folder, not a file.', sourceIds: ['x'] });
    expect(added?.id).toBe('tol-00001');
    expect(engine.applyPlaybookDelta({ op: 'count', id: 'tol-00001', helpful: 2 })?.helpful).toBe(2);
    expect(engine.applyPlaybookDelta({ op: 'count', id: 'tol-00042', helpful: 2 })).toBeUndefined(); // pruned or unknown: skipped
    expect(() => engine.applyPlaybookDelta(null as never)).toThrow(CairnError);
    const off = createContextEngine({ ...options, playbook: { enabled: false } });
    expect(off.getPlaybook()).toEqual([]);
    expect(() => off.applyPlaybookDelta({ op: 'prune', id: 'x' })).toThrow(/no playbook/);
    expect(() => createContextEngine({ playbook: { maxTokens: 0 } })).toThrow(/playbook.maxTokens/);
  });

  it('survives a snapshot; a snapshot without a playbook learns it again from the log', () => {
    const engine = createContextEngine(options);
    engine.ingest(call('bash', { command: 'npm install --frozen' }, 'npm ERR! unknown option --frozen', true));
    engine.ingest(call('bash', { command: 'npm ci' }, 'added 212 packages'));
    engine.recordOutcome('str-00001', 'hit');
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    expect(restoreContextEngine(snapshot, options).getPlaybook()).toEqual(engine.getPlaybook());
    delete snapshot.playbook;
    expect(restoreContextEngine(snapshot, options).getPlaybook().map((bullet) => bullet.content)).toEqual(engine.getPlaybook().map((bullet) => bullet.content));
    expect(() => restoreContextEngine({ ...snapshot, playbook: { nope: true } }, options)).toThrow(/snapshot.playbook/);
  });

  propertyTest.prop([fc.array(fc.record({ fails: fc.boolean(), variant: fc.integer({ min: 0, max: 4 }), tool: fc.constantFrom('bash', 'http_get', 'book') }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 120, max: 3000 })])(
    'with the playbook in view, the budget is never exceeded and bullets are whole',
    (steps, budget) => {
      const engine = createContextEngine(options);
      engine.ingest({ id: 'u0', role: 'user', content: 'Get the build green. Never push to main.' });
      for (const step of steps) engine.ingest(call(step.tool, { command: `${step.tool} variant ${step.variant}` }, step.fails ? `Error: variant ${step.variant} rejected` : 'ok', step.fails));
      const view = engine.assemble({ budget });
      expect(view.metadata.tokens).toBeLessThanOrEqual(budget);
      const lessons = view.messages.at(-1)!.id === 'cairn:dead-ends' ? contentText(view.messages.at(-1)!.content) : '';
      for (const bullet of engine.getPlaybook()) {
        const at = lessons.indexOf(`[${bullet.id}]`);
        if (at >= 0) expect(lessons).toContain(bulletLine(bullet));
      }
      expect(engine.getPlaybook().reduce((sum, bullet) => sum + chars.count(bulletLine(bullet)), 0)).toBeLessThanOrEqual(4000);
    },
  );
});

describe('the injected reflector', () => {
  it('runs only on reflect(), once per stretch of the log, through delta operations', async () => {
    const seen: number[] = [];
    const engine = createContextEngine({
      ...options,
      playbook: {
        reflector: async ({ messages, playbook }) => {
          seen.push(messages.length);
          return playbook.length === 0 ? [{ op: 'add', section: 'tools', content: `read_file wants a path relative to the repository root (${messages[0]!.id}).`, sourceIds: [messages[0]!.id] }] : [{ op: 'count', id: playbook[0]!.id, helpful: 1 }];
        },
      },
    });
    engine.ingest({ id: 'u1', role: 'user', content: 'Open the config.' });
    engine.assemble({ budget: 2000 });
    expect(seen).toEqual([]); // never on the assemble path
    expect(await engine.reflect()).toBe(1);
    expect(await engine.reflect()).toBe(0); // cached: nothing new
    engine.ingest({ id: 'u2', role: 'user', content: 'And the other one.' });
    expect(await engine.reflect()).toBe(1);
    expect(seen).toEqual([1, 1]);
    expect(engine.getPlaybook()).toEqual([expect.objectContaining({ id: 'tol-00001', helpful: 1, sourceIds: ['u1'] })]);
    const bad = createContextEngine({ playbook: { reflector: async () => 'rewrite everything' as never } });
    bad.ingest({ id: 'u1', role: 'user', content: 'hi' });
    await expect(bad.reflect()).rejects.toThrow(/array of delta operations/);
    expect(() => createContextEngine({ playbook: { reflector: 'model' as never } })).toThrow(/playbook.reflector/);
  });
});

describe('reflect({ minMessages })', () => {
  it('waits for a batch of new messages, then reflects on the whole batch once', async () => {
    const seen: string[][] = [];
    const engine = createContextEngine({ ...options, playbook: { reflector: async ({ messages }) => (seen.push(messages.map((message) => message.id)), []) } });
    engine.ingest({ id: 'u1', role: 'user', content: 'one' });
    engine.ingest({ id: 'u2', role: 'user', content: 'two' });
    expect(await engine.reflect({ minMessages: 3 })).toBe(0);
    expect(seen).toEqual([]);
    engine.ingest({ id: 'u3', role: 'user', content: 'three' });
    await engine.reflect({ minMessages: 3 });
    expect(seen).toEqual([['u1', 'u2', 'u3']]);
  });

  it('applies nothing of a batch with one malformed delta, and offers the same messages again', async () => {
    let calls = 0;
    const engine = createContextEngine({
      ...options,
      playbook: { reflector: async () => (++calls === 1 ? [{ op: 'add', section: 'tools', content: 'fine' }, { op: 'add', section: 'nowhere', content: 'bad' }] : [{ op: 'add', section: 'tools', content: 'fine' }]) as never },
    });
    engine.ingest({ id: 'u1', role: 'user', content: 'one' });
    const error = await engine.reflect().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CairnError);
    expect((error as CairnError).code).toBe('INVALID_MESSAGE');
    expect(engine.getPlaybook()).toEqual([]);
    expect(await engine.reflect()).toBe(1);
    expect(engine.getPlaybook().map((bullet) => bullet.content)).toEqual(['fine']);
  });
});
