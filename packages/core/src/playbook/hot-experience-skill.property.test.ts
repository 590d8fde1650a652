import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HOT_EXPERIENCE_MAX_AGE_MS } from '../dead-ends/index.js';
import { resolvePlaybookOptions } from '../options/index.js';
import type { ExperienceContext } from './hot-experience-skill.js';
import { createPlaybookRuntime, playbookRuntimeFromJSON, playbookRuntimeToJSON, recordBulletOutcome, type PlaybookRuntime } from './playbook-runtime.js';
import { skillMatchesDirection } from './skill-matches-direction.js';

const DAY = 24 * 60 * 60 * 1000;
const options = resolvePlaybookOptions({});
const countTokens = (text: string): number => Math.ceil(text.length / 4);
const LESSON = 'bash: use `bash(npm ci)`, not `bash(npm install --frozen)` (that failed: exit code 1).';

function runtimeWithLesson(): { runtime: PlaybookRuntime; id: string; clock: { now: number } } {
  const clock = { now: 0 };
  const runtime = createPlaybookRuntime(options, () => clock.now, countTokens);
  const id = runtime.playbook.apply({ op: 'add', section: 'strategies', content: LESSON, sourceIds: ['t1', 't2'], trace: { toolName: 'bash', use: ['u'], avoid: ['a'] } })!.id;
  return { runtime, id, clock };
}

const context = (now: number, alignment: number): ExperienceContext => ({ now, alignment: () => alignment, workPhase: 'act', directionTerms: ['npm', 'ci', 'install'] });
const skills = (runtime: PlaybookRuntime) => runtime.playbook.bullets().filter((bullet) => bullet.section === 'skills');

/** The reference: is the lesson hot now (hits of the last 7 days ≥ 3, population σ of their alignments < 0.15)? */
function hotNow(steps: readonly { outcome: 'hit' | 'miss'; alignment: number; at: number }[], now: number): boolean {
  const hits = steps.filter((step) => step.outcome === 'hit' && now - step.at < HOT_EXPERIENCE_MAX_AGE_MS).map((step) => step.alignment);
  if (hits.length < 3) return false;
  const mean = hits.reduce((a, b) => a + b, 0) / hits.length;
  return Math.sqrt(hits.reduce((sum, value) => sum + (value - mean) ** 2, 0) / hits.length) < 0.15;
}

describe('hot experiences become skills (CDA)', () => {
  test('three hits at a steady alignment make a skill in the seed schema; it carries the experience', () => {
    const { runtime, id } = runtimeWithLesson();
    for (const [at, alignment] of [[1, 0.42], [2, 0.45], [3, 0.4]] as const) {
      expect(skills(runtime)).toEqual([]);
      recordBulletOutcome(runtime, id, 'hit', context(at * 1000, alignment));
    }
    const [skill] = skills(runtime);
    expect(skill).toBeDefined();
    expect(skill!.trace).toEqual({ toolName: 'bash', use: ['u'], avoid: ['a'] });
    expect(skill!.sourceIds).toEqual(['t1', 't2']);
    expect(skill!.content).toContain(LESSON);
    expect(skill!.skill).toMatchObject({
      preconditions: { phase: 'act', direction: { lesson: LESSON, tool: 'bash', terms: ['npm', 'ci', 'install'] } },
      executionPattern: { steps: [LESSON, expect.stringContaining('check that bash')] },
      experience: { key: id, hits: 3, misses: 0, lastHitAt: 3000 },
    });
    expect(skill!.skill!.preconditions.direction!.minAlignment).toBeCloseTo(0.423 - 2 * 0.021 - 0.05, 2);
    for (const list of [skill!.skill!.preconditions.evidence, skill!.skill!.boundaries.validConditions, skill!.skill!.boundaries.invalidConditions, skill!.skill!.outcomeTags.successPatterns, skill!.skill!.outcomeTags.failurePatterns]) expect(list.length).toBeGreaterThan(0);
    // The lesson is folded into its skill (counters summed, provenance kept): held once.
    expect(runtime.playbook.get(id)).toBeUndefined();
    expect(skill).toMatchObject({ helpful: 3, harmful: 0 });
    expect(runtime.playbook.bullets()).toHaveLength(1);
    expect(recordBulletOutcome(runtime, id, 'hit', context(4000, 0.43))).toBe(false);
    expect(skills(runtime)).toHaveLength(1);
  });

  test('inconsistent alignment keeps an experience from becoming a skill (σ < 0.15 can fail)', () => {
    const { runtime, id } = runtimeWithLesson();
    for (const [at, alignment] of [[1, 0.6], [2, 0.05], [3, 0.55], [4, 0.1]] as const) recordBulletOutcome(runtime, id, 'hit', context(at, alignment));
    expect(runtime.experiences!.map((record) => record.alignment)).toEqual([0.6, 0.05, 0.55, 0.1]);
    expect(skills(runtime)).toEqual([]);
  });

  test('hits spread over more than 7 days of the injected clock are no hot experience', () => {
    const { runtime, id } = runtimeWithLesson();
    recordBulletOutcome(runtime, id, 'hit', context(0, 0.4));
    recordBulletOutcome(runtime, id, 'hit', context(1 * DAY, 0.4));
    recordBulletOutcome(runtime, id, 'hit', context(8 * DAY, 0.4)); // the first is 8 days old
    expect(skills(runtime)).toEqual([]);
    recordBulletOutcome(runtime, id, 'hit', context(8 * DAY + 1, 0.4)); // the second is now over 7 days old too
    expect(skills(runtime)).toEqual([]);
    recordBulletOutcome(runtime, id, 'hit', context(8 * DAY + 2, 0.4));
    expect(skills(runtime)).toHaveLength(1);
  });

  test('a skill is shown only while its preconditions match: its tool in use and the direction aligned', () => {
    const { runtime, id } = runtimeWithLesson();
    for (let at = 1; at <= 3; at++) recordBulletOutcome(runtime, id, 'hit', context(at, 0.4));
    const [skill] = skills(runtime);
    const aligned = (): number => 0.39;
    expect(skillMatchesDirection(skill!, new Set(['bash']), aligned)).toBe(true);
    expect(skillMatchesDirection(skill!, new Set(['search']), aligned)).toBe(false);
    expect(skillMatchesDirection(skill!, new Set(['bash']), () => 0.3)).toBe(false); // below 0.4 − 0.05
    expect(skillMatchesDirection({ ...skill!, section: 'strategies' }, new Set(), () => 0)).toBe(true); // not a skill: always
  });

  test('experiences survive a snapshot; a snapshot from before them restores with none', () => {
    const { runtime, id, clock } = runtimeWithLesson();
    recordBulletOutcome(runtime, id, 'hit', context(1, 0.4));
    recordBulletOutcome(runtime, id, 'hit', context(2, 0.4));
    const json = JSON.parse(JSON.stringify(playbookRuntimeToJSON(runtime)));
    const restored = playbookRuntimeFromJSON(json, options, () => clock.now, countTokens);
    recordBulletOutcome(restored, id, 'hit', context(3, 0.4));
    expect(skills(restored)).toHaveLength(1);
    delete json.experiences;
    delete json.skilled;
    const old = playbookRuntimeFromJSON(json, options, () => clock.now, countTokens);
    expect(old.experiences).toBeUndefined();
    recordBulletOutcome(old, id, 'hit', context(3, 0.4));
    expect(skills(old)).toEqual([]);
  });
});

describe('hot-experience skill invariants', () => {
  const step = fc.record({ outcome: fc.constantFrom('hit' as const, 'hit' as const, 'miss' as const), alignment: fc.double({ min: 0, max: 1, noNaN: true }), gap: fc.integer({ min: 0, max: 3 * DAY }) });

  propertyTest.prop([fc.array(step, { maxLength: 25 })])('a skill appears exactly when the lesson first turns hot, once, and the same outcomes give the same playbook', (steps) => {
    const run = (): { runtime: PlaybookRuntime; firstHot: number } => {
      const { runtime, id } = runtimeWithLesson();
      let at = 0;
      let firstHot = -1;
      const seen: { outcome: 'hit' | 'miss'; alignment: number; at: number }[] = [];
      for (const [index, { outcome, alignment, gap }] of steps.entries()) {
        at += gap;
        seen.push({ outcome, alignment, at });
        recordBulletOutcome(runtime, id, outcome, context(at, alignment));
        if (firstHot < 0 && outcome === 'hit' && hotNow(seen, at)) firstHot = index;
        expect(skills(runtime)).toHaveLength(firstHot < 0 ? 0 : 1);
      }
      return { runtime, firstHot };
    };
    const { runtime, firstHot } = run();
    if (firstHot >= 0) {
      const skill = skills(runtime)[0]!.skill!;
      expect(skill.experience!.hits).toBeGreaterThanOrEqual(3);
      expect(skill.experience!.alignmentStdDev).toBeLessThan(0.15);
      expect(skill.preconditions.direction!.minAlignment).toBeGreaterThanOrEqual(0);
      expect(skill.preconditions.direction!.minAlignment).toBeLessThanOrEqual(skill.experience!.meanAlignment);
    }
    expect(playbookRuntimeToJSON(run().runtime)).toEqual(playbookRuntimeToJSON(runtime));
  });
});
