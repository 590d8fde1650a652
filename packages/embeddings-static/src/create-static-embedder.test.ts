import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { CairnError, createContextEngine } from '@cairn/core';
import { createStaticEmbedder } from './create-static-embedder.js';
import { loadStaticWordModel } from './load-static-word-model.js';
import { writeTinyModelPackage } from './test-support/write-tiny-model.js';

const { root, packageDir } = writeTinyModelPackage();
afterAll(() => rmSync(root, { recursive: true, force: true }));
const model = loadStaticWordModel({ modelPath: packageDir });
const cosine = (a: readonly number[], b: readonly number[]): number => {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  a.forEach((value, index) => {
    dot += value * b[index]!;
    normA += value * value;
    normB += b[index]! * b[index]!;
  });
  return dot / Math.sqrt(normA * normB);
};

describe('createStaticEmbedder', () => {
  it('puts texts about the same thing closer than texts about different things', async () => {
    const embedder = createStaticEmbedder({ model });
    const [cat, kitten, car] = await embedder.embed(['The cat', 'a KITTEN!', 'the car engine']);
    expect(cosine(cat!, kitten!)).toBeGreaterThan(0.9);
    expect(cosine(cat!, car!)).toBeLessThan(cosine(cat!, kitten!) - 0.5);
  });

  it('weights rare words more than frequent ones (SIF), and removes the common component', () => {
    const uniform = createStaticEmbedder({ model, weighting: 'uniform', removeCommonComponent: false });
    const sif = createStaticEmbedder({ model, weighting: 'sif', removeCommonComponent: true });
    const [plain] = uniform.embedSync(['the the the cat']);
    const [weighted] = sif.embedSync(['the the the cat']);
    const [catOnly] = sif.embedSync(['cat']);
    const [uniformCat] = uniform.embedSync(['cat']);
    expect(cosine(weighted!, catOnly!)).toBeGreaterThan(0.95);
    expect(cosine(plain!, uniformCat!)).toBeLessThan(0.9);
    const along = weighted!.reduce((sum, value, index) => sum + value * model.commonComponent[index]!, 0);
    expect(Math.abs(along)).toBeLessThan(1e-5);
  });

  it('gives the zero vector to a text without a known word, and the base word to a clitic', () => {
    const embedder = createStaticEmbedder({ model });
    expect(embedder.embedSync(['zzz qqq', ''])).toEqual([[0, 0, 0, 0], [0, 0, 0, 0]]);
    expect(embedder.embedSync(["cat's"])).toEqual(embedder.embedSync(['cat']));
  });

  test.prop([fc.array(fc.string({ maxLength: 40 }), { maxLength: 6 })])('same text, same vector: deterministic, one vector per text, finite, of the model dimension', (texts) => {
    const embedder = createStaticEmbedder({ model });
    const once = embedder.embedSync(texts);
    expect(once).toHaveLength(texts.length);
    expect(createStaticEmbedder({ model }).embedSync(texts)).toEqual(once);
    for (const vector of once) {
      expect(vector).toHaveLength(4);
      expect(vector.every(Number.isFinite)).toBe(true);
    }
  });

  it('names its settings in the id, so cached embeddings of other settings are not reused', () => {
    expect(createStaticEmbedder({ model }).id).toBe('static:tiny-vectors@1.0.0:8:idf');
    expect(createStaticEmbedder({ model, weighting: 'sif', removeCommonComponent: true }).id).toBe('static:tiny-vectors@1.0.0:8:sif:0.001:no-common');
  });

  it('rejects bad options with a CairnError INVALID_OPTIONS', () => {
    for (const options of [{ weighting: 'tfidf' as never }, { sifA: 0 }, { sifA: 2 }]) {
      let thrown: unknown;
      try {
        createStaticEmbedder({ model, ...options });
      } catch (error) {
        thrown = error;
      }
      expect(CairnError.isInstance(thrown) && thrown.code).toBe('INVALID_OPTIONS');
    }
  });

  it('plugs into the engine: prepare embeds, and a question about a kitten keeps the cat message (lexical alone does not)', async () => {
    const filler = Array.from({ length: 40 }, (_, index) => ({ id: `f${index}`, role: (index % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content: `the car engine ${'a '.repeat(10)}` }));
    const keepsPet = async (withEmbedder: boolean): Promise<boolean> => {
      const engine = createContextEngine({ budget: 150, ...(withEmbedder ? { embedder: createStaticEmbedder({ model }) } : {}) });
      engine.ingest([...filler.slice(0, 20), { id: 'pet', role: 'user', content: 'the cat' }, ...filler.slice(20)]);
      const embedded = await engine.prepare({ query: 'a kitten' });
      expect(embedded > 0).toBe(withEmbedder);
      const { messages } = engine.assemble({ query: 'a kitten' });
      return messages.some((message) => message.id === 'pet' && message.fidelity === 'full');
    };
    expect(await keepsPet(true)).toBe(true);
    expect(await keepsPet(false)).toBe(false);
  });
});
