/**
 * Converts CodeR / SWE-agent `.traj` files into the neutral JSONL format:
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/convert-coder-trajectories.ts \
 *     <source: folder of .traj files | bare git dir of NL2Code/CodeR> <out> [--exclude DIR]
 *
 * writes `<out>/coder-swebench-lite/runs/<run>.session.jsonl` and `<out>/coder-swebench-lite/runs.jsonl`
 * (per-run counts). `--exclude DIR` skips runs that already have `DIR/<run>.session.jsonl`
 * (e.g. `../shared/data/coder-swebench-lite/runs`, to convert only the runs not in that set).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { convertSweAgentTrajectory } from '../src/index.js';
import { listTrajectories } from './read-trajectory-source.js';
import { summarizeRun } from './summarize-run.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { exclude: { type: 'string' } } });
const [source, out] = positionals;
if (source === undefined || out === undefined) {
  process.stderr.write('usage: convert-coder-trajectories.ts <folder of .traj | git dir> <out> [--exclude DIR]\n');
  process.exit(2);
}
const runsDir = join(out, 'coder-swebench-lite', 'runs');
mkdirSync(runsDir, { recursive: true });
const files = listTrajectories(source).filter(({ runId }) => values.exclude === undefined || !existsSync(join(values.exclude, `${runId}.session.jsonl`)));
const summaries: string[] = [];
for (const { runId, read } of files) {
  const trajectory = JSON.parse(read()) as unknown;
  const conversion = convertSweAgentTrajectory(trajectory, { runId });
  writeFileSync(join(runsDir, `${runId}.session.jsonl`), conversion.messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
  summaries.push(JSON.stringify(summarizeRun(runId, trajectory, conversion)));
}
writeFileSync(join(out, 'coder-swebench-lite', 'runs.jsonl'), summaries.map((line) => `${line}\n`).join(''));
process.stdout.write(`${files.length} runs → ${runsDir}\n`);
