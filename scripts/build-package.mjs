#!/usr/bin/env node
// Builds the package in the current directory (its `build` script):
//   1. a clean dist/ (nothing stale — an old dist/test-support — can reach a tarball);
//   2. ESM + declarations: tsc -p tsconfig.build.json → dist/;
//   3. when tsconfig.cjs.json exists, CommonJS: tsc -p tsconfig.cjs.json → dist/cjs/ (transpile
//      only, the ESM build has type-checked), a {"type":"commonjs"} marker, and each module's
//      declarations copied beside it so `require` consumers get types resolved the CommonJS way
//      (e.g. @langchain/core's .d.cts) — see the `require` conditions in package.json `exports`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const cwd = process.cwd();
const tsc = createRequire(join(cwd, 'package.json')).resolve('typescript/bin/tsc');

function compile(config) {
  const result = spawnSync(process.execPath, [tsc, '-p', config], { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Whether a dependency has no CommonJS entry (e.g. `ai`, `@ai-sdk/provider`). */
const esmOnlyCache = new Map();
function isEsmOnly(name) {
  if (!esmOnlyCache.has(name)) {
    let manifest;
    for (let dir = cwd; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name, 'package.json');
      if (existsSync(candidate)) {
        manifest = JSON.parse(readFileSync(candidate, 'utf8'));
        break;
      }
      if (dirname(dir) === dir) break;
    }
    const esmOnly = manifest !== undefined && manifest.type === 'module' && !JSON.stringify(manifest.exports ?? {}).includes('"require"') && !String(manifest.main ?? '').endsWith('.cjs');
    esmOnlyCache.set(name, esmOnly);
  }
  return esmOnlyCache.get(name);
}
const packageOf = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);

/**
 * In the CommonJS declarations, an import of an ESM-only package (under node16 / nodenext a
 * CommonJS file cannot `import` one, TS1479 / TS1541) becomes a type-only import with
 * `resolution-mode: import` (TypeScript ≥ 5.3). Declarations only use such imports as types.
 */
function markEsmOnlyImports(dir) {
  let files = 0;
  for (const file of walk(dir)) {
    if (!file.endsWith('.d.ts')) continue;
    const text = readFileSync(file, 'utf8');
    const next = text
      .replace(/^import\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+[\w$]+)\s+from\s+(['"])([^'"]+)\3\s*;/gm, (whole, _type, clause, _quote, specifier) => {
        if (specifier.startsWith('.') || !isEsmOnly(packageOf(specifier))) return whole;
        return `import type ${clause.replace(/\btype\s+/g, '')} from '${specifier}' with { 'resolution-mode': 'import' };`;
      })
      .replace(/\bimport\((['"])([^'"]+)\1\)/g, (whole, _quote, specifier) => (specifier.startsWith('.') || !isEsmOnly(packageOf(specifier)) ? whole : `import('${specifier}', { with: { 'resolution-mode': 'import' } })`));
    for (const [, specifier] of next.matchAll(/^export\s[^;]*?\bfrom\s+['"]([^'"]+)['"]/gm)) {
      if (!specifier.startsWith('.') && isEsmOnly(packageOf(specifier))) throw new Error(`${file}: re-exports the ESM-only ${specifier}; the CommonJS declarations cannot express it`);
    }
    if (next !== text) {
      writeFileSync(file, next);
      files++;
    }
  }
  return files;
}

const dist = join(cwd, 'dist');
const cjs = join(dist, 'cjs');
rmSync(dist, { recursive: true, force: true });
compile('tsconfig.build.json');

if (existsSync(join(cwd, 'tsconfig.cjs.json'))) {
  compile('tsconfig.cjs.json');
  writeFileSync(join(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
  let copied = 0;
  for (const file of walk(cjs)) {
    if (!file.endsWith('.js')) continue;
    const esmTypes = join(dist, relative(cjs, file)).replace(/\.js$/, '.d.ts');
    if (!existsSync(esmTypes)) continue;
    const target = file.replace(/\.js$/, '.d.ts');
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(esmTypes, target);
    copied++;
    const map = `${esmTypes}.map`;
    if (existsSync(map)) {
      // One directory deeper: re-point the map's sources (../src/x.ts → ../../src/x.ts).
      const json = JSON.parse(readFileSync(map, 'utf8'));
      json.sources = json.sources.map((source) => relative(dirname(target), join(dirname(esmTypes), source)).split('\\').join('/'));
      writeFileSync(`${target}.map`, JSON.stringify(json));
    }
  }
  const rewritten = markEsmOnlyImports(cjs);
  console.log(`${JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).name}: ESM in dist/, CommonJS in dist/cjs/ (${copied} declaration files${rewritten ? `, ${rewritten} with ESM-only imports marked resolution-mode: import` : ''})`);
}
