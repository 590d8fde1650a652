#!/usr/bin/env node
// Proves that `npm run check:boundaries` fails on a planted violation (issue 13), so a config
// change that silently stops checking is caught. In a temporary copy of core's sources and the
// boundary config (the repository is never touched), it runs dependency-cruiser twice:
//   1. on the clean copy: it must pass;
//   2. with four plants: it must fail, naming each one —
//      - text/ importing log/ (a folder importing one after it: core-order-text),
//      - log/ importing a text/ file past text/index.ts (core-folder-via-index),
//      - a two-file import cycle in an adapter (no-circular),
//      - an adapter importing a core file past @cairn/core's entry (adapters-public-core-only).
// Usage: node scripts/check-boundaries-plant.mjs   (npm run check:boundaries:plant); about 10 s.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const work = mkdtempSync(path.join(tmpdir(), 'cairn-boundaries-'));

/** What each plant must make the check report: the rule, and the planted file it names. */
const PLANTS = [
  { rule: 'core-order-text', file: 'packages/core/src/text/planted-upward.ts', text: "import type { CairnMessage } from '../log/index.js';\nexport type Planted = CairnMessage;\n" },
  { rule: 'core-folder-via-index', file: 'packages/core/src/log/planted-deep.ts', text: "import { hashText } from '../text/hash-text.js';\nexport const planted = hashText('x');\n" },
  { rule: 'no-circular', file: 'packages/planted/src/planted-a.ts', text: "import { b } from './planted-b.js';\nexport const a = (): number => b() + 1;\n" },
  { rule: 'no-circular', file: 'packages/planted/src/planted-b.ts', text: "import { a } from './planted-a.js';\nexport const b = (): number => (Math.PI > 4 ? a() : 0);\n" },
  { rule: 'adapters-public-core-only', file: 'packages/planted/src/planted-deep.ts', text: "import { CairnError } from '../../core/src/log/errors.js';\nexport const planted = CairnError;\n" },
];

function cruise() {
  const result = spawnSync(depcruise, ['packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: work, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function fail(message, output) {
  console.error(`check-boundaries-plant: ${message}\n${output ?? ''}`);
  process.exitCode = 1;
}

try {
  for (const file of ['.dependency-cruiser.cjs', 'tsconfig.base.json', 'scripts/core-layout/layout.json']) cpSync(path.join(root, file), path.join(work, file), { recursive: true });
  cpSync(path.join(root, 'packages/core/src'), path.join(work, 'packages/core/src'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');

  const clean = cruise();
  if (clean.status !== 0) fail('the clean copy of core does not pass the boundary check', clean.output);

  for (const { file, text } of PLANTS) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    writeFileSync(path.join(work, file), text);
  }
  const planted = cruise();
  if (planted.status === 0) fail('the boundary check passed with planted violations', planted.output);
  const lines = planted.output.split('\n');
  for (const { rule, file } of PLANTS) {
    const named = lines.some((line, index) => line.includes(`error ${rule}:`) && lines.slice(index, index + 4).join(' ').includes(file));
    if (!named) fail(`the check did not report ${rule} for ${file}`, planted.output);
  }
  if (process.exitCode !== 1) {
    console.log(`check-boundaries-plant: the clean copy passes; all ${PLANTS.length} plants are reported:`);
    console.log(lines.filter((line) => /^\s*error |^\s+packages\//.test(line)).join('\n'));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
