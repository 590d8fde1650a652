// Prints the failure-class report (today's guard beside the guard with failure classes) on the
// agent runs in ../shared/data (or the folder given as the first argument).
// Run: npx tsx --conditions=@cairn/source packages/bench/scripts/failure-classes-report.ts [DIR]
import { formatFailureClassReport, runFailureClassReport } from '../src/guard/run-failure-class-report.js';
import { loadDatasets } from '../src/runner/load-datasets.js';

const dir = process.argv[2] ?? new URL('../../../../shared/data', import.meta.url).pathname;
console.log(`Data: ${dir}\n`);
console.log(formatFailureClassReport(runFailureClassReport(await loadDatasets(dir))));
// Issue 15 (guard3 session): the guard before the unknown class beside the three-way classes, same run.
const { formatThreeWayReport, runThreeWayReport } = await import('../src/guard/run-three-way-report.js');
console.log(`\n${formatThreeWayReport(runThreeWayReport(await loadDatasets(dir)))}`);
