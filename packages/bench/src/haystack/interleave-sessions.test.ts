import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createSeededRandom } from '../seeded-random.js';
import { interleave } from './interleave-sessions.js';

const sequencesArbitrary = fc.array(fc.array(fc.nat(), { maxLength: 8 }), { maxLength: 5 });

describe('interleave', () => {
  test.prop([sequencesArbitrary, fc.integer()])('keeps every item once and each sequence in its order', (sequences, seed) => {
    const merged = interleave(sequences, createSeededRandom(seed));
    expect(merged).toHaveLength(sequences.flat().length);
    sequences.forEach((sequence, index) => {
      expect(merged.filter((entry) => entry.from === index).map((entry) => entry.item)).toEqual(sequence);
    });
  });

  test.prop([sequencesArbitrary, fc.integer()])('gives the same order for the same seed', (sequences, seed) => {
    expect(interleave(sequences, createSeededRandom(seed))).toEqual(interleave(sequences, createSeededRandom(seed)));
  });

  test.prop([fc.integer()])('mixes the sequences rather than concatenating them', (seed) => {
    const merged = interleave([Array.from({ length: 20 }, (_, index) => index), Array.from({ length: 20 }, (_, index) => index)], createSeededRandom(seed));
    const switches = merged.filter((entry, index) => index > 0 && entry.from !== merged[index - 1]!.from).length;
    expect(switches).toBeGreaterThan(3);
  });
});
