import { MaxHeap } from './binary-heap.js';
import type { Fidelity } from './types.js';
import type { ViewPlan } from './view-plan.js';

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
  for (let unit = 0; unit < plan.size; unit++) consider(unit);
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
    if (step.to === 'placeholder') for (const near of [unit - 2, unit - 1, unit + 1, unit + 2]) if (near >= 0 && near < plan.size) consider(near);
  }
  return [...changed].sort((a, b) => a - b);
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
    if (gain <= 0) return;
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
