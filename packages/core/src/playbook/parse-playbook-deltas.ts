import { CairnError } from '../log/index.js';
import type { PlaybookDelta } from '../options/index.js';
import { isPlaybookDelta } from './check-playbook-delta.js';

/**
 * Reads a reflector model's reply as playbook delta operations: the JSON array in it (bare, in a
 * ```json fence, or amid prose — from its first `[` to its last `]`). Elements that are not
 * well-formed deltas ({@link isPlaybookDelta}) are left out, so a half-right reply still applies
 * its good operations; `add` keeps only `section`, `content` and `sourceIds`.
 *
 * @returns The deltas, in the reply's order (`[]` for a reply that is an empty array).
 * @throws CairnError `INVALID_MESSAGE` when the reply holds no JSON array (nothing is applied;
 *   the adapters report it to `onBackgroundError`).
 *
 * @example
 * ```ts
 * parsePlaybookDeltas('```json\n[{"op":"prune","id":"str-00002"}]\n```'); // [{ op: 'prune', id: 'str-00002' }]
 * ```
 */
export function parsePlaybookDeltas(reply: string): PlaybookDelta[] {
  const start = reply.indexOf('[');
  const end = reply.lastIndexOf(']');
  let parsed: unknown;
  try {
    parsed = start >= 0 && end > start ? JSON.parse(reply.slice(start, end + 1)) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) {
    throw new CairnError({ code: 'INVALID_MESSAGE', message: `The reflector's reply holds no JSON array of playbook operations; nothing was applied. It began: ${JSON.stringify(reply.slice(0, 120))}` });
  }
  return parsed.filter(isPlaybookDelta).map((delta): PlaybookDelta => {
    if (delta.op !== 'add') return delta;
    return { op: 'add', section: delta.section, content: delta.content, ...(delta.sourceIds ? { sourceIds: [...delta.sourceIds] } : {}) };
  });
}
