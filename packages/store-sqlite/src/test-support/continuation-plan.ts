import type { AssembleOptions, CairnMessage, OpenSessionOptions } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';

/** The inputs both processes of the continuation test feed a session: batches and assemble calls. */
export function continuationPlan(): {
  options: Omit<OpenSessionOptions, 'sessionId'>;
  steps: { messages: CairnMessage[]; request: AssembleOptions }[];
  next: CairnMessage[];
} {
  const messages = createSampleMessages(84, { prefix: 'cont', size: 350 });
  const steps = [];
  for (let offset = 0, index = 0; offset < 80; index++) {
    const size = 1 + (index % 4);
    steps.push({ messages: messages.slice(offset, offset + size), request: index % 3 === 0 ? { query: 'refund for ORD-4821' } : {} });
    offset += size;
  }
  return { options: { budget: 2_500, checkpointEvery: 9 }, steps, next: messages.slice(80) };
}
