import { CairnError, type CairnMessage, type Role } from '../log/index.js';
import { hashText } from '../text/index.js';

/** Identifies cairn crystals. */
export const CRYSTAL_FORMAT = 'cairn.crystal';
/** The crystal version this package writes and reads. */
export const CRYSTAL_VERSION = 1;

/** Where a crystal sits in the tree of scopes (branches) and crystals: its comonadic lineage. */
export interface CrystalLineage {
  /** The crystal this one descends from (the one the session was resumed from, or given). */
  readonly parentCrystal: string | null;
  /** How deep in nested branches it was made (0: the main line). */
  readonly branchDepth: number;
  /** The branch names from the root to its scope. */
  readonly scopePath: readonly string[];
}

/** The summary of one REQUIRED unit in a crystal. */
export interface CrystalSummary {
  /** The unit's lead message id. */
  readonly unitId: string;
  readonly role: Role;
  /** Extractive summary: the anchors and decisions of the unit (or the summariser's text). */
  readonly text: string;
}

/**
 * A checkpoint: PRESERVED messages verbatim, REQUIRED units summarised, DROPPABLE ones dropped,
 * plus the caller's task state and working memory, and its lineage. JSON through and through; a
 * checksum over everything but `pinned` detects changes (not a signature: it guards against
 * corruption, not against someone who recomputes it).
 */
export interface Crystal {
  readonly format: typeof CRYSTAL_FORMAT;
  readonly version: typeof CRYSTAL_VERSION;
  /** `crystal-…`, derived from the session, the time and the content. */
  readonly id: string;
  /** The session it was made from (`tenant` null when made from a bare engine). */
  readonly scope: { readonly tenant: string | null; readonly sessionId: string };
  /** The engine clock when it was made. */
  readonly createdAt: number;
  /** How long it lives before an unpinned crystal may be reaped (clock units). */
  readonly ttlMs: number;
  readonly lineage: CrystalLineage;
  /** The caller's task state (any JSON). */
  readonly taskState: unknown;
  /** The caller's working memory (JSON values by name). */
  readonly workingMemory: Readonly<Record<string, unknown>>;
  /** PRESERVED units' messages, verbatim, in log order. */
  readonly preserved: readonly CairnMessage[];
  /** REQUIRED units, summarised, in log order. */
  readonly summaries: readonly CrystalSummary[];
  /** What was dropped (DROPPABLE units) and how long the log was. */
  readonly dropped: { readonly units: number; readonly messages: number };
  readonly coveredMessages: number;
  readonly checksum: string;
  /** Cherished: never reaped. Not covered by the checksum (it changes after the crystal is made). */
  readonly pinned: boolean;
}

/** A crystal before it is sealed (no id, checksum or pin yet). */
export type CrystalBody = Omit<Crystal, 'id' | 'checksum' | 'pinned' | 'format' | 'version'>;

/** The text the checksum covers: every field but `checksum` and `pinned`, in a fixed order. */
function checksumText(crystal: Omit<Crystal, 'checksum' | 'pinned'>): string {
  const { format, version, id, scope, createdAt, ttlMs, lineage, taskState, workingMemory, preserved, summaries, dropped, coveredMessages } = crystal;
  return JSON.stringify([format, version, id, scope, createdAt, ttlMs, lineage, taskState, workingMemory, preserved, summaries, dropped, coveredMessages]);
}

/** Seals a crystal body: derives its id and checksum. @internal */
export function sealCrystal(body: CrystalBody): Crystal {
  const content = JSON.stringify([body.scope, body.createdAt, body.preserved, body.summaries, body.taskState, body.workingMemory, body.lineage]);
  const id = `crystal-${hashText(content)}${hashText(content, 1).slice(0, 5)}`;
  const unsealed = { format: CRYSTAL_FORMAT, version: CRYSTAL_VERSION, id, ...body } as const;
  const checksum = hashText(checksumText(unsealed)) + hashText(checksumText(unsealed), 7);
  return JSON.parse(JSON.stringify({ ...unsealed, checksum, pinned: false })) as Crystal;
}

function corrupt(problem: string, details: Record<string, unknown> = {}): CairnError {
  return new CairnError({ code: 'CORRUPT_CRYSTAL', message: `Not a usable crystal: ${problem}. Pass what crystallize() made (JSON round-tripped at most).`, details });
}

/**
 * Checks that a value is an intact crystal (format, version, shape, checksum) and, when a scope is
 * given, that it belongs to it (the same tenant; a crystal from another tenant is foreign).
 * @returns The crystal, typed.
 * @throws CairnError `CORRUPT_CRYSTAL`
 */
export function checkCrystal(value: unknown, scope?: { tenant?: string }): Crystal {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw corrupt('it is not an object');
  const crystal = value as Crystal;
  if (crystal.format !== CRYSTAL_FORMAT) throw corrupt(`its format is ${JSON.stringify(crystal.format)}, not "${CRYSTAL_FORMAT}"`);
  if (crystal.version !== CRYSTAL_VERSION) throw corrupt(`its version is ${JSON.stringify(crystal.version)}; this package reads version ${CRYSTAL_VERSION}`);
  const shapeOk =
    typeof crystal.id === 'string' && typeof crystal.checksum === 'string' && typeof crystal.scope === 'object' && crystal.scope !== null &&
    typeof crystal.scope.sessionId === 'string' && (crystal.scope.tenant === null || typeof crystal.scope.tenant === 'string') &&
    Number.isFinite(crystal.createdAt) && Number.isFinite(crystal.ttlMs) && crystal.ttlMs > 0 &&
    typeof crystal.lineage === 'object' && crystal.lineage !== null && Number.isInteger(crystal.lineage.branchDepth) && crystal.lineage.branchDepth >= 0 &&
    Array.isArray(crystal.lineage.scopePath) && crystal.lineage.scopePath.every((name) => typeof name === 'string') &&
    (crystal.lineage.parentCrystal === null || typeof crystal.lineage.parentCrystal === 'string') &&
    Array.isArray(crystal.preserved) && Array.isArray(crystal.summaries) &&
    crystal.summaries.every((summary) => typeof summary?.unitId === 'string' && typeof summary.text === 'string' && typeof summary.role === 'string') &&
    typeof crystal.workingMemory === 'object' && crystal.workingMemory !== null && typeof crystal.pinned === 'boolean' &&
    typeof crystal.dropped === 'object' && crystal.dropped !== null && Number.isInteger(crystal.coveredMessages);
  if (!shapeOk) throw corrupt('a field is missing or of the wrong type', { id: typeof crystal.id === 'string' ? crystal.id : undefined });
  let expected: string;
  try {
    const text = checksumText(crystal);
    expected = hashText(text) + hashText(text, 7);
  } catch (error) {
    throw corrupt('it cannot be serialised', { id: crystal.id, cause: (error as Error).message });
  }
  if (expected !== crystal.checksum) throw corrupt('its checksum does not match its content (it was changed or damaged)', { id: crystal.id });
  if (scope?.tenant !== undefined && crystal.scope.tenant !== null && crystal.scope.tenant !== scope.tenant) {
    throw new CairnError({
      code: 'CORRUPT_CRYSTAL',
      message: `Crystal ${crystal.id} belongs to another tenant; crystals never cross tenants. Resume it in its own tenant.`,
      details: { id: crystal.id, reason: 'foreign' },
    });
  }
  return crystal;
}

/** What the reaper needs to know about a stored crystal. */
export interface CrystalRecord {
  readonly id: string;
  readonly createdAt: number;
  readonly ttlMs: number;
  readonly pinned: boolean;
}

/** True when an unpinned crystal has outlived its TTL at `now`. */
export function isCrystalExpired(record: CrystalRecord, now: number): boolean {
  return !record.pinned && now - record.createdAt >= record.ttlMs;
}

/**
 * The reaper, as a pure function: the ids of the crystals a store should remove at `now` (unpinned
 * and past their TTL). Core runs no timers: the host or the store calls it (e.g. from a cron job).
 *
 * @example
 * ```ts
 * reapableCrystals(records, Date.now()); // ['crystal-…', …]
 * ```
 */
export function reapableCrystals(records: readonly CrystalRecord[], now: number): string[] {
  return records.filter((record) => isCrystalExpired(record, now)).map((record) => record.id);
}
