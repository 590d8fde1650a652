/**
 * The fitting passes as they were before the typed step heap (issue 17), kept verbatim as the
 * reference the fast ones are checked against (fit-plan.reference.test.ts). Test support only.
 */
import { MaxHeap } from '../binary-heap.js';
import type { Fidelity } from '../../log/index.js';
import type { ViewPlan } from '../view-plan.js';

/** Value kept by a compressed rendering, as a share of the full one. */
export const COMPRESSED_VALUE = 0.6;

/** Per-unit inputs of the fitting passes. @internal */
export interface FitInput {
  readonly plan: ViewPlan;
  /** Score in [0, 1] per unit (with the stability bonus already added where it applies). */
  readonly value: (unit: number, fidelity: Fidelity) => number;
  /** Units the passes must not touch (mandatory, forced). */
  readonly locked: (unit: number) => boolean;
  readonly canCompress: (unit: number) => boolean;
}

interface Step {
  key: number;
  id: number;
  to: Fidelity;
  saved: number;
}

function lower(fidelity: Fidelity, canCompress: boolean): Fidelity | undefined {
  if (fidelity === 'full') return canCompress ? 'compressed' : 'placeholder';
  if (fidelity === 'compressed') return 'placeholder';
  return undefined;
}

function higher(fidelity: Fidelity, canCompress: boolean): Fidelity | undefined {
  if (fidelity === 'placeholder') return canCompress ? 'compressed' : 'full';
  if (fidelity === 'compressed') return 'full';
  return undefined;
}

/**
 * Degrades units until the plan is at most `target` tokens: at each step the one-level
 * degradation that loses the least value per token saved (so large, low-value tool outputs go
 * first and short, relevant messages stay). Returns the units it changed. @internal
 */
export function degradeToTarget({ plan, value, locked, canCompress }: FitInput, target: number): number[] {
  const changed = new Set<number>();
  const heap = new MaxHeap<Step>();
  const consider = (unit: number): void => {
    if (locked(unit)) return;
    const from = plan.get(unit);
    const to = lower(from, canCompress(unit));
    if (to === undefined) return;
    const saved = -plan.delta(unit, to);
    if (saved <= 0) return;
    const loss = Math.max(0, value(unit, from) - value(unit, to));
    heap.push({ key: -loss / saved, id: unit, to, saved });
  };
  const considerAround = (unit: number): void => {
    for (const near of [unit - 2, unit - 1, unit + 1, unit + 2]) if (near >= 0 && near < plan.size) consider(near);
  };
  for (let unit = 0; unit < plan.size; unit++) consider(unit);
  for (;;) {
    while (plan.tokens > target && heap.size > 0) {
      const step = heap.pop()!;
      const unit = step.id;
      if (plan.get(unit) === step.to || lower(plan.get(unit), canCompress(unit)) !== step.to) continue;
      const saved = -plan.delta(unit, step.to);
      if (saved !== step.saved) {
        consider(unit);
        continue;
      }
      plan.set(unit, step.to);
      changed.add(unit);
      consider(unit);
      // A placeholder run's cost depends on whether it holds one unit or more, so a change here
      // alters what units up to two places away would save.
      if (step.to === 'placeholder') considerAround(unit);
    }
    if (plan.tokens <= target) break;
    const bridged = bridgeGaps({ plan, value, locked, canCompress }, target);
    if (bridged.length === 0) break;
    for (const unit of bridged) {
      changed.add(unit);
      considerAround(unit);
    }
  }
  return [...changed].sort((a, b) => a - b);
}

/**
 * Merges placeholder runs across the short messages between them: a gap of unlocked units
 * between two placeholders, each cheaper shown than hidden alone, still saves tokens when the
 * whole gap goes at once (two runs and the gap become one run). Without this, a long session of
 * short turns around hidden tool output keeps one placeholder per turn and outgrows any budget.
 * Gaps go cheapest value lost per token saved first, until the plan fits `target`. Returns the
 * units it changed. @internal
 */
function bridgeGaps({ plan, value, locked }: FitInput, target: number): number[] {
  const gaps: { units: number[]; loss: number; saved: number }[] = [];
  for (let start = 1; start < plan.size; start++) {
    if (plan.get(start) === 'placeholder' || plan.get(start - 1) !== 'placeholder') continue;
    let end = start;
    while (end < plan.size && plan.get(end) !== 'placeholder') end++;
    if (end >= plan.size) break;
    const units: number[] = [];
    for (let unit = start; unit < end; unit++) units.push(unit);
    if (units.some(locked)) {
      start = end;
      continue;
    }
    const before = plan.tokens;
    const previous = units.map((unit) => plan.get(unit));
    let loss = 0;
    for (const unit of units) {
      loss += Math.max(0, value(unit, plan.get(unit)) - value(unit, 'placeholder'));
      plan.set(unit, 'placeholder');
    }
    const saved = before - plan.tokens;
    units.forEach((unit, index) => plan.set(unit, previous[index]!));
    if (saved > 0) gaps.push({ units, loss, saved });
    start = end;
  }
  gaps.sort((a, b) => a.loss / a.saved - b.loss / b.saved || a.units[0]! - b.units[0]!);
  const changed: number[] = [];
  for (const gap of gaps) {
    if (plan.tokens <= target) break;
    // Gaps never share units, and merging one does not change what another saves but for the
    // runs they share an end with; measure again.
    const before = plan.tokens;
    const previous = gap.units.map((unit) => plan.get(unit));
    for (const unit of gap.units) plan.set(unit, 'placeholder');
    if (plan.tokens >= before) {
      gap.units.forEach((unit, index) => plan.set(unit, previous[index]!));
      continue;
    }
    changed.push(...gap.units);
  }
  return changed;
}

/**
 * Upgrades units while the plan stays within `target`: at each step the one-level upgrade that
 * gains the most value per token spent, among units whose value at the higher level is at
 * least `minValue`. Returns the units it changed. @internal
 */
export function upgradeToTarget({ plan, value, locked, canCompress }: FitInput, target: number, minValue: number): number[] {
  const changed = new Set<number>();
  const heap = new MaxHeap<Step>();
  const consider = (unit: number): void => {
    if (locked(unit)) return;
    const from = plan.get(unit);
    const to = higher(from, canCompress(unit));
    if (to === undefined || value(unit, to) < minValue) return;
    const cost = plan.delta(unit, to);
    const gain = value(unit, to) - value(unit, from);
    // An upgrade that saves tokens (a placeholder dearer than what it stands for) is taken even
    // when it gains no value.
    if (gain <= 0 && cost >= 0) return;
    heap.push({ key: cost <= 0 ? Number.POSITIVE_INFINITY : gain / cost, id: unit, to, saved: -cost });
  };
  for (let unit = 0; unit < plan.size; unit++) consider(unit);
  while (heap.size > 0) {
    const step = heap.pop()!;
    const unit = step.id;
    if (higher(plan.get(unit), canCompress(unit)) !== step.to) continue;
    const cost = plan.delta(unit, step.to);
    if (-cost !== step.saved) {
      consider(unit);
      continue;
    }
    // An upgrade that adds no tokens (a placeholder dearer than what it stands for) always pays.
    if (cost > 0 && plan.tokens + cost > target) continue;
    const leftRun = plan.get(unit) === 'placeholder';
    plan.set(unit, step.to);
    changed.add(unit);
    consider(unit);
    if (leftRun) for (const near of [unit - 2, unit - 1, unit + 1, unit + 2]) if (near >= 0 && near < plan.size) consider(near);
  }
  return [...changed].sort((a, b) => a - b);
}
