import { describe, expect, it } from 'vitest';
import { CairnError, createCharTokenCounter, createContextEngine, type Embedder } from '../index.js';
import { lexicalSimilarity } from '../playbook/index.js';

// A fake embedder that knows two meanings: texts about retrying a payment later and texts about
// a migration lock. Different wordings of one meaning get the same vector; it counts its calls.
function meaningEmbedder(): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    id: 'fake-meaning-v1',
    texts,
    async embed(batch) {
      texts.push(...batch);
      return batch.map((text) => (/payment|charge/i.test(text) ? [1, 0, 0] : /migration|schema/i.test(text) ? [0, 1, 0] : [0, 0, 1]));
    },
  };
}

const paymentA = 'When the payment gateway answers 503, wait and retry the charge later.';
const paymentB = 'A charge that fails with a busy payment provider succeeds on a later retry.';
const migration = 'Take the schema migration lock before altering tables.';

describe('playbook merge with the injected embedder (issue 15: lexical by default, the embedder when set)', () => {
  it('two wordings of one lesson, lexically apart, merge on reflect() with an embedder; without one they stay apart', async () => {
    expect(lexicalSimilarity(paymentA, paymentB)).toBeLessThan(0.85);
    for (const withEmbedder of [false, true]) {
      const embedder = meaningEmbedder();
      const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), ...(withEmbedder ? { embedder } : {}) });
      const a = engine.applyPlaybookDelta({ op: 'add', section: 'strategies', content: paymentA, sourceIds: ['m1'] })!;
      engine.applyPlaybookDelta({ op: 'count', id: a.id, helpful: 2 });
      const b = engine.applyPlaybookDelta({ op: 'add', section: 'strategies', content: paymentB, sourceIds: ['m7'] })!;
      engine.applyPlaybookDelta({ op: 'count', id: b.id, helpful: 1, harmful: 1 });
      engine.applyPlaybookDelta({ op: 'add', section: 'strategies', content: migration, sourceIds: ['m9'] });
      expect(a.id).not.toBe(b.id);
      const merged = await engine.reflect();
      const bullets = engine.getPlaybook().filter((bullet) => bullet.section === 'strategies');
      if (!withEmbedder) {
        expect(merged).toBe(0);
        expect(bullets).toHaveLength(3);
        continue;
      }
      expect(merged).toBe(1);
      expect(bullets).toHaveLength(2);
      // Merged into the earlier bullet: its id and text, counters summed, provenance united.
      const kept = bullets.find((bullet) => bullet.id === a.id)!;
      expect(kept).toMatchObject({ content: paymentA, helpful: 3, harmful: 1 });
      expect(kept.sourceIds).toEqual(['m1', 'm7']);
      expect(bullets.some((bullet) => bullet.content === migration)).toBe(true);
      // Cached: a second pass embeds nothing new and merges nothing.
      const embedded = embedder.texts.length;
      expect(await engine.reflect()).toBe(0);
      expect(embedder.texts.length).toBe(embedded);
    }
  });

  it('a failing embedder is a typed error and merges nothing', async () => {
    const embedder: Embedder = { id: 'broken', embed: async () => Promise.reject(new Error('model offline')) };
    const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), embedder });
    engine.applyPlaybookDelta({ op: 'add', section: 'strategies', content: paymentA });
    engine.applyPlaybookDelta({ op: 'add', section: 'strategies', content: paymentB });
    const error = await engine.reflect().catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error) && error.code).toBe('INVALID_OPTIONS');
    expect(engine.getPlaybook().filter((bullet) => bullet.section === 'strategies')).toHaveLength(2);
  });
});
