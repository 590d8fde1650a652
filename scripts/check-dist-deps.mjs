#!/usr/bin/env node
// Issue 12 item 9: every package's built output imports exactly what its package.json declares.
// Scans dist/ (and bin/) of each publishable package — .js/.cjs/.mjs and .d.ts/.d.cts — for bare
// import specifiers (import/export from, import(), require()), and compares the packages they
// name with `dependencies` + `peerDependencies`:
//   - imported but undeclared → a consumer's install misses it (fails);
//   - declared but never imported by the published files → a needless install or peer warning (fails).
// Usage: node scripts/check-dist-deps.mjs [--json]   (run after `npm run build`)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const packagesDir = join(repo, 'packages');
// Statements only: `import|export … from 'x'` (one or several lines), `import 'x'`, `import('x')`, `require('x')`.
const SPECIFIER = /(?:^\s*(?:import|export)\b[^;'"]*?\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"])((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w.@-]+)*)\1/gm;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const CODE = /\.(c|m)?js$|\.d\.(c|m)?ts$/;

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (CODE.test(name)) yield path;
  }
}
const packageName = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
const builtin = (name) => name.startsWith('node:') || builtinModules.includes(name);

const results = [];
for (const dir of readdirSync(packagesDir).sort()) {
  const manifestPath = join(packagesDir, dir, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.private) continue;
  const name = `${manifest.name}: dist imports = dependencies + peerDependencies`;
  if (!existsSync(join(packagesDir, dir, 'dist'))) {
    results.push({ name, ok: false, detail: 'no dist/ (run npm run build first)' });
    continue;
  }
  const imported = new Map();
  for (const root of ['dist', 'bin']) {
    for (const file of files(join(packagesDir, dir, root))) {
      for (const [, , specifier] of readFileSync(file, 'utf8').replace(COMMENTS, '').matchAll(SPECIFIER)) {
        if (specifier.startsWith('.') || specifier.startsWith('/')) continue;
        const pkg = packageName(specifier);
        if (builtin(pkg) || pkg === manifest.name) continue;
        if (!imported.has(pkg)) imported.set(pkg, file.slice(join(packagesDir, dir).length + 1));
      }
    }
  }
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const undeclared = [...imported].filter(([pkg]) => !declared.has(pkg)).map(([pkg, file]) => `${pkg} (${file})`);
  // An optional peer that the code resolves by name at run time (a data package such as a model,
  // read from disk, never imported) counts as used when the published files name it.
  const optionalPeers = Object.entries(manifest.peerDependenciesMeta ?? {}).filter(([, meta]) => meta?.optional).map(([pkg]) => pkg);
  const named = (pkg) => [...files(join(packagesDir, dir, 'dist'))].some((file) => readFileSync(file, 'utf8').includes(`'${pkg}'`));
  const unused = [...declared].filter((pkg) => !imported.has(pkg) && !(optionalPeers.includes(pkg) && named(pkg)));
  const problems = [...(undeclared.length ? [`imported but undeclared: ${undeclared.join(', ')}`] : []), ...(unused.length ? [`declared but never imported: ${unused.join(', ')}`] : [])];
  results.push({ name, ok: problems.length === 0, detail: problems.join('; ') || [...imported.keys()].sort().join(', ') });
}

if (process.argv.includes('--json')) console.log(JSON.stringify(results));
else {
  for (const { name, ok, detail } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  — ${detail}` : ''}`);
  const failed = results.filter((result) => !result.ok).length;
  console.log(`check-dist-deps: ${results.length - failed} passed, ${failed} failed`);
}
process.exitCode = results.every((result) => result.ok) ? 0 : 1;
