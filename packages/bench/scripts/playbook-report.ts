// The playbook on synthetic sessions: planted lessons with ground-truth utility (retention,
// utility correlation, the bound) and generated 2,000-message agent sessions (recoveries kept,
// size bounded). Run: npx tsx --conditions=@cairn/source packages/bench/scripts/playbook-report.ts
import { measurePlaybookOnSessions, measurePlaybookUtility } from '../src/playbook/measure-playbook.js';

console.log('| planted-lesson run (seed) | planted | useful (true utility > 0) | useful retained | utility correlation (kept lessons) | max bullets | max tokens / budget |');
console.log('|---|---|---|---|---|---|---|');
for (const seed of [1, 2, 3, 4, 5]) {
  const m = measurePlaybookUtility({ seed });
  console.log(`| ${seed} | ${m.planted} | ${m.useful} | ${((100 * m.usefulRetained) / m.useful).toFixed(1)}% (${m.usefulRetained}) | ${m.utilityCorrelation.toFixed(3)} | ${m.maxBullets} | ${m.maxTokens} / ${m.budgetTokens} |`);
}
const sessions = measurePlaybookOnSessions([11, 12, 13]);
console.log(`\nGenerated coding sessions: ${sessions.sessions} × 2,000 messages (${sessions.messages} in all), default engine, a view every 10 messages.`);
console.log(`Recoveries in the data: ${sessions.plantedRecoveries}; still in the playbook at the end: ${sessions.retainedRecoveries} (${sessions.plantedRecoveries === 0 ? '—' : ((100 * sessions.retainedRecoveries) / sessions.plantedRecoveries).toFixed(1)}%). Largest playbook: ${sessions.maxBullets} bullets, ${sessions.maxTokens} characters of bullet lines (bound: 200 bullets, 4,000 tokens).`);
console.log('\nPlanted-lesson runs: 40 lessons with a seeded true probability of holding up; 2,000 rounds each using one lesson (helpful with that probability), a noise lesson every third round (used once, helpful or harmful evenly) and a restatement of a planted lesson every 50 rounds (must merge); a 1,500-token budget that holds about a third of all lessons. Correlation: Pearson of each kept lesson\'s (helpful − harmful) / uses with its true 2p − 1. No baseline: today\'s cairn has no playbook (nothing kept: 0% retention).');
