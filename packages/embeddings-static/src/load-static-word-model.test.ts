import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CairnError } from '@cairn/core';
import { loadStaticWordModel } from './load-static-word-model.js';
import { readWordVectorCache } from './word-vector-cache.js';
import { writeTinyModelPackage } from './test-support/write-tiny-model.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
function tinyPackage() {
  const made = writeTinyModelPackage();
  roots.push(made.root);
  return made;
}

describe('loadStaticWordModel', () => {
  it('converts the source once, then loads the Float32 cache even with the source gone', () => {
    const { root, packageDir } = tinyPackage();
    const first = loadStaticWordModel({ modelPath: packageDir });
    expect(first.loadedFrom).toBe('source');
    expect(first.name).toBe('tiny-vectors@1.0.0');
    // The default cache folder is node_modules/.cache/cairn-embeddings-static beside the model.
    expect(first.cacheFile).toBe(join(root, 'node_modules', '.cache', 'cairn-embeddings-static', 'tiny-vectors@1.0.0-200000.f32'));
    expect(existsSync(first.cacheFile!)).toBe(true);
    rmSync(join(packageDir, 'tiny.json'));
    writeFileSync(join(packageDir, 'tiny.json'), 'not json at all');
    const second = loadStaticWordModel({ modelPath: packageDir });
    expect(second.loadedFrom).toBe('cache');
    expect(Array.from(second.vectors)).toEqual(Array.from(first.vectors));
    expect(Array.from(second.commonComponent)).toEqual(Array.from(first.commonComponent));
    expect(second.rank('kitten')).toBe(3);
    expect(second.rank('unknown')).toBeUndefined();
  });

  it('takes cacheDir and maxWords; a different maxWords is a different cache file', () => {
    const { root, packageDir } = tinyPackage();
    const cacheDir = join(root, 'cache');
    const small = loadStaticWordModel({ modelPath: join(packageDir, 'tiny.json'), cacheDir, maxWords: 3 });
    expect(small.size).toBe(3);
    expect(small.cacheFile).toBe(join(cacheDir, 'tiny-3.f32'));
    expect(readWordVectorCache(small.cacheFile!)?.words).toEqual(['the', 'a', 'cat']);
    expect(loadStaticWordModel({ modelPath: join(packageDir, 'tiny.json'), cacheDir, maxWords: 5 }).size).toBe(5);
  });

  it('reconverts a damaged cache file and rewrites it', () => {
    const { root, packageDir } = tinyPackage();
    const cacheDir = join(root, 'cache');
    const first = loadStaticWordModel({ modelPath: packageDir, cacheDir });
    writeFileSync(first.cacheFile!, 'CAIRNWV1 truncated');
    const again = loadStaticWordModel({ modelPath: packageDir, cacheDir });
    expect(again.loadedFrom).toBe('source');
    expect(loadStaticWordModel({ modelPath: packageDir, cacheDir }).loadedFrom).toBe('cache');
  });

  it.skipIf(process.getuid?.() === 0)('still loads when the cache folder cannot be written (cacheFile undefined)', () => {
    const { root, packageDir } = tinyPackage();
    const locked = join(root, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const model = loadStaticWordModel({ modelPath: packageDir, cacheDir: join(locked, 'cache') });
    expect(model.cacheFile).toBeUndefined();
    expect(model.size).toBe(8);
  });

  it('the common component is unit length and points along what frequent words share', () => {
    const model = loadStaticWordModel({ modelPath: tinyPackage().packageDir });
    const norm = Math.hypot(...model.commonComponent);
    expect(norm).toBeCloseTo(1, 5);
    // "the" and "a" (the most frequent) are close to (1,1,1,1)/2.
    const alongThe = model.commonComponent.reduce((sum, value) => sum + value * 0.5, 0);
    expect(Math.abs(alongThe)).toBeGreaterThan(0.9);
  });

  it('throws a CairnError INVALID_OPTIONS naming the fix for a missing model or bad options', () => {
    const codeOf = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        return CairnError.isInstance(error) ? error.code : error;
      }
      return 'no error';
    };
    expect(codeOf(() => loadStaticWordModel({ modelPath: '/nonexistent/model.json' }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => loadStaticWordModel({ modelPath: tinyPackage().packageDir, maxWords: 0 }))).toBe('INVALID_OPTIONS');
    const { packageDir } = tinyPackage();
    writeFileSync(join(packageDir, 'tiny.json'), '{"dimensions": 4}');
    expect(codeOf(() => loadStaticWordModel({ modelPath: packageDir }))).toBe('INVALID_OPTIONS');
  });
});
