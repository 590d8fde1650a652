import { describe, expect, it } from 'vitest';
import { createCharTokenCounter, createContextEngine, restoreContextEngine, type CairnMessage, type ContextEngine } from '../index.js';

let clock = 1_000;
const options = { tokenCounter: createCharTokenCounter(), onBudgetExceeded: 'compress-mandatory' as const, now: () => clock };
let next = 0;
function call(command: string, result: string, isError = false, name = 'bash'): CairnMessage[] {
  const id = `c${++next}`;
  return [
    { id: `a${next}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: { command } }] },
    { id: `t${next}`, role: 'tool', toolCallId: id, name, content: result, ...(isError ? { isError } : {}) },
  ];
}
const recovery = (): CairnMessage[] => [...call('npm install --frozen', 'npm ERR! unknown option --frozen\nexit code 1', true), ...call('npm ci', 'added 212 packages')];
const skills = (engine: ContextEngine) => engine.getPlaybook().filter((bullet) => bullet.section === 'skills');
const lessons = (engine: ContextEngine, query: string): string => String(engine.assemble({ budget: 4000, query }).messages.find((message) => message.id === 'cairn:dead-ends')?.content ?? '');
const ON_TASK = 'npm ci install the packages for the build';
const AWAY = ['book a table for two at the italian place tonight', 'which wine goes with the risotto', 'is the terrace open in the evening', 'can we bring the dog along', 'do they serve dessert after ten', 'where do we park near the restaurant'];

/** A session with one recovery (a lesson, not yet a skill: skillAfter stays 3). */
function session(): ContextEngine {
  const engine = createContextEngine(options);
  engine.ingest([{ id: 'u1', role: 'user', content: 'Install the packages with npm and run the build.' }, ...recovery()]);
  return engine;
}

describe('lessons that keep holding up in one direction become skills (CDA hot experience → Skill)', () => {
  it('a lesson in view whose advice works 3 times while the direction stays on task becomes a skill with the real alignments', () => {
    const engine = session();
    const [lesson] = engine.getPlaybook();
    expect(lesson).toMatchObject({ section: 'strategies' });
    for (let hit = 0; hit < 3; hit++) {
      clock += 60_000;
      expect(lessons(engine, ON_TASK)).toContain(lesson!.id);
      engine.ingest(call('npm ci', 'added 212 packages'));
    }
    const [skill] = skills(engine);
    expect(skill).toBeDefined();
    expect(skill!.skill!.experience).toMatchObject({ key: lesson!.id, hits: 3, misses: 0, lastHitAt: clock });
    expect(skill!.skill!.experience!.meanAlignment).toBeGreaterThan(0);
    expect(skill!.skill!.experience!.alignmentStdDev).toBeLessThan(0.15);
    expect(skill!.skill!.preconditions.direction).toMatchObject({ lesson: lesson!.content, tool: 'bash' });
    const hot = engine.getDirectionState().hotExperiences.find((experience) => experience.key === lesson!.id);
    expect(hot).toMatchObject({ hits: 3 });
    // The lesson graduated: folded into its skill (counters and provenance kept), held once.
    expect(engine.getPlaybook().some((bullet) => bullet.id === lesson!.id)).toBe(false);
    expect(skill).toMatchObject({ helpful: 3, harmful: 0, sourceIds: lesson!.sourceIds });
    // Shown while on task with bash in use …
    expect(lessons(engine, ON_TASK)).toContain(skill!.id);
    // … not once the work has moved to another topic and other tools.
    for (const [index, topic] of AWAY.entries()) {
      engine.ingest([{ id: `away-u${index}`, role: 'user', content: topic }, ...call(topic, 'ok', false, 'search')]);
      lessons(engine, topic);
    }
    const away = lessons(engine, AWAY.at(-1)!);
    expect(away).not.toContain(skill!.id);
  });

  it('hits while the direction wanders are recorded as they were, and make no skill', () => {
    const engine = session();
    const [lesson] = engine.getPlaybook();
    const topics = [[ON_TASK], AWAY, [ON_TASK], AWAY];
    for (const turn of topics) {
      for (const topic of turn) {
        engine.ingest({ id: `q${++next}`, role: 'user', content: topic });
        lessons(engine, topic); // the direction moves turn by turn
      }
      engine.recordOutcome(lesson!.id, 'hit');
    }
    const alignments = (engine.snapshot().playbook?.experiences ?? []).map((record) => record.alignment);
    expect(alignments).toHaveLength(4);
    expect(Math.max(...alignments) - Math.min(...alignments)).toBeGreaterThan(0.3); // real, not 1
    expect(skills(engine)).toEqual([]);
    expect(engine.getPlaybook().find((bullet) => bullet.id === lesson!.id)).toMatchObject({ helpful: 4 });
  });

  it('experiences survive a snapshot; a snapshot from before them restores and starts them again', () => {
    const engine = session();
    const [lesson] = engine.getPlaybook();
    for (let hit = 0; hit < 2; hit++) {
      lessons(engine, ON_TASK);
      engine.recordOutcome(lesson!.id, 'hit');
    }
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const restored = restoreContextEngine(snapshot, options);
    lessons(restored, ON_TASK);
    restored.recordOutcome(lesson!.id, 'hit');
    expect(skills(restored)).toHaveLength(1);
    delete snapshot.playbook.experiences;
    delete snapshot.playbook.skilled;
    const old = restoreContextEngine(snapshot, options);
    lessons(old, ON_TASK);
    old.recordOutcome(lesson!.id, 'hit');
    expect(skills(old)).toEqual([]);
  });
});
