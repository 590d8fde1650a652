import type { UnitState } from '../log/index.js';
import type { SparseVector, TermBag } from '../text/index.js';
import type { TurnSignals } from './score-unit.js';

/** The parts of a turn's direction a scoring pass reads (`TurnDirection`'s). @internal */
export interface PassDirection {
  readonly scoring: SparseVector;
  readonly queryBag: TermBag | undefined;
  readonly signals: TurnSignals;
  readonly dense?: unknown;
}

/** What a scoring pass scored with, kept so a second pass of the same turn can tell what moved. @internal */
export interface ScoringPass {
  readonly states: UnitState[];
  readonly turn: number;
  readonly direction: PassDirection;
  readonly intent: number;
  readonly keyword: number;
}

/**
 * True when `next` scores what `previous` scored with the same inputs but graph proximity (a
 * question's second pass, from its best matches): then only units whose proximity moved can
 * score differently. @internal
 */
export function onlyProximityMoved(previous: ScoringPass, next: ScoringPass): boolean {
  const before = previous.direction;
  const after = next.direction;
  if (previous.states !== next.states || previous.turn !== next.turn || previous.intent !== next.intent || previous.keyword !== next.keyword) return false;
  if (before.scoring !== after.scoring || before.queryBag !== after.queryBag || before.dense !== after.dense) return false;
  const a = before.signals;
  const b = after.signals;
  return (
    a.weights === b.weights &&
    a.active === b.active &&
    a.workPhase === b.workPhase &&
    a.plannedTools === b.plannedTools &&
    a.recentTools === b.recentTools &&
    a.lastUnit === b.lastUnit &&
    a.halfLifeUnits === b.halfLifeUnits
  );
}

/** Units (below `count`) whose proximity differs between two maps (absent: 0), ascending. @internal */
export function proximityChanges(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>, count: number): number[] {
  const changed = new Set<number>();
  for (const [unit, value] of before) if ((after.get(unit) ?? 0) !== value) changed.add(unit);
  for (const [unit, value] of after) if ((before.get(unit) ?? 0) !== value) changed.add(unit);
  return [...changed].filter((unit) => unit >= 0 && unit < count).sort((a, b) => a - b);
}
