import { CairnError } from '@cairn/core';

/**
 * The error the next read raises for a failed `memory.add` that nobody awaited: the same
 * `CairnError` code and details, a message that says where it came from, the original as `cause`.
 * An error that is not a `CairnError` (a store failure) is raised as it is.
 *
 * @internal
 */
export function unawaitedWriteError(error: unknown): unknown {
  if (!CairnError.isInstance(error)) return error;
  return new CairnError({
    code: error.code,
    message: `An earlier memory.add() that nobody awaited failed, and its message was not stored: ${error.message}`,
    details: error.details,
    cause: error,
  });
}
