import type { CairnMessage } from '@cairn/core';

/**
 * Splits a multi-agent log (CodeR) into each agent's own context, by `metadata.agent`, in order of
 * first appearance. Messages without an agent form a `(no agent)` context of their own (or the
 * single `''` context when no message names an agent).
 *
 * @param messages - The whole log.
 * @returns Agent name → that agent's messages, in order; one `''` entry when no agent is named.
 *
 * @example
 * ```ts
 * splitByAgent(messages).get('Programmer'); // the Programmer's own context
 * ```
 */
export function splitByAgent(messages: readonly CairnMessage[]): Map<string, CairnMessage[]> {
  const contexts = new Map<string, CairnMessage[]>();
  for (const message of messages) {
    const agent = message.metadata?.['agent'];
    const key = typeof agent === 'string' ? agent : '';
    let context = contexts.get(key);
    if (!context) contexts.set(key, (context = []));
    context.push(message);
  }
  if (contexts.size > 1 && contexts.has('')) {
    const shared = contexts.get('')!;
    contexts.delete('');
    if (shared.length > 0) contexts.set('(no agent)', shared);
  }
  return contexts;
}
