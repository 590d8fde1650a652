import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Four-dimensional vectors: pets on the first two axes, vehicles on the last two, "the"/"a" common. */
export const TINY_VECTORS: Readonly<Record<string, readonly number[]>> = {
  the: [1, 1, 1, 1],
  a: [0.9, 1, 1, 1.1],
  cat: [3, 2, 0, 0.1],
  kitten: [2.8, 2.3, 0.1, 0],
  dog: [2, 3, 0, 0.2],
  car: [0, 0.1, 3, 2],
  engine: [0.2, 0, 2, 3],
  ']': [-1, 0.5, 0.25, -1e-2],
};

/** The tiny model in the wink JSON layout: words most frequent first, each row [v…, norm, rank]. */
export function tinyWinkJson(words: readonly string[] = Object.keys(TINY_VECTORS)): string {
  const vectors: Record<string, number[]> = {};
  words.forEach((word, rank) => {
    const vector = TINY_VECTORS[word]!;
    vectors[word] = [...vector, Math.hypot(...vector), rank];
  });
  return JSON.stringify({ precision: 8, l2NormIndex: 4, wordIndex: 5, size: words.length, dimensions: 4, words, vectors, unkVector: [0, 0, 0, 0, 0, -1] });
}

/** A temporary `node_modules/tiny-vectors` package holding the tiny model; returns its folder. */
export function writeTinyModelPackage(json = tinyWinkJson()): { root: string; packageDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'cairn-embeddings-'));
  const packageDir = join(root, 'node_modules', 'tiny-vectors');
  mkdirSync(packageDir, { recursive: true });
  writeFileSync(join(packageDir, 'package.json'), JSON.stringify({ name: 'tiny-vectors', version: '1.0.0', main: './tiny.json' }));
  writeFileSync(join(packageDir, 'tiny.json'), json);
  return { root, packageDir };
}
