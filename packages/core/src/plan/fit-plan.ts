import { CostMultiset } from './cost-multiset.js';
import { StepHeap } from './step-heap.js';
import type { Fidelity } from '../log/index.js';
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

const FIDELITY_SLOT: Record<Fidelity, number> = { placeholder: 0, compressed: 1, full: 2 };

/**
 * `value` and `canCompress` remembered for one pass: both are fixed while a pass runs (scores and
 * costs do not change within it), and a pass asks for each several times per unit. @internal
 */
function remembered({ plan, value, canCompress }: FitInput): Pick<FitInput, 'value' | 'canCompress'> {
  const values = new Float64Array(plan.size * 3).fill(Number.NaN);
  const compressible = new Int8Array(plan.size).fill(-1);
  return {
    value: (unit, fidelity) => {
      const slot = unit * 3 + FIDELITY_SLOT[fidelity];
      let known = values[slot]!;
      if (Number.isNaN(known)) {
        known = value(unit, fidelity);
        values[slot] = known;
      }
      return known;
    },
    canCompress: (unit) => {
      let known = compressible[unit]!;
      if (known < 0) {
        known = canCompress(unit) ? 1 : 0;
        compressible[unit] = known;
      }
      return known === 1;
    },
  };
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
export function degradeToTarget(input: FitInput, target: number): number[] {
  return input.plan.withUnitCostsRemembered(() => degrade(input, target));
}

function degrade(input: FitInput, target: number): number[] {
  const { plan, locked } = input;
  const { value, canCompress } = remembered(input);
  const changed = new Set<number>();
  const heap = new StepHeap(plan.size);
  const consider = (unit: number): void => {
    if (locked(unit)) return;
    const from = plan.get(unit);
    const to = lower(from, canCompress(unit));
    if (to === undefined) return;
    const saved = -plan.delta(unit, to);
    if (saved <= 0) return;
    const loss = Math.max(0, value(unit, from) - value(unit, to));
    heap.push(-loss / saved, unit, to, saved);
  };
  // A placeholder run's cost depends on whether it holds one unit or more, so a unit turning
  // into a placeholder alters what units up to two places away would save.
  const considerAround = (unit: number): void => {
    for (const near of [unit - 2, unit - 1, unit + 1, unit + 2]) if (near >= 0 && near < plan.size) consider(near);
  };
  for (let unit = 0; unit < plan.size; unit++) consider(unit);
  for (;;) {
    while (plan.tokens > target && heap.pop()) {
      const { id: unit, to } = heap;
      if (plan.get(unit) === to || lower(plan.get(unit), canCompress(unit)) !== to) continue;
      const saved = -plan.delta(unit, to);
      if (saved !== heap.saved) {
        consider(unit);
        continue;
      }
      plan.set(unit, to);
      changed.add(unit);
      consider(unit);
      if (to === 'placeholder') considerAround(unit);
    }
    if (plan.tokens <= target) break;
    // Bridged gaps join runs, which can make steps next to them save: go on with those.
    const bridged = bridgeGaps({ plan, value, locked, canCompress }, target);
    if (bridged.length === 0) break;
    for (const unit of bridged) {
      changed.add(unit);
      considerAround(unit);
    }
  }
  return ascending(changed);
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
export function upgradeToTarget(input: FitInput, target: number, minValue: number): number[] {
  return input.plan.withUnitCostsRemembered(() => upgrade(input, target, minValue));
}

function upgrade(input: FitInput, target: number, minValue: number): number[] {
  const { plan, locked } = input;
  const { value, canCompress } = remembered(input);
  const changed = new Set<number>();
  const heap = new StepHeap(plan.size);
  const consider = (unit: number): void => {
    if (locked(unit)) return;
    const from = plan.get(unit);
    const to = higher(from, canCompress(unit));
    if (to === undefined) return;
    const worth = value(unit, to);
    if (worth < minValue) return;
    const cost = plan.delta(unit, to);
    const gain = worth - value(unit, from);
    // An upgrade that saves tokens (a placeholder dearer than what it stands for) is taken even
    // when it gains no value.
    if (gain <= 0 && cost >= 0) return;
    if (cost <= 0) freeSteps++;
    else pending.add(cost);
    heap.push(cost <= 0 ? Number.POSITIVE_INFINITY : gain / cost, unit, to, -cost);
  };
  // What lets the pass stop early, with the plan it would end with: the steps in the heap that
  // save or keep tokens (always taken), and the costs of the others. A step's cost changes only
  // when it or a unit up to two places away changes, and then a fresh step is pushed, so once no
  // free step is left and the cheapest cost left is over the room, no later step can fit —
  // unless the room grew (a step that saves taken) after a step was turned away for want of it.
  let freeSteps = 0;
  const pending = new CostMultiset();
  let turnedAwayAt = Number.NEGATIVE_INFINITY;
  for (let unit = 0; unit < plan.size; unit++) consider(unit);
  while (heap.pop()) {
    const { id: unit, to } = heap;
    if (heap.saved >= 0) freeSteps--;
    else pending.remove(-heap.saved);
    if (higher(plan.get(unit), canCompress(unit)) !== to) continue;
    const cost = plan.delta(unit, to);
    if (-cost !== heap.saved) {
      consider(unit);
      continue;
    }
    // An upgrade that adds no tokens (a placeholder dearer than what it stands for) always pays.
    if (cost > 0 && plan.tokens + cost > target) {
      turnedAwayAt = Math.max(turnedAwayAt, plan.tokens);
      if (freeSteps === 0 && plan.tokens >= turnedAwayAt && plan.tokens + pending.least() > target) break;
      continue;
    }
    const leftRun = plan.get(unit) === 'placeholder';
    plan.set(unit, to);
    changed.add(unit);
    consider(unit);
    if (leftRun) for (const near of [unit - 2, unit - 1, unit + 1, unit + 2]) if (near >= 0 && near < plan.size) consider(near);
  }
  return ascending(changed);
}

/** The units of `changed` in ascending order (a typed array sorts numbers without a comparator). */
function ascending(changed: ReadonlySet<number>): number[] {
  return Array.from(Int32Array.from(changed).sort());
}
