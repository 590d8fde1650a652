/** A message as `findViewViolations` sees it: any view, cairn's or another strategy's. */
export interface ViewMessageShape {
  role: string;
  toolCalls?: readonly { id: string }[];
  toolCallId?: string;
  fidelity?: string;
}

/** A problem in a view that would make a provider reject it, or break a cairn invariant. */
export interface ViewViolation {
  kind: 'orphan-tool-result' | 'unanswered-tool-call' | 'consecutive-placeholders';
  /** Position of the message in the view. */
  index: number;
  /** The tool call id involved, when there is one. */
  toolCallId?: string;
}

/**
 * Checks a view for what providers reject and cairn forbids: a tool result whose call is not in
 * the assistant message right before its run of results, or that answers a call twice (orphan), a tool call without a result
 * right after it (unanswered), and two placeholders in a row (CAM INV-04).
 *
 * @example
 * ```ts
 * findViewViolations(result.messages); // [] for every view cairn assembles
 * ```
 */
export function findViewViolations(messages: readonly ViewMessageShape[]): ViewViolation[] {
  const violations: ViewViolation[] = [];
  let pending = new Map<string, number>();
  const closePending = (): void => {
    for (const [id, index] of pending) violations.push({ kind: 'unanswered-tool-call', index, toolCallId: id });
    pending = new Map();
  };
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      const id = message.toolCallId ?? '';
      if (pending.has(id)) pending.delete(id);
      else violations.push({ kind: 'orphan-tool-result', index, toolCallId: id });
      return;
    }
    closePending();
    if (message.role === 'assistant' && message.toolCalls) {
      for (const call of message.toolCalls) {
        pending.set(call.id, index);
      }
    }
    if (message.fidelity === 'placeholder' && index > 0 && messages[index - 1]!.fidelity === 'placeholder') {
      violations.push({ kind: 'consecutive-placeholders', index });
    }
  });
  closePending();
  return violations;
}
