import type { WorkPhase } from './types.js';
import type { Unit, UnitKind } from './unit.js';

/** Unit kinds by code ({@link UnitTraits.kinds}); a kind not listed has code 255. @internal */
export const UNIT_KIND_CODES: readonly UnitKind[] = ['system', 'user', 'assistant', 'tool-exchange', 'orphan-result'];
/** Work phases by code ({@link UnitTraits.phases}); a phase not listed has code 255. @internal */
export const WORK_PHASE_CODES: readonly WorkPhase[] = ['converse', 'explore', 'act', 'verify', 'recover'];
/** {@link UnitTraits.flags} bit: the unit is pinned. @internal */
export const PINNED_TRAIT = 1;
/** {@link UnitTraits.flags} bit: a result of the unit reported an error. @internal */
export const ERROR_TRAIT = 2;

/**
 * What a full rescore reads of each unit besides its terms — its kind, pinned and error flags and
 * work phase — as small codes in typed arrays by unit index, kept by the session log as it
 * changes them (a unit is opened, a failed result joins it, it is pinned). A rescore of every unit
 * then reads three bytes a unit instead of each unit's object: at 50k messages the unit objects
 * lie scattered over the heap, and reading one field of each cost more than the scoring itself.
 * @internal
 */
export class UnitTraits {
  kinds = new Uint8Array(1024);
  flags = new Uint8Array(1024);
  phases = new Uint8Array(1024);
  /** Units recorded (every unit of the log). */
  size = 0;

  /** Records (again) what `unit` holds now, at its index. */
  record(unit: Unit): void {
    const { index } = unit;
    if (index >= this.kinds.length) this.#grow(index + 1);
    this.kinds[index] = codeOf(UNIT_KIND_CODES, unit.kind);
    this.flags[index] = (unit.pinned ? PINNED_TRAIT : 0) | (unit.isError ? ERROR_TRAIT : 0);
    this.phases[index] = codeOf(WORK_PHASE_CODES, unit.workPhase);
    if (index >= this.size) this.size = index + 1;
  }

  #grow(size: number): void {
    let capacity = this.kinds.length;
    while (capacity < size) capacity *= 2;
    for (const name of ['kinds', 'flags', 'phases'] as const) {
      const grown = new Uint8Array(capacity);
      grown.set(this[name]);
      this[name] = grown;
    }
  }
}

function codeOf<T>(codes: readonly T[], value: T): number {
  const code = codes.indexOf(value);
  return code < 0 ? 255 : code;
}
