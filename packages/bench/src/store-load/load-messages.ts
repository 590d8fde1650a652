import type { CairnMessage } from '@cairn/core';

const TOPICS = ['refund ORD-4821', 'flight BK-2291 to Paris', 'failing test tests/test_orders.py', 'invoice INV-77', 'deploy v2.3.1', 'timeout in src/db/index.ts'];

function text(seed: number, length: number): string {
  let value = '';
  for (let index = 0; value.length < length; index++) value += `${TOPICS[(seed + index) % TOPICS.length]} step ${(seed * 31 + index * 7) % 997}; `;
  return value.slice(0, length);
}

/**
 * The `index`-th message of a load-test session: an agent's mix of user turns (~200 chars),
 * assistant answers (~500), tool calls with JSON arguments, and tool results (~1,500, some
 * failed), in a repeating 6-message pattern that keeps every call paired with its result.
 * @internal
 */
export function loadMessage(prefix: string, index: number): CairnMessage {
  const id = `${prefix}-${index}`;
  switch (index % 6) {
    case 0:
      return { id, role: 'user', content: text(index, 200) };
    case 1:
    case 4:
      return { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}-call`, name: index % 2 ? 'search_orders' : 'run_tests', arguments: { query: text(index, 60), limit: 20 } }] };
    case 2:
    case 5:
      return { id, role: 'tool', toolCallId: `${prefix}-${index - 1}-call`, name: index % 2 ? 'run_tests' : 'search_orders', content: text(index, 1_500), ...(index % 12 === 5 ? { isError: true } : {}) };
    default:
      return { id, role: 'assistant', content: text(index, 500) };
  }
}
