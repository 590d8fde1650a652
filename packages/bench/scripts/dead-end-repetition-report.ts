// Dead-end repetition rate (CDA Prediction 2) as a replay proxy on the recorded agent runs, with the
// dead-end brief off, the default engine (steering on), and dead-end steering off — one run, per data set split by
// run into a tune half and a holdout half. Run:
//   npx tsx --conditions=@cairn/source packages/bench/scripts/dead-end-repetition-report.ts [DATA_DIR] [BUDGET_SHARES]
import { loadDatasets } from '../src/runner/load-datasets.js';
import { splitRuns } from '../src/guard/split-runs.js';
import { measureDeadEndRepetition, type RepetitionConfig, type RepetitionRow } from '../src/lessons/measure-dead-end-repetition.js';

const dataDir = process.argv[2] ?? '../shared/data';
const shares = (process.argv[3] ?? '0.05,0.1,0.2').split(',').map(Number);
const configs: RepetitionConfig[] = [
  { label: 'no brief (deadEndBrief: false)', options: { deadEndBrief: false } },
  { label: 'default', options: {} },
  // Steering is on by default since issue 15's guard session: the third row is the engine without it.
  { label: 'steering off', options: { deadEndSteering: { enabled: false } } },
  // Issue 15 (guard3 session): the default engine with the guard's two failure classes (before the unknown class).
  { label: 'default, two-way failure classes (before guard3)', options: { deadEndRegistry: { failureClasses: 'two-way' } } },
];
const pct = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);
const datasets = (await loadDatasets(dataDir)).filter((dataset) => dataset.sessions.some((session) => session.replay === 'agent'));
console.log(`Data: ${dataDir}. Budget shares: ${shares.join(', ')}. Tune / holdout: runs sorted by id, even / odd positions (splitRuns). Nothing here was tuned on either half: θ = 0.82 and the weights 0.5 / 0.1 are the seed's and the option defaults.\n`);
console.log('| data set | half | budget | config | failed calls | retried (recorded) | retried with lesson (proxy) | repeats | failure visible | lesson in view | guard flagged | failed again: stopped | steered units | failed-result tokens in repeat views | failed views |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const dataset of datasets) {
  const halves = splitRuns(dataset.sessions);
  for (const [half, sessions] of [['tune', halves.tune], ['holdout', halves.holdout]] as const) {
    for (const budgetShare of shares) {
      const rows: RepetitionRow[] = measureDeadEndRepetition({ sessions, configs, budgetShare });
      for (const row of rows) {
        console.log(`| ${dataset.name} | ${half} | ${budgetShare} | ${row.label} | ${row.failedCalls} | ${pct(row.retried, row.failedCalls)} (${row.retried}) | ${pct(row.retriedWithLesson, row.failedCalls)} (${row.retriedWithLesson}) | ${row.repeats} | ${pct(row.visible, row.repeats)} | ${pct(row.lessonInView, row.repeats)} | ${pct(row.flagged, row.repeats)} | ${row.failedAgainStopped}/${row.failedAgain} | ${row.steeredUnits} | ${row.failedPathTokens} | ${row.failedViews} |`);
      }
    }
  }
}
