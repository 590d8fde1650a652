import type { EngineState } from '../render/index.js';

/** Pinned units (system prompts are pinned) found so far, per engine state. */
interface PinnedScan {
  /** Units read so far (the ones after them are new). */
  scanned: number;
  /** `state.pinned.size` when read: a pin since then can pin a unit already read. */
  pins: number;
  units: number[];
}

const scans = new WeakMap<EngineState, PinnedScan>();

/**
 * The pinned units of the log (system prompts included: they are pinned), in index order,
 * without a pass over the log on every turn: units appended since the last call are read once;
 * a pin since then (every later pin goes through `state.pinned`) reads the log again. @internal
 */
export function pinnedUnits(state: EngineState): readonly number[] {
  const { units } = state.log;
  let scan = scans.get(state);
  if (scan === undefined || scan.pins !== state.pinned.size || scan.scanned > units.length) {
    scan = { scanned: 0, pins: state.pinned.size, units: [] };
    scans.set(state, scan);
  }
  pushPinned(units, scan.scanned, scan.units);
  scan.scanned = units.length;
  return scan.units;
}

/** Pushes the pinned units from `from` on (a loop of its own: see `fidelityCodes` in engine/sovereignty-projection.ts). */
function pushPinned(units: readonly { pinned?: boolean }[], from: number, pinned: number[]): void {
  for (let index = from; index < units.length; index++) if (units[index]!.pinned) pinned.push(index);
}

/**
 * The units that may have a mandatory reason this turn (`mandatoryReason` is `undefined` for every
 * other unit): pinned units and system prompts, the latest user turn, the hot set and the last
 * unit, in index order and without duplicates. `undefined` while some page is consulted (a
 * consulted page's unit is mandatory too): then every unit has to be asked. @internal
 */
export function mandatoryCandidates(state: EngineState): number[] | undefined {
  if (state.pages.zoom.size > 0) return undefined;
  const count = state.log.units.length;
  // The hot set and the last unit (open calls): every unit from here on is asked.
  const tail = Math.max(0, Math.min(count - state.options.hotUnits, count - 1));
  const candidates: number[] = [];
  const latestUser = state.log.latestUserUnit;
  let added = false;
  for (const unit of pinnedUnits(state)) {
    if (unit >= tail) break;
    if (!added && latestUser >= 0 && latestUser < unit) {
      candidates.push(latestUser);
      added = true;
    }
    if (unit !== latestUser) candidates.push(unit);
  }
  if (!added && latestUser >= 0 && latestUser < tail) candidates.push(latestUser);
  for (let unit = tail; unit < count; unit++) candidates.push(unit);
  return candidates;
}
