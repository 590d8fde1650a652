import type { UnitDecision } from '@cairn/core';

const MAX_IDS = 3;

/**
 * Says what a turn cut and why: the units whose fidelity went down (or that arrived below full)
 * this turn, grouped by new fidelity and reason, with a few of their ids.
 *
 * @param decisions - The turn's per-unit decisions (`metadata.decisions`).
 * @returns E.g. `3 → placeholder (compacted): m12, m13, m14; 1 → compressed (selected): m40`, or `–`.
 *
 * @example
 * ```ts
 * describeCuts(result.metadata.decisions);
 * ```
 */
export function describeCuts(decisions: readonly UnitDecision[]): string {
  const rank = { full: 2, compressed: 1, placeholder: 0 } as const;
  const groups = new Map<string, string[]>();
  for (const decision of decisions) {
    if (decision.fidelity === 'full') continue;
    if (decision.previous !== undefined && rank[decision.previous] <= rank[decision.fidelity]) continue;
    const key = `${decision.fidelity} (${decision.reason})`;
    let ids = groups.get(key);
    if (!ids) groups.set(key, (ids = []));
    ids.push(decision.unitId);
  }
  if (groups.size === 0) return '–';
  return [...groups]
    .map(([key, ids]) => `${ids.length} → ${key}: ${ids.slice(0, MAX_IDS).join(', ')}${ids.length > MAX_IDS ? ', …' : ''}`)
    .join('; ');
}
