import { contentText } from './token-counter.js';
import type { CairnMessage } from './types.js';

/**
 * What an injected summariser model is told to do by default (the adapters' model summarisers
 * use it): keep what the agent needs exactly, in a few sentences.
 */
export const DEFAULT_SUMMARY_INSTRUCTIONS =
  'Summarise this part of an agent session in a few sentences for the agent itself. Keep ids, numbers, file paths, names, errors, decisions and negations exactly. Answer with the summary only.';

/**
 * Messages as the plain transcript a summariser model reads: one paragraph per message, its role
 * (and speaker name), its text, and its tool calls with their arguments.
 *
 * @example
 * ```ts
 * summaryTranscript([{ id: 'u1', role: 'user', content: 'Book TP1351.' }]); // 'user: Book TP1351.'
 * ```
 */
export function summaryTranscript(messages: readonly CairnMessage[]): string {
  return messages
    .map((message) => {
      const calls = message.toolCalls?.map((call) => `${call.name}(${JSON.stringify(call.arguments)})`).join(', ');
      return `${message.role}${message.name ? ` ${message.name}` : ''}: ${contentText(message.content)}${calls ? `\ncalls: ${calls}` : ''}`;
    })
    .join('\n\n');
}
