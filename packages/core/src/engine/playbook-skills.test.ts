import { describe, expect, it } from 'vitest';
import { CairnError, createCharTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage, type ContextEngineOptions } from '../index.js';

const options: ContextEngineOptions = { tokenCounter: createCharTokenCounter(), onBudgetExceeded: 'compress-mandatory' };
let next = 0;
function call(command: string, result: string, isError = false): CairnMessage[] {
  const id = `c${++next}`;
  return [
    { id: `a${next}`, role: 'assistant', content: '', toolCalls: [{ id, name: 'bash', arguments: { command } }] },
    { id: `t${next}`, role: 'tool', toolCallId: id, name: 'bash', content: result, ...(isError ? { isError } : {}) },
  ];
}
const recovery = (): CairnMessage[] => [...call('npm install --frozen', 'npm ERR! unknown option --frozen\nexit code 1', true), ...call('npm ci', 'added 212 packages')];
const skills = (engine: ReturnType<typeof createContextEngine>) => engine.getPlaybook().filter((bullet) => bullet.section === 'skills');

describe('recoveries that kept working become skills', () => {
  it('the third sighting of a recovery promotes it to a skill bullet with its steps and the seed schema', () => {
    const engine = createContextEngine(options);
    engine.ingest({ id: 'u1', role: 'user', content: 'Set up the project.' });
    engine.ingest(recovery());
    engine.ingest(recovery());
    expect(skills(engine)).toEqual([]);
    engine.ingest(recovery());
    const [skill] = skills(engine);
    expect(skill).toMatchObject({ id: 'skl-00002', section: 'skills', trace: { toolName: 'bash' } });
    expect(skill!.content).toBe('bash recovery (worked 3× in this session): when `bash(npm install --frozen)` fails (exit code 1): 1. do not retry `bash(npm install --frozen)` unchanged; 2. run `bash(npm ci)` instead; 3. check that bash succeeds; if it fails too, this skill does not apply.');
    expect(skill!.skill).toEqual({
      preconditions: { phase: 'recover', evidence: ['`bash(npm install --frozen)` failed: exit code 1'] },
      executionPattern: { steps: ['do not retry `bash(npm install --frozen)` unchanged', 'run `bash(npm ci)` instead', 'check that bash succeeds; if it fails too, this skill does not apply'] },
      boundaries: { validConditions: ['bash fails as `bash(npm install --frozen)` did (exit code 1)'], invalidConditions: ['`bash(npm ci)` fails too'] },
      outcomeTags: { successPatterns: ['`bash(npm ci)` succeeds'], failurePatterns: ['exit code 1'] },
    });
    expect(skill!.sourceIds).toHaveLength(6);
    // A fourth sighting folds into the same skill.
    engine.ingest(recovery());
    expect(skills(engine)).toHaveLength(1);
  });

  it('counts across a snapshot, and a snapshot from before skills restores (counting starts over)', () => {
    const engine = createContextEngine(options);
    engine.ingest([{ id: 'u1', role: 'user', content: 'Set up the project.' }, ...recovery(), ...recovery()]);
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const restored = restoreContextEngine(snapshot, options);
    restored.ingest(recovery());
    expect(skills(restored)).toHaveLength(1);
    delete snapshot.playbook.curator.recoveries;
    const old = restoreContextEngine(snapshot, options);
    old.ingest(recovery());
    expect(skills(old)).toEqual([]);
    expect(old.getPlaybook().some((bullet) => bullet.section === 'strategies')).toBe(true);
  });

  it('a skill in view counts helpful when its recovery call works again', () => {
    const engine = createContextEngine({ ...options, playbook: { skillAfter: 1 } });
    engine.ingest([{ id: 'u1', role: 'user', content: 'Set up the project.' }, ...recovery()]);
    expect(skills(engine)).toHaveLength(1);
    engine.assemble({ budget: 4000 });
    engine.ingest(call('npm ci', 'added 212 packages'));
    expect(skills(engine)[0]).toMatchObject({ helpful: 1, harmful: 0 });
  });

  it('other recoveries and transient faults make no skill; skillAfter is checked', () => {
    const engine = createContextEngine(options);
    engine.ingest({ id: 'u1', role: 'user', content: 'Set up the project.' });
    for (let index = 0; index < 3; index++) engine.ingest([...call(`npm install --frozen-${index}`, 'npm ERR! unknown option\nexit code 1', true), ...call('npm ci', 'added 212 packages')]);
    for (let index = 0; index < 3; index++) engine.ingest([...call('curl https://registry.example', 'HTTP 503 Service Unavailable', true), ...call('curl https://mirror.example', 'ok')]);
    expect(skills(engine)).toEqual([]);
    for (const skillAfter of [0, 1.5, -1, 'x']) expect(() => createContextEngine({ playbook: { skillAfter } as never })).toThrow(CairnError);
  });
});

describe('skills are shown only when their preconditions match the current direction (issue 15)', () => {
  const lessonsText = (engine: ReturnType<typeof createContextEngine>): string => {
    const view = engine.assemble({ budget: 4000 }).messages;
    return String(view.find((message) => message.id === 'cairn:dead-ends')?.content ?? '');
  };

  it('a bash skill shows while bash is in the recent calls, and not once the work has moved to other tools', () => {
    const engine = createContextEngine({ ...options, playbook: { skillAfter: 1 } });
    engine.ingest([{ id: 'u1', role: 'user', content: 'Set up the project.' }, ...recovery()]);
    expect(skills(engine)).toHaveLength(1);
    expect(lessonsText(engine)).toContain('bash recovery');
    // Twelve units of other work: no bash call in the last ten units.
    engine.ingest({ id: 'u2', role: 'user', content: 'Now book the venue for the offsite.' });
    for (let index = 0; index < 6; index++) {
      engine.ingest([
        { id: `va${index}`, role: 'assistant', content: '', toolCalls: [{ id: `v${index}`, name: 'search_venues', arguments: { city: 'Lyon', page: index } }] },
        { id: `vt${index}`, role: 'tool', toolCallId: `v${index}`, name: 'search_venues', content: `venue ${index}: 40 seats` },
      ]);
      engine.ingest({ id: `vr${index}`, role: 'assistant', content: `Venue ${index} noted.` });
    }
    expect(lessonsText(engine)).not.toContain('bash recovery');
    // The other bullets (the recovery as a strategy) still show; the skill stays in the playbook.
    expect(skills(engine)).toHaveLength(1);
    // Back to bash: the skill shows again.
    engine.ingest(call('npm run build', 'built'));
    expect(lessonsText(engine)).toContain('bash recovery');
  });
});
