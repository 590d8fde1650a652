/** One hit or miss of an approach or direction (the ACE helpful/harmful counter, with context). */
export interface ExperienceRecord {
  /** What the outcome is about: a direction, unit or dead-end id. */
  key: string;
  outcome: 'hit' | 'miss';
  /** How well the work aligned with the session direction then (cosine, 0–1). */
  alignment: number;
  /** Injected-clock time, in milliseconds. */
  at: number;
}

/** A key whose hits are many, consistent and recent; see {@link discoverHotExperiences}. */
export interface HotExperience {
  key: string;
  hits: number;
  misses: number;
  /** Mean and population standard deviation of the hits' alignment. */
  meanAlignment: number;
  alignmentStdDev: number;
  /** The latest hit. */
  lastHitAt: number;
}

/** Options of {@link discoverHotExperiences}. */
export interface DiscoverHotExperiencesOptions {
  /** The injected clock's current time. */
  now: number;
  /** @default 3 */
  minHits?: number;
  /** @default 0.15 */
  maxAlignmentStdDev?: number;
  /** How recent the latest hit must be. @default 7 days */
  maxAgeMs?: number;
}

/** Seven days in milliseconds. */
export const HOT_EXPERIENCE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Finds hot experiences (CDA): keys with at least `minHits` hits whose alignment varies little
 * (standard deviation below `maxAlignmentStdDev`) and whose latest hit is younger than `maxAgeMs`.
 * Pure and deterministic: sorted by hits, then latest hit, then key.
 *
 * @param records - Outcomes in any order.
 * @param options - The clock's time and thresholds.
 * @returns The hot experiences, most proven first.
 *
 * @example
 * ```ts
 * discoverHotExperiences(records, { now: clock() }); // [{ key: 'de-3', hits: 4, ... }]
 * ```
 */
export function discoverHotExperiences(
  records: readonly ExperienceRecord[],
  { now, minHits = 3, maxAlignmentStdDev = 0.15, maxAgeMs = HOT_EXPERIENCE_MAX_AGE_MS }: DiscoverHotExperiencesOptions,
): HotExperience[] {
  const byKey = new Map<string, { alignments: number[]; misses: number; lastHitAt: number }>();
  for (const record of records) {
    let entry = byKey.get(record.key);
    if (!entry) byKey.set(record.key, (entry = { alignments: [], misses: 0, lastHitAt: -Infinity }));
    if (record.outcome === 'miss') entry.misses++;
    else {
      entry.alignments.push(record.alignment);
      entry.lastHitAt = Math.max(entry.lastHitAt, record.at);
    }
  }
  const hot: HotExperience[] = [];
  for (const [key, { alignments, misses, lastHitAt }] of byKey) {
    if (alignments.length < minHits || !(now - lastHitAt < maxAgeMs)) continue;
    const mean = alignments.reduce((sum, value) => sum + value, 0) / alignments.length;
    const variance = alignments.reduce((sum, value) => sum + (value - mean) ** 2, 0) / alignments.length;
    const stdDev = Math.sqrt(variance);
    if (!(stdDev < maxAlignmentStdDev)) continue;
    hot.push({ key, hits: alignments.length, misses, meanAlignment: mean, alignmentStdDev: stdDev, lastHitAt });
  }
  return hot.sort((a, b) => b.hits - a.hits || b.lastHitAt - a.lastHitAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
