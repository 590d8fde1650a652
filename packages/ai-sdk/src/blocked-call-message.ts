import type { GuardVerdict } from '@cairn/core';

/**
 * The tool error the model reads instead of the result of a blocked call. Its first line is the
 * original failure (so when cairn ingests this result as one more failure of the call, the
 * dead-end brief keeps naming the real error), then what cairn did and what to do instead.
 *
 * @internal
 */
export function blockedCallMessage(toolName: string, verdict: GuardVerdict): string {
  const deadEnd = verdict.deadEnd;
  const times = deadEnd ? ` (failed ${deadEnd.frequency} time${deadEnd.frequency === 1 ? '' : 's'})` : '';
  const lines = deadEnd ? [deadEnd.reason] : [];
  lines.push(`Blocked by cairn: this ${toolName} call repeats a known dead end${times}, so it was not run. ${verdict.reason.replace(/\.$/, '')}. Do not retry it unchanged; try a different approach.`);
  return lines.join('\n');
}
