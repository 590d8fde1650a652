import type { GuardVerdict } from '@cairn/core';

/**
 * The tool error the model reads instead of the result of a blocked call.
 *
 * @internal
 */
export function blockedCallMessage(toolName: string, verdict: GuardVerdict): string {
  const failures = verdict.deadEnd ? ` It failed ${verdict.deadEnd.frequency} time${verdict.deadEnd.frequency === 1 ? '' : 's'} before: ${verdict.deadEnd.reason}` : '';
  return `Blocked by cairn: this ${toolName} call repeats a known dead end, so it was not run. ${verdict.reason}.${failures} Do not retry it; try a different approach.`.replace(/\.\./g, '.');
}
