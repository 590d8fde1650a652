/**
 * Checks the LoCoMo converter against a reference conversion, byte for byte:
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/validate-locomo-conversion.ts \
 *     <folder of upstream <N>.json | extracted zip root> <reference locomo dir, e.g. ../shared/data/locomo>
 *
 * converts every upstream conversation that has `<reference>/conv-<N>.session.jsonl` and prints,
 * per conversation and file, whether the bytes are identical (or the first line that differs).
 * Exits with 1 when any differs or an upstream file is missing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertLocomoConversation } from '../src/index.js';
import { listLocomoConversations } from './list-locomo-conversations.js';

const [source, referenceDir] = process.argv.slice(2);
if (source === undefined || referenceDir === undefined) {
  process.stderr.write('usage: validate-locomo-conversion.ts <folder of upstream <N>.json> <reference locomo dir>\n');
  process.exit(2);
}
for (const dir of [source, referenceDir]) {
  if (!existsSync(dir)) {
    process.stderr.write(`${dir}: no such folder\n`);
    process.exit(2);
  }
}

/** `identical (N lines, B bytes)`, or where the first difference is. */
function compare(expected: string, actual: string): { same: boolean; text: string } {
  const lines = expected.split('\n').length - 1;
  if (expected === actual) return { same: true, text: `identical (${lines} lines, ${Buffer.byteLength(expected)} bytes)` };
  const expectedLines = expected.split('\n');
  const actualLines = actual.split('\n');
  const index = expectedLines.findIndex((line, position) => line !== actualLines[position]);
  const at = index === -1 ? expectedLines.length : index;
  const excerpt = (line: string | undefined): string => (line === undefined ? '(none)' : line.length > 160 ? `${line.slice(0, 157)}…` : line);
  return { same: false, text: `DIFFERENT at line ${at + 1} of ${lines}\n    reference: ${excerpt(expectedLines[at])}\n    converted: ${excerpt(actualLines[at])}` };
}

const upstream = new Map(listLocomoConversations(source).map((file) => [file.id, file.path]));
const ids = readdirSync(referenceDir)
  .map((name) => /^conv-(.+)\.session\.jsonl$/.exec(name)?.[1])
  .filter((id): id is string => id !== undefined)
  .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
let failures = 0;
for (const id of ids) {
  const path = upstream.get(id);
  if (path === undefined) {
    process.stdout.write(`conv-${id}: no upstream ${id}.json in ${source}\n`);
    failures += 1;
    continue;
  }
  const conversion = convertLocomoConversation(JSON.parse(readFileSync(path, 'utf8')), { id });
  for (const [kind, converted] of [['session', conversion.sessionJsonl], ['probes', conversion.probesJsonl]] as const) {
    const referencePath = join(referenceDir, `conv-${id}.${kind}.jsonl`);
    if (!existsSync(referencePath)) {
      process.stdout.write(`conv-${id}.${kind}.jsonl: no reference file\n`);
      failures += 1;
      continue;
    }
    const result = compare(readFileSync(referencePath, 'utf8'), converted);
    if (!result.same) failures += 1;
    process.stdout.write(`conv-${id}.${kind}.jsonl: ${result.text}\n`);
  }
}
process.stdout.write(`${ids.length} conversations compared, ${failures === 0 ? 'all identical' : `${failures} differing or missing`}\n`);
process.exit(failures === 0 ? 0 : 1);
