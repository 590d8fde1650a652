import { CairnError } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import type { BranchStatus } from '../sovereignty/index.js';
import type { EngineBranchSnapshot } from './branch-registry.js';

const STATUSES: ReadonlySet<string> = new Set<BranchStatus>(['open', 'merged', 'discarded']);
/** Deepest branch nesting a snapshot may hold (a guard against crafted input, far above real use). */
const MAX_DEPTH = 64;

function invalid(path: string, problem: string): CairnError {
  return new CairnError({
    code: 'INVALID_SNAPSHOT',
    message: `Invalid snapshot: ${path} ${problem}. Pass an object made by engine.snapshot() (and JSON round-tripped at most).`,
    details: { path },
  });
}

function wholeNumber(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw invalid(path, 'is not a whole number');
  return value;
}

/**
 * Checks the shape of a snapshot's `branches` (names, fork points, budgets, statuses, nesting);
 * messages are checked when the branches are made again (by `ingest`). `undefined` is no branches.
 * @throws CairnError `INVALID_SNAPSHOT`
 * @internal
 */
export function parseBranchSnapshots(value: unknown, path = 'snapshot.branches', depth = 1): EngineBranchSnapshot[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(path, 'is not an array');
  if (depth > MAX_DEPTH) throw invalid(path, `nests deeper than ${MAX_DEPTH} branches`);
  return value.map((entry: unknown, index) => {
    const at = `${path}[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalid(at, 'is not an object');
    const raw = entry as Record<string, unknown>;
    if (typeof raw.name !== 'string') throw invalid(`${at}.name`, 'is not a string');
    if (typeof raw.status !== 'string' || !STATUSES.has(raw.status)) throw invalid(`${at}.status`, 'is not open, merged or discarded');
    const record: EngineBranchSnapshot = {
      name: raw.name,
      forkAt: wholeNumber(raw.forkAt, `${at}.forkAt`),
      entropyTokens: wholeNumber(raw.entropyTokens, `${at}.entropyTokens`),
      status: raw.status as BranchStatus,
    };
    if (record.status === 'open') {
      if (raw.messages !== undefined && !Array.isArray(raw.messages)) throw invalid(`${at}.messages`, 'is not an array');
      record.messages = (raw.messages ?? []) as CairnMessage[];
      record.branches = parseBranchSnapshots(raw.branches, `${at}.branches`, depth + 1);
    }
    return record;
  });
}
