// Why planted lessons are lost in playbook-report.ts's planted-lesson runs: replays the same runs
// (same seeds, same draws as measurePlaybookUtility) and, for every useful planted lesson missing
// at the end, says when it went, by which operation, and its counters then. Run:
//   npx tsx --conditions=@cairn/source packages/bench/scripts/planted-lesson-losses.ts
import { Playbook } from '@cairn/core';
import { createSeededRandom } from '../src/seeded-random.js';

const LESSONS = 40;
const ROUNDS = 2000;
const text = (index: number): string => `Lesson ${index}: when the ${['ledger', 'invoice', 'booking', 'refund', 'webhook'][index % 5]} step ${index} fails, check fixture ${index * 13} first.`;
console.log('| seed | set | useful | lost | merged at add | lost by: pruned after its own count | pruned when a bullet was added | lost: net utility then (uses) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) {
  const random = createSeededRandom(seed);
  let clock = 0;
  const playbook = new Playbook({ now: () => clock, countTokens: (line) => Math.ceil(line.length / 4), maxTokens: 1500, maxBullets: 1000 });
  const truth = new Map<string, number>();
  const ids: string[] = [];
  let mergedAtAdd = 0;
  for (let index = 0; index < LESSONS; index++) {
    const bullet = playbook.apply({ op: 'add', section: 'strategies', content: text(index), sourceIds: [`planted-${index}`] })!;
    if (ids.includes(bullet.id)) mergedAtAdd++;
    ids.push(bullet.id);
    truth.set(bullet.id, random.next());
  }
  const lost = new Map<string, { byCount: boolean; net: number; uses: number }>();
  for (let round = 0; round < ROUNDS; round++) {
    clock++;
    const before = new Map(ids.map((id) => [id, playbook.get(id)]));
    const id = ids[random.int(0, LESSONS - 1)]!;
    const index = ids.indexOf(id);
    if (playbook.get(id)) playbook.apply(random.next() < truth.get(id)! ? { op: 'count', id, helpful: 1 } : { op: 'count', id, harmful: 1 });
    const afterCount = new Set(ids.filter((each) => playbook.get(each)));
    if (round % 3 === 0) {
      const noise = playbook.apply({ op: 'add', section: 'tools', content: `Noise ${round}: tool ${round % 17} took ${round * 7} ms on attempt ${round % 5}.`, sourceIds: [`noise-${round}`] });
      if (noise) playbook.apply(random.next() < 0.5 ? { op: 'count', id: noise.id, helpful: 1 } : { op: 'count', id: noise.id, harmful: 1 });
    }
    if (round % 50 === 0) playbook.apply({ op: 'add', section: 'strategies', content: text(index).replace('first.', 'first'), sourceIds: [`restated-${round}`] });
    for (const [each, bullet] of before) {
      if (bullet && !playbook.get(each) && !lost.has(each)) lost.set(each, { byCount: !afterCount.has(each), net: bullet.helpful - bullet.harmful, uses: bullet.helpful + bullet.harmful });
    }
  }
  const useful = [...new Set(ids)].filter((id) => truth.get(id)! > 0.5);
  const gone = useful.filter((id) => !playbook.get(id)).map((id) => lost.get(id)!);
  console.log(`| ${seed} | ${seed <= 5 ? 'tune' : 'held out'} | ${useful.length} | ${gone.length} | ${mergedAtAdd} | ${gone.filter((each) => each.byCount).length} | ${gone.filter((each) => !each.byCount).length} | ${gone.map((each) => `${each.net} (${each.uses})`).join(', ')} |`);
}
console.log('\nA lesson is lost when it leaves the playbook and never comes back (a pruned bullet is not re-added in these runs). Merged at add: planted lessons that merged into another planted lesson (lexical ≥ 0.85). Seeds 1–5 were used to choose the retention order (issue 15); 6–15 were not.');
