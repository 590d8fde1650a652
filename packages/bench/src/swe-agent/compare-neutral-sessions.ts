/** How a converted session compares with a reference copy of the same run. */
export interface SessionComparison {
  /** Messages in the reference and in the conversion. */
  messages: { reference: number; converted: number };
  /** Tool calls in each. */
  toolCalls: { reference: number; converted: number };
  /** Ids present in only one of the two. */
  missingIds: string[];
  extraIds: string[];
  /** Ids whose fields other than the failure label differ (content, role, agent, calls…). */
  differingIds: string[];
  /**
   * Label counts over tool results present in both, keyed `reference→converted` with `ok` for
   * results that are not errors: `traceback→traceback` agrees, `ok→tool_error` is a false label.
   */
  confusion: Record<string, number>;
  /** Results labelled the same kind whose `error_signature` differs. */
  signatureMismatches: string[];
}

type RecordLike = Readonly<Record<string, unknown>>;
const LABEL_FIELDS = new Set(['is_error', 'error_kind', 'error_signature']);

/** A stable text of a JSON value with sorted keys, for comparing records field by field. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as RecordLike)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const withoutLabel = (record: RecordLike): string => canonical(Object.fromEntries(Object.entries(record).filter(([key]) => !LABEL_FIELDS.has(key))));
const labelOf = (record: RecordLike): string => (record.is_error === true ? String(record.error_kind ?? 'error') : 'ok');
const callCount = (records: readonly RecordLike[]): number => records.reduce((sum, record) => sum + (Array.isArray(record.tool_calls) ? record.tool_calls.length : 0), 0);

/**
 * Compares a converted session with a reference copy of the same run, message by message (by
 * id): counts, structural differences, and the failure labels of tool results as a confusion
 * table. Used to validate `convertSweAgentTrajectory` and `labelToolFailure` on the runs that
 * already have a reference conversion.
 *
 * @param reference - The reference session's records (parsed JSONL lines).
 * @param converted - The conversion's records.
 * @returns Counts, differing ids and the label confusion table.
 *
 * @example
 * ```ts
 * const comparison = compareNeutralSessions(referenceLines, convertSweAgentTrajectory(traj, { runId }).messages);
 * comparison.confusion['ok→traceback']; // results the reference calls ok and the labeller a traceback
 * ```
 */
export function compareNeutralSessions(reference: readonly RecordLike[], converted: readonly RecordLike[]): SessionComparison {
  const byId = new Map(converted.map((record) => [String(record.id), record]));
  const referenceIds = new Set(reference.map((record) => String(record.id)));
  const comparison: SessionComparison = {
    messages: { reference: reference.length, converted: converted.length },
    toolCalls: { reference: callCount(reference), converted: callCount(converted) },
    missingIds: [],
    extraIds: [...byId.keys()].filter((id) => !referenceIds.has(id)),
    differingIds: [],
    confusion: {},
    signatureMismatches: [],
  };
  for (const expected of reference) {
    const id = String(expected.id);
    const actual = byId.get(id);
    if (actual === undefined) {
      comparison.missingIds.push(id);
      continue;
    }
    if (withoutLabel(expected) !== withoutLabel(actual)) comparison.differingIds.push(id);
    if (expected.role !== 'tool') continue;
    const key = `${labelOf(expected)}→${labelOf(actual)}`;
    comparison.confusion[key] = (comparison.confusion[key] ?? 0) + 1;
    if (expected.is_error === true && labelOf(expected) === labelOf(actual) && expected.error_signature !== actual.error_signature) comparison.signatureMismatches.push(id);
  }
  return comparison;
}
