#!/usr/bin/env node
// The `cairn` command: runs the built entry (dist/main.js) when there is one; in the cairn
// workspace without a build, runs the TypeScript sources through tsx instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/main.js', import.meta.url);
const source = fileURLToPath(new URL('../src/main.ts', import.meta.url));

if (existsSync(fileURLToPath(built))) {
  const { runCli } = await import(built.href);
  await runCli();
} else {
  let tsx;
  try {
    tsx = import.meta.resolve('tsx');
  } catch {
    console.error('cairn: no build found (dist/main.js) and tsx is not installed; run `npm run build` first.');
    process.exit(1);
  }
  const result = spawnSync(process.execPath, ['--conditions=@cairn/source', '--import', tsx, source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
