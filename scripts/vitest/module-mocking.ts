// Which test files replace or reload modules (vi.mock, vi.doMock, vi.resetModules, …). Projects
// that run with `isolate: false` (one module registry per worker, shared by its test files) keep
// these files in a separate, isolated project, so a mocked or reloaded module never reaches
// another file. Read from the sources when the config loads: a new such file is found by itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const MODULE_MOCKING = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|resetModules|importMock)\s*\(/;

function* testFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* testFiles(path);
    } else if (entry.name.endsWith('.test.ts')) yield path;
  }
}

/** The test files under `packageDir/src` that mock or reload modules, relative to `packageDir`. */
export function moduleMockingTests(packageDir: string): string[] {
  return [...testFiles(join(packageDir, 'src'))]
    .filter((file) => MODULE_MOCKING.test(readFileSync(file, 'utf8')))
    .map((file) => relative(packageDir, file).split('\\').join('/'))
    .sort();
}

/** Throws when a project meant to run with `isolate: false` has a test file that mocks modules. */
export function assertNoModuleMocking(packageDir: string, project: string): void {
  const files = moduleMockingTests(packageDir);
  if (files.length > 0) {
    throw new Error(`${project} runs its tests with isolate: false, but ${files.join(', ')} mock or reload modules: give them an isolated project (see packages/core/vitest.isolated.config.ts)`);
  }
}
