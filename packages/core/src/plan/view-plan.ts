import type { Fidelity } from '../log/index.js';
import type { UnitCosts } from '../render/index.js';

export type { UnitCosts } from '../render/index.js';

/** The buffer {@link ViewPlan.withUnitCostsRemembered} remembers costs in, grown as needed. */
let scratch = new Float64Array(0);
/** Whether a pass is using {@link scratch} (a nested pass of another plan then asks the costs). */
let scratchInUse = false;

/**
 * The fidelity of every unit and the token cost of the view they make, kept exact as units
 * change fidelity: consecutive placeholders merge into one run whose cost is bounded by
 * `runBound`, so the cost of dropped history does not grow with the log. @internal
 */
export class ViewPlan {
  private readonly fidelity: Fidelity[];
  private costOfUnits = 0;
  private costOfRuns = 0;

  constructor(
    initial: readonly Fidelity[],
    private readonly costs: UnitCosts,
    private readonly fixedTokens = 0,
    owned = false,
  ) {
    this.fidelity = owned ? (initial as Fidelity[]) : [...initial];
    for (let unit = 0; unit < this.fidelity.length; unit++) {
      const fidelity = this.fidelity[unit]!;
      if (fidelity !== 'placeholder') this.costOfUnits += this.unitCost(unit, fidelity);
    }
    for (let unit = 0; unit < this.fidelity.length; unit++) {
      if (this.fidelity[unit] === 'placeholder' && this.fidelity[unit - 1] !== 'placeholder') {
        this.costOfRuns += this.runCost(unit, this.runEnd(unit));
      }
    }
  }

  /**
   * A plan over `fidelities` itself, not a copy (the caller gives the array up: a steady turn's
   * plan at 50k messages is ~30k fidelities, a copy a turn less to collect).
   */
  static taking(fidelities: Fidelity[], costs: UnitCosts): ViewPlan {
    return new ViewPlan(fidelities, costs, 0, true);
  }

  /** Units in the plan. */
  get size(): number {
    return this.fidelity.length;
  }

  /** Total tokens of the view this plan renders (an upper bound; exact but for merged runs). */
  get tokens(): number {
    return this.costOfUnits + this.costOfRuns + this.fixedTokens;
  }

  /** The fidelity of a unit. */
  get(unit: number): Fidelity {
    return this.fidelity[unit]!;
  }

  /** All fidelities, in unit order. */
  snapshot(): Fidelity[] {
    return [...this.fidelity];
  }

  /** All fidelities, in unit order, without a copy: the plan is done with (it must not be used after). */
  release(): Fidelity[] {
    return this.fidelity;
  }

  private unitCost(unit: number, fidelity: Fidelity): number {
    const remembered = this.remembered;
    if (remembered !== undefined) {
      const slot = fidelity === 'full' ? 3 * unit : 3 * unit + 1;
      let cost = remembered[slot]!;
      if (cost < 0) {
        cost = fidelity === 'full' ? this.costs.full(unit) : (this.costs.compressed(unit) ?? this.costs.full(unit));
        remembered[slot] = cost;
      }
      return cost;
    }
    if (fidelity === 'full') return this.costs.full(unit);
    return this.costs.compressed(unit) ?? this.costs.full(unit);
  }

  /** A unit's cost as a placeholder of its own (remembered during a pass, as {@link unitCost}). */
  private placeholderCost(unit: number): number {
    const remembered = this.remembered;
    if (remembered === undefined) return this.costs.placeholder(unit);
    let cost = remembered[3 * unit + 2]!;
    if (cost < 0) {
      cost = this.costs.placeholder(unit);
      remembered[3 * unit + 2] = cost;
    }
    return cost;
  }

  /** Full, compressed and placeholder costs per unit (`-1`: not asked yet) while a pass remembers them. */
  private remembered: Float64Array | undefined;

  /**
   * Runs `pass` with each unit's full, compressed and placeholder cost asked of the costs once and remembered
   * (a fitting pass asks for them several times per unit). Only for a pass during which the costs
   * do not change — no squeeze cap set, no unit measured exactly — as during one fitting pass.
   */
  withUnitCostsRemembered<T>(pass: () => T): T {
    if (this.remembered !== undefined || scratchInUse) return pass();
    const size = 3 * this.fidelity.length;
    // One buffer for every pass (they never overlap: a pass runs to its end before another starts),
    // so a large log's turn allocates no new one: a fresh large typed array every pass pressed the
    // garbage collector.
    if (scratch.length < size) scratch = new Float64Array(Math.max(size, 2 * scratch.length));
    scratch.fill(-1, 0, size);
    this.remembered = scratch;
    scratchInUse = true;
    try {
      return pass();
    } finally {
      this.remembered = undefined;
      scratchInUse = false;
    }
  }

  private runEnd(start: number): number {
    let end = start;
    while (this.fidelity[end + 1] === 'placeholder') end++;
    return end;
  }

  private runCost(start: number, end: number): number {
    return start === end ? this.costs.placeholder(start) : this.costs.runBound;
  }

  /** Cost of the run that ends at `end` (only its length matters: one, or two and more). */
  private runCostEndingAt(end: number): number {
    return end > 0 && this.fidelity[end - 1] === 'placeholder' ? this.costs.runBound : this.placeholderCost(end);
  }

  /** Cost of the run that starts at `start`. */
  private runCostStartingAt(start: number): number {
    return this.fidelity[start + 1] === 'placeholder' ? this.costs.runBound : this.placeholderCost(start);
  }

  /** How many tokens setting `unit` to `fidelity` would add (negative: saves). */
  delta(unit: number, fidelity: Fidelity): number {
    const current = this.fidelity[unit]!;
    if (current === fidelity) return 0;
    const left = unit > 0 && this.fidelity[unit - 1] === 'placeholder';
    const right = unit < this.fidelity.length - 1 && this.fidelity[unit + 1] === 'placeholder';
    if (current !== 'placeholder' && fidelity !== 'placeholder') return this.unitCost(unit, fidelity) - this.unitCost(unit, current);
    const before = (left ? this.runCostEndingAt(unit - 1) : 0) + (right ? this.runCostStartingAt(unit + 1) : 0);
    if (fidelity === 'placeholder') {
      const merged = left || right ? this.costs.runBound : this.placeholderCost(unit);
      return merged - before - this.unitCost(unit, current);
    }
    // Leaving a run: the run around `unit` splits into its left and right parts.
    const whole = left || right ? this.costs.runBound : this.placeholderCost(unit);
    return this.unitCost(unit, fidelity) + before - whole;
  }

  /** Sets a unit's fidelity and updates the cost. */
  set(unit: number, fidelity: Fidelity): void {
    const change = this.delta(unit, fidelity);
    const current = this.fidelity[unit]!;
    if (current === fidelity) return;
    if (current !== 'placeholder') this.costOfUnits -= this.unitCost(unit, current);
    if (fidelity !== 'placeholder') this.costOfUnits += this.unitCost(unit, fidelity);
    const unitChange = (fidelity !== 'placeholder' ? this.unitCost(unit, fidelity) : 0) - (current !== 'placeholder' ? this.unitCost(unit, current) : 0);
    this.costOfRuns += change - unitChange;
    this.fidelity[unit] = fidelity;
  }
}
