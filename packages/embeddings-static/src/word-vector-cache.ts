import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { dirname } from 'node:path';
import type { WordVectorTable } from './read-wink-vectors.js';

/** First bytes of a cache file; a file without them is not read. */
const MAGIC = 'CAIRNWV1';

/** The header of a cache file (JSON after the magic and its length). */
interface CacheHeader {
  readonly dimensions: number;
  readonly count: number;
  readonly sourceVocabulary: number;
  readonly wordsBytes: number;
  /** The model's common component, kept so a load does not recompute it. */
  readonly commonComponent?: readonly number[];
}

/** A table with the common component computed when it was converted. */
export interface CachedWordVectors extends WordVectorTable {
  readonly commonComponent: Float32Array | undefined;
}

const align4 = (value: number): number => (value + 3) & ~3;

/**
 * Writes a word-vector table as one binary file: `CAIRNWV1`, a header, the words (UTF-8, one a
 * line), then the Float32 rows (little-endian). Written to a temporary name and renamed, so a
 * reader never sees half a file.
 *
 * @param path - The cache file.
 * @param table - The table to keep.
 * @param commonComponent - The model's common component, kept in the header.
 */
export function writeWordVectorCache(path: string, table: WordVectorTable, commonComponent?: Float32Array): void {
  const words = Buffer.from(table.words.join('\n'), 'utf8');
  const header = Buffer.from(
    JSON.stringify({ dimensions: table.dimensions, count: table.words.length, sourceVocabulary: table.sourceVocabulary, wordsBytes: words.length, ...(commonComponent ? { commonComponent: Array.from(commonComponent) } : {}) } satisfies CacheHeader),
    'utf8',
  );
  const vectorsAt = align4(MAGIC.length + 4 + header.length + words.length);
  const file = Buffer.alloc(vectorsAt + table.vectors.byteLength);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(header.length, MAGIC.length);
  header.copy(file, MAGIC.length + 4);
  words.copy(file, MAGIC.length + 4 + header.length);
  const floats = new DataView(file.buffer, file.byteOffset + vectorsAt, table.vectors.byteLength);
  for (let index = 0; index < table.vectors.length; index++) floats.setFloat32(index * 4, table.vectors[index]!, true);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, file);
  renameSync(temporary, path);
}

/**
 * Reads a cache file written by {@link writeWordVectorCache}.
 *
 * @param path - The cache file.
 * @returns The table, or `undefined` when the file is missing, truncated or not a cache file
 *   (the caller converts the source again).
 */
export function readWordVectorCache(path: string): CachedWordVectors | undefined {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  if (file.length < MAGIC.length + 4 || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const headerLength = file.readUInt32LE(MAGIC.length);
  let header: CacheHeader;
  try {
    header = JSON.parse(file.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as CacheHeader;
  } catch {
    return undefined;
  }
  const { dimensions, count, sourceVocabulary, wordsBytes } = header;
  if (![dimensions, count, sourceVocabulary, wordsBytes].every((value) => Number.isInteger(value) && value >= 0)) return undefined;
  const wordsAt = MAGIC.length + 4 + headerLength;
  const vectorsAt = align4(wordsAt + wordsBytes);
  if (file.length !== vectorsAt + count * dimensions * 4) return undefined;
  const words = count === 0 ? [] : file.toString('utf8', wordsAt, wordsAt + wordsBytes).split('\n');
  if (words.length !== count) return undefined;
  const start = file.byteOffset + vectorsAt;
  let vectors: Float32Array;
  if (endianness() === 'LE') {
    vectors = new Float32Array(file.buffer.slice(start, start + count * dimensions * 4));
  } else {
    vectors = new Float32Array(count * dimensions);
    const floats = new DataView(file.buffer, start, vectors.byteLength);
    for (let index = 0; index < vectors.length; index++) vectors[index] = floats.getFloat32(index * 4, true);
  }
  const component = header.commonComponent?.length === dimensions ? Float32Array.from(header.commonComponent) : undefined;
  return { dimensions, words, vectors, sourceVocabulary, commonComponent: component };
}
