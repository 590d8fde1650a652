import type { PlaybookBullet } from './playbook-types.js';

/** z of the 95% Wilson score interval the retention order judges evidence with. */
const Z = 1.96;

/**
 * The Wilson score interval of a bullet's helpful share (helpful out of helpful + harmful uses):
 * `[0, 1]` for an untested bullet. The lower end is above 0 exactly when the bullet has been
 * helpful at least once; the upper end is below ½ when its uses show it misleads more often than
 * not (0 of 4, 1 of 8, 5 of 20 …). @internal
 */
export function helpfulShareInterval(bullet: Pick<PlaybookBullet, 'helpful' | 'harmful'>): { lower: number; upper: number } {
  const uses = bullet.helpful + bullet.harmful;
  if (uses === 0) return { lower: 0, upper: 1 };
  const share = bullet.helpful / uses;
  const z2 = Z * Z;
  const centre = (share + z2 / (2 * uses)) / (1 + z2 / uses);
  const half = (Z * Math.sqrt((share * (1 - share)) / uses + z2 / (4 * uses * uses))) / (1 + z2 / uses);
  return { lower: bullet.helpful === 0 ? 0 : Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

/**
 * The order in which a full playbook keeps bullets (pruning removes from the end). Evidence
 * decides, not the raw net utility, so that a lesson that has been useful is never evicted by an
 * untested newcomer:
 * 1. bullets whose uses show they mislead (the upper end of their helpful share's 95% interval is
 *    below ½: 0 of 4, 1 of 8, …) go first, the lowest net utility first;
 * 2. then untested bullets (no uses yet);
 * 3. a bullet put to the test and not shown to mislead is kept longest — one bad outcome does not
 *    drop a lesson, a record that it misleads does; among these, by the lower end of the interval
 *    (above 0 once it has helped), then net utility;
 * 4. among equals the newer bullet goes first: a newcomer enters a full playbook only by
 *    displacing a bullet it strictly outranks, never an equal (so an untested newcomer never
 *    displaces an older untested lesson either).
 * The view's order is `byUtility`'s; this one only chooses what a bounded playbook keeps.
 * @internal
 */
export function byRetention(a: PlaybookBullet, b: PlaybookBullet): number {
  const ia = helpfulShareInterval(a);
  const ib = helpfulShareInterval(b);
  const misleadsA = ia.upper < 0.5;
  const misleadsB = ib.upper < 0.5;
  if (misleadsA !== misleadsB) return misleadsA ? 1 : -1;
  const testedA = a.helpful + a.harmful > 0;
  const testedB = b.helpful + b.harmful > 0;
  if (!misleadsA && testedA !== testedB) return testedA ? -1 : 1;
  if (!misleadsA && ia.lower !== ib.lower) return ib.lower - ia.lower;
  return b.helpful - b.harmful - (a.helpful - a.harmful) || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
