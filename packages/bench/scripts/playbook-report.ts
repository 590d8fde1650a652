// The playbook on synthetic sessions: planted lessons with ground-truth utility (retention,
// utility correlation, the bound) and generated 2,000-message agent sessions (recoveries kept,
// size bounded). Run: npx tsx --conditions=@cairn/source packages/bench/scripts/playbook-report.ts
import { measurePlaybookOnSessions, measurePlaybookUtility, type PlaybookSessionMeasurement } from '../src/playbook/measure-playbook.js';

/** Seeds the retention order was tuned on (issue 15), and seeds it never saw. */
const TUNE_SEEDS = [1, 2, 3, 4, 5];
const HELD_OUT_SEEDS = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

console.log('| planted-lesson run (seed) | set | planted | useful (true utility > 0) | useful retained | utility correlation (kept lessons) | max bullets | max tokens / budget |');
console.log('|---|---|---|---|---|---|---|---|');
const totals = new Map<string, { useful: number; retained: number; correlations: number[] }>();
for (const [set, seeds] of [['tune', TUNE_SEEDS], ['held out', HELD_OUT_SEEDS]] as const) {
  const total = { useful: 0, retained: 0, correlations: [] as number[] };
  totals.set(set, total);
  for (const seed of seeds) {
    const m = measurePlaybookUtility({ seed });
    total.useful += m.useful;
    total.retained += m.usefulRetained;
    total.correlations.push(m.utilityCorrelation);
    console.log(`| ${seed} | ${set} | ${m.planted} | ${m.useful} | ${((100 * m.usefulRetained) / m.useful).toFixed(1)}% (${m.usefulRetained}) | ${m.utilityCorrelation.toFixed(3)} | ${m.maxBullets} | ${m.maxTokens} / ${m.budgetTokens} |`);
  }
}
for (const [set, total] of totals) {
  console.log(`| **all ${set}** | ${set} | | ${total.useful} | **${((100 * total.retained) / total.useful).toFixed(1)}%** (${total.retained}) | min ${Math.min(...total.correlations).toFixed(3)}, mean ${(total.correlations.reduce((a, b) => a + b, 0) / total.correlations.length).toFixed(3)} | | |`);
}

const row = (label: string, m: PlaybookSessionMeasurement): string =>
  `| ${label} | ${m.boundBullets} bullets, ${m.boundTokens} tokens | ${m.plantedRecoveries} | ${m.retainedRecoveries} (${m.plantedRecoveries === 0 ? '—' : ((100 * m.retainedRecoveries) / m.plantedRecoveries).toFixed(1)}%) | ${m.maxBullets} | ${m.maxLineTokens} | ${m.quarters.map((quarter) => `${(quarter.bullets / m.sessions).toFixed(1)} / ${Math.round(quarter.lineTokens / m.sessions)}`).join(' → ')} | ${m.countedBullets} | ${m.recoverySkills} / ${m.hotExperienceSkills} |`;
const seeds = [11, 12, 13];
console.log(`\nGenerated coding sessions: ${seeds.length} × 2,000 messages (seeds ${seeds.join(', ')}), a view every 10 messages; playbook size checked after every message (tokens: the default BPE counter over the bullets' lines).`);
console.log('\n| engine | playbook bound | recoveries in the data | still in the playbook at the end | largest playbook (bullets) | largest playbook (tokens) | mean bullets / tokens after 500 → 1,000 → 1,500 → 2,000 messages | bullets counted at the end | skills at the end: from recoveries / from hot experiences |');
console.log('|---|---|---|---|---|---|---|---|---|');
console.log(row('default', measurePlaybookOnSessions(seeds)));
console.log(row('`playbook: { maxTokens: 600, maxBullets: 12 }` (bound under pressure)', measurePlaybookOnSessions(seeds, 2000, { maxTokens: 600, maxBullets: 12 })));
console.log(`\nPlanted-lesson runs: 40 lessons with a seeded true probability of holding up; 2,000 rounds each using one lesson (helpful with that probability), a noise lesson every third round (used once, helpful or harmful evenly) and a restatement of a planted lesson every 50 rounds (must merge); a 1,500-token budget that holds about a third of all lessons. Seeds ${TUNE_SEEDS.join(', ')} were used to choose the retention order (issue 15); seeds ${HELD_OUT_SEEDS[0]}–${HELD_OUT_SEEDS.at(-1)} were not. Correlation: Pearson of each kept lesson's (helpful − harmful) / uses with its true 2p − 1. No baseline: today's cairn has no playbook (nothing kept: 0% retention).`);
