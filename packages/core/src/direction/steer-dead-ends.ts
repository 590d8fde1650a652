import type { DeadEnd } from '../dead-ends/index.js';
import type { SessionLog, UnitState } from '../log/index.js';
import type { ResolvedDeadEndSteeringOptions } from '../options/index.js';
import { cosine, type SparseVector } from '../text/index.js';

/** A dead end that steered this view: which units of its failed path score lower, and by what. */
export interface SteeredDeadEnd {
  /** The dead end's id (`de-3`). */
  id: string;
  status: DeadEnd['status'];
  /** What the scores of its units were multiplied by. */
  weight: number;
  /** Ids of the units of its failed path (lead message ids). */
  units: string[];
}

/** The steering of one turn. @internal */
export interface DeadEndSteering {
  /** Score multiplier by unit index (the smallest when several dead ends match a unit). */
  weights: Map<number, number>;
  /** The dead ends that matched a unit, in the order listed. */
  matches: SteeredDeadEnd[];
  /** Changes whenever what is steered does (units are rescored then). */
  key: string;
}

/** Units scanned back from a correction for the approach it corrected. */
const APPROACH_UNITS = 4;

/**
 * Which units the dead ends named in the view's brief steer down (CDA's negative filtering):
 * for each live dead end (not stale, not transient) whose sources the brief speaks for, the units
 * of its failed path — the tool exchanges holding its failed results (each of their results a
 * failure of a steered dead end), or for an approach (no call signature) the assistant units
 * just before the correction whose vector matches it at `options.similarity` or more. Pure and
 * deterministic. @internal
 */
export function steerDeadEnds(log: SessionLog, deadEnds: readonly DeadEnd[], shown: ReadonlySet<string>, options: ResolvedDeadEndSteeringOptions): DeadEndSteering {
  const live = deadEnds.filter((deadEnd) => !deadEnd.stale && !deadEnd.transient && deadEnd.sourceIds.some((id) => shown.has(id)));
  // Failed results of steered calls: a tool exchange is steered only when all its results are.
  const failed = new Set<string>();
  for (const deadEnd of live) if (deadEnd.trace.signature !== undefined) for (const id of deadEnd.sourceIds) failed.add(id);
  const weights = new Map<number, number>();
  const matches: SteeredDeadEnd[] = [];
  for (const deadEnd of live) {
    const weight = deadEnd.status === 'dead' ? options.deadWeight : options.suspectWeight;
    const units = deadEnd.trace.signature !== undefined ? failedPath(log, deadEnd, failed) : approachPath(log, deadEnd, options.similarity);
    if (units.length === 0) continue;
    for (const unit of units) weights.set(unit, Math.min(weight, weights.get(unit) ?? 1));
    matches.push({ id: deadEnd.id, status: deadEnd.status, weight, units: units.map((unit) => log.units[unit]!.id) });
  }
  const key = matches.map((match) => `${match.id}:${match.weight}:${match.units.join(',')}`).join(';');
  return { weights, matches, key };
}

/**
 * Multiplies the scores of the units scored this turn by their steering weight (units scored on
 * an earlier turn already carry it).
 * @returns Undoes it (for a view that ends up without the brief that carried the lessons). @internal
 */
export function applySteering(units: UnitState[], steering: DeadEndSteering, turn: number): () => void {
  const before: [UnitState, number][] = [];
  for (const [index, weight] of steering.weights) {
    const unit = units[index];
    if (!unit || unit.scoredTurn !== turn) continue;
    before.push([unit, unit.score]);
    unit.score *= weight;
  }
  return () => {
    for (const [unit, score] of before) unit.score = score;
  };
}

/** The tool exchanges holding a call dead end's failed results, whose every result failed. */
function failedPath(log: SessionLog, deadEnd: DeadEnd, failed: ReadonlySet<string>): number[] {
  const units = new Set<number>();
  for (const id of deadEnd.sourceIds) {
    const position = log.position(id);
    if (position === undefined) continue;
    const index = log.entries[position]!.unit;
    const unit = log.units[index]!;
    if (unit.kind !== 'tool-exchange' || unit.openCalls > 0) continue;
    if (unit.positions.slice(1).every((at) => failed.has(log.entries[at]!.message.id))) units.add(index);
  }
  return [...units].sort((a, b) => a - b);
}

/** The assistant units just before an approach's first correction that match it. */
function approachPath(log: SessionLog, deadEnd: DeadEnd, similarity: number): number[] {
  const positions = deadEnd.sourceIds.flatMap((id) => log.position(id) ?? []);
  if (positions.length === 0) return [];
  const correction = log.entries[Math.min(...positions)]!.unit;
  const vector: SparseVector = { ids: Int32Array.from(deadEnd.vector.ids), weights: Float32Array.from(deadEnd.vector.weights) };
  const units: number[] = [];
  for (let index = correction - 1; index >= 0 && index >= correction - APPROACH_UNITS; index--) {
    const unit = log.units[index]!;
    if (unit.kind === 'user' || unit.kind === 'system') break;
    if (unit.kind !== 'assistant' && unit.kind !== 'tool-exchange') continue;
    if (cosine(log.unitFeatures(index).vector, vector) >= similarity) units.push(index);
  }
  return units.reverse();
}
