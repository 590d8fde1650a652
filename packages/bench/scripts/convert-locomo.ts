/**
 * Converts upstream LoCoMo conversations (`snap-research/locomo`, `data/locomo10.zip` →
 * `data/multimodal_dialog/locomo10_v2/<N>.json`) into the benchmark's files:
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/convert-locomo.ts \
 *     <folder of <N>.json | extracted zip root> <out> [--exclude DIR]
 *
 * writes `<out>/locomo/conv-<N>.session.jsonl` and `conv-<N>.probes.jsonl`, so that
 * `npm run cairn -- bench --data <out>` runs them. `--exclude DIR` skips conversations that
 * already have `DIR/conv-<N>.session.jsonl` (e.g. `../shared/data/locomo`, to convert only the
 * conversations not in that set).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { convertLocomoConversation, type LocomoConversion } from '../src/index.js';
import { listLocomoConversations } from './list-locomo-conversations.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { exclude: { type: 'string' } } });
const [source, out] = positionals;
if (source === undefined || out === undefined) {
  process.stderr.write('usage: convert-locomo.ts <folder of <N>.json | extracted locomo10.zip> <out> [--exclude DIR]\n');
  process.exit(2);
}
if (!existsSync(source)) {
  process.stderr.write(`${source}: no such folder\n`);
  process.exit(2);
}
const locomoDir = join(out, 'locomo');
mkdirSync(locomoDir, { recursive: true });
const files = listLocomoConversations(source).filter(({ id }) => values.exclude === undefined || !existsSync(join(values.exclude, `conv-${id}.session.jsonl`)));
for (const { id, path } of files) {
  let conversion: LocomoConversion;
  try {
    conversion = convertLocomoConversation(JSON.parse(readFileSync(path, 'utf8')), { id });
  } catch (error) {
    // a JSON SyntaxError, or a CairnError naming the conversation and the field
    process.stderr.write(`${path}: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const { sessionJsonl, probesJsonl, messages, probes } = conversion;
  writeFileSync(join(locomoDir, `conv-${id}.session.jsonl`), sessionJsonl);
  writeFileSync(join(locomoDir, `conv-${id}.probes.jsonl`), probesJsonl);
  process.stdout.write(`conv-${id}: ${messages.length} messages, ${probes.length} probes\n`);
}
process.stdout.write(`${files.length} conversations → ${locomoDir}\n`);
