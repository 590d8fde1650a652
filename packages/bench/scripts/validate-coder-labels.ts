/**
 * Validates the SWE-agent converter and failure labeller against a reference conversion:
 *
 *   npx tsx --conditions=@cairn/source packages/bench/scripts/validate-coder-labels.ts \
 *     <source: folder of .traj files | bare git dir of NL2Code/CodeR> <reference data dir>
 *
 * converts every run that has `<reference>/coder-swebench-lite/runs/<run>.session.jsonl` and
 * prints message and call counts, structural differences, and the `is_error` agreement with a
 * confusion table per error kind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareNeutralSessions, convertSweAgentTrajectory } from '../src/index.js';
import { listTrajectories } from './read-trajectory-source.js';

const [source, dataDir] = process.argv.slice(2);
if (source === undefined || dataDir === undefined) {
  process.stderr.write('usage: validate-coder-labels.ts <folder of .traj | git dir> <reference data dir>\n');
  process.exit(2);
}
const runsDir = join(dataDir, 'coder-swebench-lite', 'runs');
const totals = { runs: 0, referenceMessages: 0, convertedMessages: 0, referenceCalls: 0, convertedCalls: 0, missing: 0, extra: 0, differing: 0, signatureMismatches: 0 };
const confusion: Record<string, number> = {};
for (const { runId, read } of listTrajectories(source)) {
  const path = join(runsDir, `${runId}.session.jsonl`);
  if (!existsSync(path)) continue;
  const reference = readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  const { messages } = convertSweAgentTrajectory(JSON.parse(read()), { runId });
  const comparison = compareNeutralSessions(reference, messages as unknown as Record<string, unknown>[]);
  totals.runs += 1;
  totals.referenceMessages += comparison.messages.reference;
  totals.convertedMessages += comparison.messages.converted;
  totals.referenceCalls += comparison.toolCalls.reference;
  totals.convertedCalls += comparison.toolCalls.converted;
  totals.missing += comparison.missingIds.length;
  totals.extra += comparison.extraIds.length;
  totals.differing += comparison.differingIds.length;
  totals.signatureMismatches += comparison.signatureMismatches.length;
  for (const id of [...comparison.differingIds, ...comparison.signatureMismatches].slice(0, 3)) process.stdout.write(`  differs: ${id}\n`);
  for (const [key, count] of Object.entries(comparison.confusion)) confusion[key] = (confusion[key] ?? 0) + count;
}
const results = Object.values(confusion).reduce((sum, count) => sum + count, 0);
const agreeing = Object.entries(confusion).reduce((sum, [key, count]) => sum + (key.split('→')[0] === key.split('→')[1] ? count : 0), 0);
const errorAgreeing = Object.entries(confusion).reduce((sum, [key, count]) => sum + ((key.split('→')[0] === 'ok') === (key.split('→')[1] === 'ok') ? count : 0), 0);
const lines = [
  `runs compared: ${totals.runs}`,
  `messages: reference ${totals.referenceMessages}, converted ${totals.convertedMessages}; missing ${totals.missing}, extra ${totals.extra}, differing (besides labels) ${totals.differing}`,
  `tool calls: reference ${totals.referenceCalls}, converted ${totals.convertedCalls}`,
  `tool results: ${results}; is_error agreement ${errorAgreeing}/${results} (${((100 * errorAgreeing) / results).toFixed(2)}%); kind agreement ${agreeing}/${results}; signature mismatches ${totals.signatureMismatches}`,
  '',
  '| reference kind | results | same kind | agreement | labelled otherwise |',
  '| --- | --- | --- | --- | --- |',
];
const kinds = [...new Set(Object.keys(confusion).map((key) => key.split('→')[0]!))].sort();
for (const kind of kinds) {
  const row = Object.entries(confusion).filter(([key]) => key.split('→')[0] === kind);
  const total = row.reduce((sum, [, count]) => sum + count, 0);
  const same = confusion[`${kind}→${kind}`] ?? 0;
  const other = row.filter(([key]) => key !== `${kind}→${kind}`).map(([key, count]) => `${key.split('→')[1]} ${count}`).join(', ') || '—';
  lines.push(`| ${kind} | ${total} | ${same} | ${((100 * same) / total).toFixed(2)}% | ${other} |`);
}
process.stdout.write(`${lines.join('\n')}\n`);
