#!/usr/bin/env node
// Packed-tarball smoke test (issue 12, items 5, 6, 7, 9): builds the packages, `npm pack`s them
// into a temp dir outside the repo, installs them into fresh projects beside the frameworks from
// the registry (the versions our devDependencies resolve to), and checks what a new user gets:
//   (a) ESM: generateText / streamText, createAgent, the LlamaIndex chat engines, through cairn;
//   (b) CJS: the same through require(), the frameworks' CommonJS classes (instanceof BaseMemory,
//       ContextChatEngine keeping cairn's memory);
//   (c) tsc with skipLibCheck: false on a consumer importing every package (nodenext, node16,
//       bundler; and a .cts under nodenext / node16 for the `require` types);
//   (d) tarball contents: LICENSE, no test-support, no tests; dist imports declared (check-dist-deps);
//   (a, b) again under Node 22 (node@22 from the registry: `engines` is >=22);
//   (7) llamaindex + @llamaindex/openai (two copies of @llamaindex/core): never a silent bypass.
// Usage: node scripts/pack-smoke/run.mjs [--no-build] [--keep]   (npm run test:pack)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const args = new Set(process.argv.slice(2));
const started = Date.now();

/** The publishable packages, in dependency order. */
const PACKAGES = ['core', 'store-sqlite', 'store-redis', 'ai-sdk', 'langchain', 'llamaindex', 'bench', 'embeddings-static', 'cli'];

const results = [];
function record(name, ok, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  — ${detail}` : ''}`);
}
function section(title) {
  console.log(`\n== ${title} (${((Date.now() - started) / 1000).toFixed(0)}s)`);
}
function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options, env: { ...process.env, ...options.env } });
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '', error: result.error };
}
function runAsync(command, commandArgs, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, commandArgs, { ...options, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolvePromise({ status: 1, stdout, stderr: `${stderr}${error}` }));
    child.on('close', (status) => resolvePromise({ status: status ?? 1, stdout, stderr }));
  });
}
function must(label, result) {
  if (result.status !== 0) {
    console.error(result.stdout.slice(-4000), result.stderr.slice(-4000), result.error ?? '');
    throw new Error(`${label} failed (exit ${result.status})`);
  }
  return result;
}
const version = (name, from = repo) => JSON.parse(readFileSync(join(from, 'node_modules', name, 'package.json'), 'utf8')).version;

/** A Node ≥ 22 (require(esm), node:sqlite): this one, or the monorepo's node@24. */
function pickNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  for (const candidate of [join(repo, 'node_modules/node/bin/node'), join(repo, 'node_modules/.bin/node')]) if (existsSync(candidate)) return candidate;
  throw new Error('Node >= 22 is needed (npm ci installs node@24 in the monorepo).');
}
const node = pickNode();
const nodeEnv = { PATH: `${dirname(node)}:${process.env.PATH}` };
const npm = (cwd, npmArgs) => run('npm', [...npmArgs, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: nodeEnv });

/** Runs a fixture that prints `RESULT {json}` lines; a crash or missing results is a failure. */
function runFixture(label, cwd, file, expected, { nodeBinary = node, prefix = '' } = {}) {
  const result = run(nodeBinary, [file], { cwd, timeout: 120_000 });
  const lines = result.stdout.split('\n').filter((line) => line.startsWith('RESULT '));
  for (const line of lines) {
    const { name, ok, detail } = JSON.parse(line.slice('RESULT '.length));
    record(`${prefix}${name}`, ok, detail);
  }
  if (result.status !== 0 || lines.length < expected) {
    const why = (result.stderr || result.stdout).trim().split('\n').filter(Boolean).slice(0, 6).join(' | ');
    record(`${prefix}${label}: ran to the end (${lines.length}/${expected} checks reported)`, false, `exit ${result.status}: ${why.slice(0, 600)}`);
  }
}

const work = mkdtempSync(join(tmpdir(), 'cairn-pack-smoke-'));
if (work.startsWith(repo)) throw new Error('the temp dir must be outside the repository');
console.log(`cairn pack smoke test: node ${run(node, ['--version']).stdout.trim()}, work dir ${work}`);

try {
  if (!args.has('--no-build')) {
    section('build (npm run build)');
    must('npm run build', run('npm', ['run', 'build'], { cwd: repo, env: nodeEnv }));
  }

  section('(d) dist imports are declared dependencies or peers');
  const deps = run(node, [join(repo, 'scripts/check-dist-deps.mjs'), '--json'], { cwd: repo });
  try {
    for (const { name, ok, detail } of JSON.parse(deps.stdout)) record(name, ok, detail);
  } catch {
    record('check-dist-deps ran', false, (deps.stderr || deps.stdout).slice(0, 400));
  }

  section('npm pack');
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  const packed = JSON.parse(must('npm pack', npm(repo, ['pack', '--json', '--pack-destination', tarballs, ...PACKAGES.flatMap((p) => ['-w', `packages/${p}`])])).stdout);
  const tarballOf = Object.fromEntries(packed.map((entry) => [entry.name, join(tarballs, entry.filename)]));

  section('(d) tarball contents');
  for (const entry of packed) {
    const files = entry.files.map((file) => file.path);
    record(`${entry.name}: LICENSE in the tarball`, files.includes('LICENSE'), files.includes('LICENSE') ? '' : 'missing');
    const testSupport = files.filter((file) => /(^|\/)(test-support|__fixtures__)\//.test(file));
    record(`${entry.name}: no test-support / fixtures`, testSupport.length === 0, testSupport.slice(0, 3).join(', '));
    const tests = files.filter((file) => /\.test(-d)?\.(c|m)?[jt]s$|\.test\.d\.(c|m)?ts$/.test(file));
    record(`${entry.name}: no test files`, tests.length === 0, tests.slice(0, 3).join(', '));
    const manifest = JSON.parse(readFileSync(join(repo, 'packages', entry.name.replace('@cairn/', ''), 'package.json'), 'utf8'));
    const targets = [];
    const walk = (value) => (typeof value === 'string' ? targets.push(value) : value && typeof value === 'object' && Object.values(value).forEach(walk));
    walk(manifest.exports);
    const missing = [...new Set(targets)].filter((target) => !target.startsWith('./src/') && !target.includes('*') && !files.includes(target.replace(/^\.\//, '')));
    record(`${entry.name}: every exports target is in the tarball`, missing.length === 0, missing.join(', '));
  }

  section('install the tarballs + frameworks into a fresh project');
  const app = join(work, 'app');
  mkdirSync(app);
  const frameworks = {
    ai: version('ai'),
    '@ai-sdk/provider': version('@ai-sdk/provider'),
    zod: version('zod'),
    langchain: version('langchain'),
    '@langchain/core': version('@langchain/core'),
    llamaindex: version('llamaindex'),
    // The @llamaindex/core that llamaindex itself pins: one copy (see the two-copies project below).
    '@llamaindex/core': JSON.parse(readFileSync(join(repo, 'node_modules/llamaindex/package.json'), 'utf8')).dependencies['@llamaindex/core'],
    typescript: version('typescript'),
    '@types/node': version('@types/node'),
  };
  const cairnDeps = Object.fromEntries(Object.entries(tarballOf).map(([name, file]) => [name, `file:${file}`]));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'cairn-smoke-app', private: true, type: 'module', dependencies: { ...cairnDeps, ...frameworks } }, null, 2));
  console.log(Object.entries(frameworks).map(([name, v]) => `${name}@${v}`).join(' '));
  must('npm install (app)', npm(app, ['install', '--prefer-offline', '--ignore-scripts']));
  for (const file of ['drives.cjs', 'esm.mjs', 'cjs.cjs', 'consumer.ts', 'consumer.cts', 'consumer-get.ts']) cpSync(join(here, 'fixtures', file), join(app, file));

  section('(a) ESM');
  runFixture('esm.mjs', app, 'esm.mjs', 9);

  const help = run(node, [join(app, 'node_modules/@cairn/cli/bin/cairn.js'), '--help'], { cwd: app });
  record('cli: the packed `cairn` bin runs (--help)', help.status === 0 && /Usage/.test(help.stdout), help.status === 0 ? '' : `exit ${help.status}: ${help.stderr.slice(0, 200)}`);

  section('(b) CommonJS');
  runFixture('cjs.cjs', app, 'cjs.cjs', 11);

  // The two-copies project installs (network, disk) while the type checks run (CPU).
  const twoCopies = join(work, 'two-copies');
  mkdirSync(twoCopies);
  const example = JSON.parse(readFileSync(join(repo, 'examples/llamaindex-chat/package.json'), 'utf8')).dependencies;
  const twoCopiesDeps = { llamaindex: example.llamaindex, '@llamaindex/core': example['@llamaindex/core'], '@llamaindex/openai': example['@llamaindex/openai'] };
  writeFileSync(
    join(twoCopies, 'package.json'),
    JSON.stringify({ name: 'cairn-smoke-two-copies', private: true, type: 'module', dependencies: { '@cairn/core': cairnDeps['@cairn/core'], '@cairn/llamaindex': cairnDeps['@cairn/llamaindex'], ...twoCopiesDeps } }, null, 2),
  );
  const twoCopiesInstall = runAsync('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: twoCopies, env: nodeEnv });

  // The oldest Node the packages support (engines: >=22), for the ESM and CommonJS drives too.
  const node22Dir = join(work, 'node22');
  mkdirSync(node22Dir);
  writeFileSync(join(node22Dir, 'package.json'), JSON.stringify({ name: 'cairn-smoke-node22', private: true }));
  const node22Install = runAsync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', 'node@22'], { cwd: node22Dir, env: nodeEnv });

  section('(c) tsc --skipLibCheck false on the consumer (nodenext, node16, bundler in parallel)');
  const tsc = join(app, 'node_modules/typescript/bin/tsc');
  const configs = {
    // consumer-get.ts (CairnMemory.get()) is reported apart, under nodenext.
    nodenext: { module: 'nodenext', moduleResolution: 'nodenext', files: ['consumer.ts', 'consumer.cts', 'consumer-get.ts'] },
    node16: { module: 'node16', moduleResolution: 'node16', files: ['consumer.ts', 'consumer.cts'] },
    bundler: { module: 'esnext', moduleResolution: 'bundler', files: ['consumer.ts'] },
  };
  const checks = Object.entries(configs).map(([label, { files, ...modes }]) => {
    const config = `tsconfig.${label}.json`;
    writeFileSync(join(app, config), JSON.stringify({ compilerOptions: { ...modes, target: 'ES2023', lib: ['ES2023', 'DOM'], strict: true, skipLibCheck: false, noEmit: true, types: ['node'] }, files }, null, 2));
    return runAsync(node, [tsc, '-p', config, '--pretty', 'false'], { cwd: app }).then((out) => [label, out]);
  });
  for (const [label, out] of await Promise.all(checks)) {
    const errors = out.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    // Ours: in the consumer or in a @cairn package. Others (a framework's own .d.ts) are counted, not failed.
    const ours = errors.filter((line) => line.startsWith('consumer') || line.includes('node_modules/@cairn/'));
    const others = errors.length - ours.length;
    const show = (lines) => lines.slice(0, 8).map((line) => line.replace(/^node_modules\//, '').slice(0, 220)).join(' | ');
    const get = ours.filter((line) => line.startsWith('consumer-get.ts'));
    const rest = ours.filter((line) => !line.startsWith('consumer-get.ts'));
    const ran = out.status === 0 || errors.length > 0;
    record(`tsc ${label} (skipLibCheck: false): no errors in cairn's declarations or the consumer`, ran && rest.length === 0, `${rest.length} error(s)${others ? `, ${others} in frameworks' own .d.ts (not ours)` : ''}${rest.length ? `: ${show(rest)}` : ran ? '' : `: tsc did not run: ${out.stderr.slice(0, 300)}`}`);
    if (label === 'nodenext') record('tsc: @cairn/llamaindex CairnMemory.get() gives messages (not Promise<never>)', ran && get.length === 0, get.length ? show(get) : '');
  }

  section('(a, b) ESM and CommonJS again under Node 22');
  const node22 = join(node22Dir, 'node_modules/node/bin/node');
  if ((await node22Install).status !== 0 || !existsSync(node22)) record('node@22 installed for the Node 22 run', false, 'npm install node@22 failed');
  else {
    const prefix = `[node ${run(node22, ['--version']).stdout.trim()}] `;
    runFixture('esm.mjs', app, 'esm.mjs', 9, { nodeBinary: node22, prefix });
    runFixture('cjs.cjs', app, 'cjs.cjs', 11, { nodeBinary: node22, prefix });
  }

  section('(7) llamaindex + @llamaindex/openai: two copies of @llamaindex/core');
  console.log(Object.entries(twoCopiesDeps).map(([name, range]) => `${name}@${range}`).join(' '));
  const installed = await twoCopiesInstall;
  if (installed.status !== 0) record('two copies: npm install', false, installed.stderr.slice(-400));
  else {
    for (const file of ['drives.cjs', 'two-copies.mjs']) cpSync(join(here, 'fixtures', file), join(twoCopies, file));
    runFixture('two-copies.mjs', twoCopies, 'two-copies.mjs', 2);
  }
} catch (error) {
  record('smoke test ran to the end', false, String(error?.message ?? error));
} finally {
  if (args.has('--keep')) console.log(`\nkept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

const failed = results.filter((result) => !result.ok);
console.log(`\n${failed.length ? 'FAILED:\n' + failed.map((f) => `  - ${f.name}${f.detail ? ` — ${f.detail}` : ''}`).join('\n') + '\n' : ''}`);
console.log(`pack smoke: ${results.length - failed.length} passed, ${failed.length} failed (${((Date.now() - started) / 1000).toFixed(0)}s)`);
process.exitCode = failed.length ? 1 : 0;
