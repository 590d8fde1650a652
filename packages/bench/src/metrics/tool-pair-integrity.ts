import { findViewViolations, type ViewMessageShape } from '@cairn/core';

/**
 * True when a view has a tool result without its call, or a tool call without its result, right
 * where a provider needs them (`findViewViolations` from `@cairn/core`; placeholder runs are a
 * cairn rule, not a provider one, and are not counted here).
 *
 * @param view - Any strategy's view.
 * @returns Whether a provider would reject the view.
 *
 * @example
 * ```ts
 * hasToolPairViolation([{ role: 'tool', toolCallId: 'c1' }]); // true: orphan result
 * ```
 */
export function hasToolPairViolation(view: readonly ViewMessageShape[]): boolean {
  return findViewViolations(view).some((violation) => violation.kind !== 'consecutive-placeholders');
}
