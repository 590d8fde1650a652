import { argumentsText, type CairnMessage, contentText } from '@cairn/core';

function sameMessage(left: CairnMessage, right: CairnMessage): boolean {
  if (left.id !== right.id || left.role !== right.role || left.toolCallId !== right.toolCallId) return false;
  if (contentText(left.content) !== contentText(right.content)) return false;
  const leftCalls = left.toolCalls ?? [];
  const rightCalls = right.toolCalls ?? [];
  if (leftCalls.length !== rightCalls.length) return false;
  return leftCalls.every((call, index) => {
    const other = rightCalls[index]!;
    return call.id === other.id && call.name === other.name && argumentsText(call.arguments) === argumentsText(other.arguments);
  });
}

/**
 * Prefix stability: the share of the previous view that the next view keeps as an unchanged
 * prefix (messages compared by id, role, content and tool calls), which is what a provider's
 * prompt cache can reuse.
 *
 * @param previous - The view of the previous turn.
 * @param next - The view of the next turn.
 * @returns A share from 0 to 1; 1 when the previous view was empty.
 *
 * @example
 * ```ts
 * stablePrefixShare([a, b, c, d], [a, b, x]); // 0.5
 * ```
 */
export function stablePrefixShare(previous: readonly CairnMessage[], next: readonly CairnMessage[]): number {
  if (previous.length === 0) return 1;
  let kept = 0;
  while (kept < previous.length && kept < next.length && sameMessage(previous[kept]!, next[kept]!)) kept += 1;
  return kept / previous.length;
}
