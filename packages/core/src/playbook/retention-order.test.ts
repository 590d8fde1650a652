import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createCharTokenCounter } from '../index.js';
import { Playbook } from './playbook.js';
import type { PlaybookBullet } from './playbook-types.js';
import { byRetention, helpfulShareInterval } from './retention-order.js';

const chars = createCharTokenCounter();
const countTokens = (text: string): number => chars.count(text);
let clock = 0;
const lesson = (index: number): string => `Lesson ${index}: check fixture ${index * 13} before the ${['ledger', 'refund', 'webhook'][index % 3]} step.`;
const line = countTokens(`[str-00001] helpful=0 harmful=0 :: ${lesson(10)}`);

/** A playbook with room for `bullets` lines of {@link lesson}'s length. */
function playbookFor(bullets: number): Playbook {
  return new Playbook({ now: () => clock, countTokens, maxTokens: bullets * line + 2, maxBullets: 1000 });
}

function add(playbook: Playbook, index: number, helpful = 0, harmful = 0): string | undefined {
  clock++;
  const bullet = playbook.apply({ op: 'add', section: 'strategies', content: lesson(index) });
  if (bullet && helpful + harmful > 0) playbook.apply({ op: 'count', id: bullet.id, helpful, harmful });
  return bullet?.id;
}

describe('what a full playbook keeps (evidence, not raw net utility)', () => {
  test('the helpful-share interval: untested spans [0, 1]; helpful once lifts the lower end; 0 of 4 falls under ½', () => {
    expect(helpfulShareInterval({ helpful: 0, harmful: 0 })).toEqual({ lower: 0, upper: 1 });
    expect(helpfulShareInterval({ helpful: 1, harmful: 0 }).lower).toBeGreaterThan(0);
    expect(helpfulShareInterval({ helpful: 0, harmful: 3 }).upper).toBeGreaterThan(0.5);
    expect(helpfulShareInterval({ helpful: 0, harmful: 4 }).upper).toBeLessThan(0.5);
    expect(helpfulShareInterval({ helpful: 5, harmful: 6 }).upper).toBeGreaterThan(0.5);
    expect(helpfulShareInterval({ helpful: 5, harmful: 45 }).upper).toBeLessThan(0.5);
  });

  test('a lesson that has helped, even at net −1, is not displaced by an untested newcomer: the newcomer stays out', () => {
    const playbook = playbookFor(2);
    const tested = add(playbook, 10, 5, 6)!; // net −1 over 11 uses
    const once = add(playbook, 11, 1, 0)!;
    expect(add(playbook, 12)).toBeUndefined(); // the newcomer does not fit and outranks neither
    expect(playbook.bullets().map((bullet) => bullet.id)).toEqual([tested, once]);
  });

  test('a newcomer displaces a lesson shown to mislead, but neither a lesson harmful once nor an untested equal', () => {
    const playbook = playbookFor(3);
    const misled = add(playbook, 10, 0, 1)!; // harmful once, never helpful
    const misleads = add(playbook, 11, 1, 9)!; // 1 of 10: shown to mislead
    const untested = add(playbook, 12)!;
    const first = add(playbook, 13)!;
    expect(playbook.get(misleads)).toBeUndefined();
    expect(playbook.get(first)).toBeDefined();
    // Left: the lesson harmful once (tested, not shown to mislead) and two untested ones; a third
    // untested newcomer outranks none of them and stays out.
    expect(add(playbook, 14)).toBeUndefined();
    expect(playbook.get(misled)).toBeDefined();
    expect(playbook.get(untested)).toBeDefined();
  });

  test('a count that pushes the playbook over its budget prunes by the same order (shown to mislead first)', () => {
    const playbook = new Playbook({ now: () => clock, countTokens, maxTokens: 2 * line + 2, maxBullets: 2 });
    const good = add(playbook, 10, 9, 0)!;
    const bad = add(playbook, 11, 0, 9)!;
    expect(add(playbook, 12)).toBeDefined(); // displaces the one shown to mislead
    expect(playbook.get(bad)).toBeUndefined();
    expect(playbook.get(good)).toBeDefined();
  });

  test('byRetention is a total order: antisymmetric, and ties only for the same bullet', () => {
    const bullet = (id: string, helpful: number, harmful: number, createdAt: number): PlaybookBullet => ({ id, section: 'strategies', content: id, helpful, harmful, sourceIds: [], createdAt, updatedAt: createdAt });
    const all = [bullet('a', 0, 0, 1), bullet('b', 0, 0, 2), bullet('c', 1, 0, 3), bullet('d', 0, 4, 4), bullet('e', 5, 6, 5), bullet('f', 0, 1, 6)];
    const sorted = [...all].sort(byRetention).map((each) => each.id);
    expect(sorted).toEqual(['e', 'c', 'f', 'a', 'b', 'd']);
    for (const x of all) for (const y of all) expect(Math.sign(byRetention(x, y))).toBe(x === y ? 0 : -Math.sign(byRetention(y, x)));
  });
});

describe('retention invariants', () => {
  const step = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), index: fc.integer({ min: 0, max: 60 }) }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('count' as const), position: fc.nat(), helpful: fc.boolean() }) },
  );

  propertyTest.prop([fc.array(step, { maxLength: 120 }), fc.integer({ min: 1, max: 8 })])(
    'an untested newcomer never displaces a bullet that has helped and is not shown to mislead; bounded; text whole',
    (steps, room) => {
      const playbook = playbookFor(room);
      for (const each of steps) {
        if (each.kind === 'count') {
          const bullets = playbook.bullets();
          if (bullets.length > 0) playbook.apply({ op: 'count', id: bullets[each.position % bullets.length]!.id, ...(each.helpful ? { helpful: 1 } : { harmful: 1 }) });
          continue;
        }
        const protectedIds = playbook.bullets().filter((bullet) => bullet.helpful > 0 && helpfulShareInterval(bullet).upper >= 0.5).map((bullet) => bullet.id);
        add(playbook, each.index);
        for (const id of protectedIds) expect(playbook.get(id)).toBeDefined();
        expect(playbook.tokens()).toBeLessThanOrEqual(room * line + 2);
        for (const bullet of playbook.bullets()) expect(bullet.content).toMatch(/^Lesson \d+: check fixture \d+ before the \w+ step\.$/);
      }
    },
  );
});
