import { generateSyntheticSession } from '../generate-synthetic-session.js';
import { loadDatasets } from '../runner/load-datasets.js';
import { formatGuardTable, type GuardTableRow } from './format-guard-table.js';
import { measureGuard } from './measure-guard.js';
import { splitRuns } from './split-runs.js';

/**
 * Prints the guard table: per data set, the tune and holdout halves (split by run), plus synthetic
 * sessions, with exact and near recall and the false-flag rate of the tracker and a naive guard.
 * Usage: `npx tsx --conditions=@cairn/source packages/bench/src/guard/guard-report.ts ../shared/data`.
 */
async function main(): Promise<void> {
  const dir = process.argv[2] ?? '../shared/data';
  const rows: GuardTableRow[] = [];
  for (const dataset of await loadDatasets(dir)) {
    if (dataset.name === 'locomo') continue;
    const { tune, holdout } = splitRuns(dataset.sessions);
    rows.push({ name: `${dataset.name} tune`, measurement: measureGuard(tune) });
    rows.push({ name: `${dataset.name} holdout`, measurement: measureGuard(holdout) });
  }
  const kinds = ['coding', 'support', 'mixed'] as const;
  const synthetic = Array.from({ length: 30 }, (_, index) => generateSyntheticSession({ seed: 1000 + index, kind: kinds[index % 3]!, messages: 600 }));
  rows.push({ name: 'synthetic (30 × 600)', measurement: measureGuard(synthetic) });
  process.stdout.write(`${formatGuardTable(rows)}\n`);
}

await main();
