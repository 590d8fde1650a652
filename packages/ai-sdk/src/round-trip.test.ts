import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { test } from '@fast-check/vitest';
import type { CairnMessage, ViewMessage } from '@cairn/core';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { fingerprint } from '@cairn/core';
import { promptMessageToCairn } from './prompt-message-to-cairn.js';
import { arbitraryPrompt } from './test-support/arbitrary-prompt.js';
import { viewToPrompt } from './view-to-prompt.js';

/** AI SDK → cairn (as a store keeps it: JSON text) → AI SDK, every message at full fidelity. */
function roundTrip(prompt: LanguageModelV4Prompt): LanguageModelV4Prompt {
  const stored: CairnMessage[] = JSON.parse(JSON.stringify(prompt.flatMap((message, index) => promptMessageToCairn(message, index, fingerprint(message)))));
  const byId = new Map(stored.map((message) => [message.id, message]));
  const view: ViewMessage[] = stored.map((message) => ({ ...message, sourceIds: [message.id], fidelity: 'full' }));
  return viewToPrompt(view, { getMessage: (id) => byId.get(id), decoded: new Map<string, LanguageModelV4Message>() });
}

describe('prompt conversion round trip', () => {
  test.prop([arbitraryPrompt], { numRuns: 200 })('AI SDK → cairn (JSON) → AI SDK is deep-equal at full fidelity', (prompt) => {
    expect(roundTrip(prompt)).toEqual(prompt);
  });

  test.prop([arbitraryPrompt], { numRuns: 100 })('through the middleware, a prompt under the passthrough level reaches the model unchanged', async (prompt) => {
    // Without the dead-end brief (error results in the prompt would add one after the history) and
    // without the loop notice (a generated prompt that repeats a call or a reply three times gets one
    // by design: seed 1371838547, an empty tool reply said three times).
    const middleware = cairnMiddleware({ budget: 10_000_000, guard: 'off', deadEndBrief: false, sessionId: 'round-trip', sovereignty: { loops: { notice: false } } });
    const model = new MockLanguageModelV4();
    const result = await middleware.transformParams!({ type: 'generate', params: { prompt }, model });
    expect(result.prompt).toEqual(prompt);
    // Sent again (the next step of a loop), nothing is ingested twice and the prompt is the same.
    const again = await middleware.transformParams!({ type: 'generate', params: { prompt }, model });
    expect(again.prompt).toEqual(prompt);
    const engine = await middleware.engine();
    expect(engine.getMessages().length).toBe(prompt.filter((message, index) => index >= prompt.findIndex((item) => item.role !== 'system')).flatMap((message, index) => promptMessageToCairn(message, index, 'x')).length);
  });

  test.prop([arbitraryPrompt])('the fingerprint ignores object key order', (prompt) => {
    const reordered = JSON.parse(JSON.stringify(prompt, (_key, value) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value)));
    const plain = JSON.parse(JSON.stringify(prompt));
    expect(reordered.map((message: unknown) => fingerprint(message))).toEqual(plain.map((message: unknown) => fingerprint(message)));
  });
});
