import type { CairnMessage } from '../log/index.js';

const TOPICS = ['the refund for ORD-4821', 'the flight to Paris on 2024-06-01', 'the failing test in src/app.ts', 'invoice INV-77 total €1,240.50', 'the deploy of v2.3.1'];

/** Options for {@link createSampleMessages}. */
export interface CreateSampleMessagesOptions {
  /** Prefix of every message and call id (ids are `${prefix}-m0`, `${prefix}-c3`, …). @default 'm' */
  prefix?: string;
  /** Index of the first message (to continue an earlier sample). @default 0 */
  start?: number;
  /** Characters of filler per message, roughly (agent messages are a few hundred). @default 200 */
  size?: number;
}

/**
 * A deterministic, valid agent conversation for store tests and load benchmarks: user questions,
 * assistant answers, and tool exchanges (an assistant call, then its result, some failed), with
 * text parts, metadata and non-ASCII text. The message at index `i` depends only on `i`, so
 * `createSampleMessages(5, { start: 10 })` continues `createSampleMessages(10)`; a slice never
 * separates a call from its result when it ends on an even index.
 *
 * @param count - How many messages.
 * @param options - Id prefix, start index, message size.
 * @returns `count` messages.
 *
 * @example
 * ```ts
 * await store.append(key, createSampleMessages(4, { prefix: 'a' }));
 * ```
 */
export function createSampleMessages(count: number, { prefix = 'm', start = 0, size = 200 }: CreateSampleMessagesOptions = {}): CairnMessage[] {
  const messages: CairnMessage[] = [];
  for (let index = start; index < start + count; index++) messages.push(sampleMessage(index, prefix, size));
  return messages;
}

function filler(index: number, size: number): string {
  const topic = TOPICS[index % TOPICS.length]!;
  let text = `Step ${index}: about ${topic}.`;
  while (text.length < size) text += ` Checked ${topic} again (${(index * 7919 + text.length) % 1000}) — naïve café ✓.`;
  return text.slice(0, Math.max(size, 20));
}

function sampleMessage(index: number, prefix: string, size: number): CairnMessage {
  const id = `${prefix}-m${index}`;
  // Pairs of messages: even = user or tool call, odd = assistant answer or tool result.
  const pair = Math.floor(index / 2);
  const isExchange = pair % 3 === 2;
  if (index % 2 === 0) {
    if (!isExchange) return { id, role: 'user', content: filler(index, size), ...(pair % 5 === 0 ? { metadata: { source: 'web', pinned: pair === 0 } } : {}) };
    return {
      id,
      role: 'assistant',
      content: '',
      toolCalls: [{ id: `${prefix}-c${index}`, name: pair % 2 === 0 ? 'run_tests' : 'search_orders', arguments: { query: TOPICS[pair % TOPICS.length], limit: pair % 7 } }],
    };
  }
  if (!isExchange) return { id, role: 'assistant', content: [{ type: 'text', text: filler(index, size) }] };
  const failed = pair % 4 === 0;
  return {
    id,
    role: 'tool',
    toolCallId: `${prefix}-c${index - 1}`,
    name: (pair % 2 === 0 ? 'run_tests' : 'search_orders'),
    content: failed ? `Error: timeout after 30s while handling ${TOPICS[pair % TOPICS.length]}` : filler(index, size),
    ...(failed ? { isError: true } : {}),
  };
}
