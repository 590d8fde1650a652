import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CairnError, createCharTokenCounter } from '../index.js';
import type { PlaybookSection } from '../options/index.js';
import { lexicalSimilarity } from './lexical-similarity.js';
import { bulletLine, Playbook } from './playbook.js';
import type { PlaybookDelta } from './playbook-types.js';
import { renderPlaybook } from './render-playbook.js';

const chars = createCharTokenCounter();
const countTokens = (text: string): number => chars.count(text);
let clock = 0;
const newPlaybook = (options: { maxTokens?: number; maxBullets?: number } = {}): Playbook => new Playbook({ now: () => clock, countTokens, ...options });

describe('Playbook', () => {
  test('bullets in ACE form, with provenance and the injected clock', () => {
    clock = 42;
    const playbook = newPlaybook();
    const bullet = playbook.apply({ op: 'add', section: 'strategies', content: 'Use `npm ci`, not `npm install`.', sourceIds: ['t3', 't4'] })!;
    expect(bullet).toMatchObject({ id: 'str-00001', helpful: 0, harmful: 0, sourceIds: ['t3', 't4'], createdAt: 42, updatedAt: 42 });
    expect(bulletLine(bullet)).toBe('[str-00001] helpful=0 harmful=0 :: Use `npm ci`, not `npm install`.');
    expect(playbook.apply({ op: 'add', section: 'constraints', content: 'Never run migrations on prod.' })!.id).toBe('con-00002');
  });

  test('a near-duplicate merges: counters summed, provenance kept, text whole', () => {
    const playbook = newPlaybook();
    playbook.apply({ op: 'add', section: 'strategies', content: 'Use npm ci, not npm install.', sourceIds: ['a'] });
    playbook.apply({ op: 'count', id: 'str-00001', helpful: 2 });
    playbook.apply({ op: 'add', section: 'strategies', content: 'Use npm ci — not npm install', sourceIds: ['b'] });
    expect(playbook.bullets()).toHaveLength(1);
    expect(playbook.bullets()[0]).toMatchObject({ helpful: 2, sourceIds: ['a', 'b'], content: 'Use npm ci, not npm install.' });
    playbook.apply({ op: 'add', section: 'strategies', content: 'Pin the lockfile before deploying.', sourceIds: ['c'] });
    playbook.apply({ op: 'count', id: 'str-00002', helpful: 1, harmful: 3 });
    playbook.apply({ op: 'merge', from: 'str-00002', into: 'str-00001' });
    expect(playbook.bullets()).toEqual([expect.objectContaining({ id: 'str-00001', helpful: 3, harmful: 3, sourceIds: ['a', 'b', 'c'] })]);
    // Another section never merges.
    playbook.apply({ op: 'add', section: 'tools', content: 'Use npm ci, not npm install.' });
    expect(playbook.bullets()).toHaveLength(2);
  });

  test('ranked by net utility; pruned from the lowest past the token budget', () => {
    // Room for two of the three lines.
    const line = countTokens('[str-00001] helpful=0 harmful=2 :: Lesson 0: something specific about module 0.');
    const playbook = newPlaybook({ maxTokens: 2 * line + 1 });
    // [0, 4]: shown to mislead, so a newcomer displaces it (was [0, 2]: since the retention order of
    // issue 15, a lesson harmful twice keeps its place over an untested newcomer until its record shows it misleads).
    for (const [index, [helpful, harmful]] of [[0, 4], [3, 0], [1, 1]].entries()) {
      const bullet = playbook.apply({ op: 'add', section: 'strategies', content: `Lesson ${index}: something specific about module ${index * 7}.` })!;
      playbook.apply({ op: 'count', id: bullet.id, helpful, harmful });
    }
    expect(playbook.ranked().map((bullet) => bullet.id)).toEqual(['str-00002', 'str-00003', 'str-00001'].filter((id) => playbook.get(id)));
    expect(playbook.tokens()).toBeLessThanOrEqual(2 * line + 1);
    expect(playbook.get('str-00001')).toBeUndefined(); // net −4: pruned first
    expect(playbook.get('str-00002')).toBeDefined();
  });

  test('bad deltas and unknown ids are typed errors; a snapshot round-trips', () => {
    const playbook = newPlaybook();
    expect(() => playbook.apply({ op: 'count', id: 'str-00009', helpful: 1 })).toThrow(CairnError);
    expect(() => playbook.apply({ op: 'add', section: 'strategies', content: '  ' })).toThrow(/non-empty content/);
    expect(() => playbook.apply({ op: 'count', id: 'x', helpful: -1 })).toThrow(/non-negative/);
    expect(() => playbook.apply({ op: 'rewrite' } as unknown as PlaybookDelta)).toThrow(/Unknown playbook delta/);
    playbook.apply({ op: 'add', section: 'tools', content: 'search_dir takes a folder, not a file.', trace: { toolName: 'search_dir', use: ['a'], avoid: ['b'] } });
    const restored = Playbook.fromJSON(JSON.parse(JSON.stringify(playbook.toJSON())), { now: () => clock, countTokens });
    expect(restored.bullets()).toEqual(playbook.bullets());
    expect(() => Playbook.fromJSON({ version: 1, nextId: 1, bullets: [{ id: 'x' }] }, { now: () => clock, countTokens })).toThrow(/Invalid playbook snapshot/);
  });

  test('lexicalSimilarity', () => {
    expect(lexicalSimilarity('Use npm ci, not npm install', 'use NPM ci not npm install!')).toBeCloseTo(1);
    expect(lexicalSimilarity('alpha beta', 'gamma delta')).toBe(0);
    expect(lexicalSimilarity('', 'x')).toBe(0);
  });
});

const sections: PlaybookSection[] = ['strategies', 'mistakes', 'tools', 'constraints'];
const words = ['npm', 'ci', 'install', 'deploy', 'prod', 'never', 'migrations', 'use', 'retry', 'booking', 'card', 'refund', 'cache', 'lockfile'];
const arbitraryDelta: fc.Arbitrary<PlaybookDelta> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('add' as const), section: fc.constantFrom(...sections), content: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 }).map((list) => list.join(' ')), sourceIds: fc.array(fc.constantFrom('m1', 'm2', 'm3', 'm4', 'm5'), { maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('count' as const), id: fc.integer({ min: 1, max: 30 }).map(String), helpful: fc.integer({ min: 0, max: 3 }), harmful: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('merge' as const), from: fc.integer({ min: 1, max: 30 }).map(String), into: fc.integer({ min: 1, max: 30 }).map(String) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('prune' as const), id: fc.integer({ min: 1, max: 30 }).map(String) }) },
);

/** Applies deltas whose ids are positions in the current bullet list (unknown ones skipped). */
function replay(playbook: Playbook, deltas: readonly PlaybookDelta[]): void {
  const pick = (position: string): string | undefined => {
    const bullets = playbook.bullets();
    return bullets.length === 0 ? undefined : bullets[Number(position) % bullets.length]!.id;
  };
  for (const delta of deltas) {
    if (delta.op === 'add') playbook.apply(delta);
    else if (delta.op === 'count' || delta.op === 'prune') {
      const id = pick(delta.id);
      if (id) playbook.apply({ ...delta, id });
    } else {
      const from = pick(delta.from);
      const into = pick(delta.into);
      if (from && into) playbook.apply({ op: 'merge', from, into });
    }
  }
}

describe('Playbook invariants', () => {
  propertyTest.prop([fc.array(arbitraryDelta, { maxLength: 60 }), fc.integer({ min: 40, max: 600 }), fc.integer({ min: 1, max: 12 })])(
    'bounded in tokens and bullets; no text cut; same deltas, same playbook',
    (deltas, maxTokens, maxBullets) => {
      const playbook = newPlaybook({ maxTokens, maxBullets });
      replay(playbook, deltas);
      expect(playbook.tokens()).toBeLessThanOrEqual(maxTokens);
      expect(playbook.bullets().length).toBeLessThanOrEqual(maxBullets);
      const added = new Set(deltas.flatMap((delta) => (delta.op === 'add' ? [delta.content.trim()] : [])));
      for (const bullet of playbook.bullets()) expect(added.has(bullet.content)).toBe(true);
      const again = newPlaybook({ maxTokens, maxBullets });
      replay(again, deltas);
      expect(again.toJSON()).toEqual(playbook.toJSON());
    },
  );

  propertyTest.prop([fc.array(arbitraryDelta, { maxLength: 40 })])('merge sums counters and keeps all provenance', (deltas) => {
    const playbook = newPlaybook({ maxTokens: 100_000, maxBullets: 1000 });
    replay(playbook, deltas);
    const bullets = playbook.bullets();
    if (bullets.length < 2) return;
    const [into, from] = [bullets[0]!, bullets[bullets.length - 1]!];
    const merged = playbook.apply({ op: 'merge', from: from.id, into: into.id })!;
    expect(merged.helpful).toBe(into.helpful + from.helpful);
    expect(merged.harmful).toBe(into.harmful + from.harmful);
    expect(new Set(merged.sourceIds)).toEqual(new Set([...into.sourceIds, ...from.sourceIds]));
    expect(merged.content).toBe(into.content);
    expect(playbook.bullets()).toHaveLength(bullets.length - 1);
  });

  propertyTest.prop([fc.array(arbitraryDelta, { maxLength: 40 }), fc.integer({ min: 10, max: 400 })])('the rendered playbook fits its budget and shows whole bullets', (deltas, maxTokens) => {
    const playbook = newPlaybook({ maxTokens: 100_000, maxBullets: 1000 });
    replay(playbook, deltas);
    const { text, shown } = renderPlaybook(playbook.ranked(), maxTokens, countTokens);
    expect(countTokens(text)).toBeLessThanOrEqual(maxTokens);
    for (const bullet of shown) expect(text).toContain(bulletLine(bullet));
    expect(renderPlaybook(playbook.ranked(), maxTokens, countTokens)).toEqual({ text, shown });
  });
});

describe('merging lessons about calls keeps what each says (issue 15)', () => {
  const recovery = (use: string, avoid: string): PlaybookDelta => ({
    op: 'add',
    section: 'strategies',
    content: `http_get: use \`http_get(${use})\`, not \`http_get(${avoid})\` (that failed: HTTP 404 Not Found).`,
    trace: { toolName: 'http_get', use: [use], avoid: [avoid] },
  });

  test('recoveries of one tool about other calls stay apart even when their texts read alike', () => {
    const playbook = newPlaybook();
    playbook.apply(recovery('/health', '/livez'));
    playbook.apply(recovery('/status', '/ping'));
    expect(lexicalSimilarity(playbook.bullets()[0]!.content, playbook.bullets()[1]!.content)).toBeGreaterThanOrEqual(0.85);
    expect(playbook.bullets()).toHaveLength(2);
  });

  test('recoveries that share a call merge, and the merged bullet says both (no brevity bias); a restatement adds nothing', () => {
    const playbook = newPlaybook();
    playbook.apply(recovery('/health', '/livez'));
    const merged = playbook.apply(recovery('/health', '/healthz'))!;
    expect(playbook.bullets()).toHaveLength(1);
    expect(merged.content).toContain('/livez');
    expect(merged.content).toContain('/healthz');
    expect(merged.trace).toEqual({ toolName: 'http_get', use: ['/health'], avoid: ['/livez', '/healthz'] });
    const again = playbook.apply(recovery('/health', '/healthz'))!;
    expect(again.content).toBe(merged.content);
  });
});
