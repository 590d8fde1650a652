import { describe, expectTypeOf, test } from 'vitest';
import type { Embedder } from './embedder.js';

describe('Embedder', () => {
  test('is satisfied by an object with an id and an async embed', () => {
    const embedder = {
      id: 'fake-2d',
      embed: async (texts: readonly string[]) => texts.map((text) => [text.length, 1]),
    } satisfies Embedder;
    expectTypeOf(embedder).toExtend<Embedder>();
  });
});
