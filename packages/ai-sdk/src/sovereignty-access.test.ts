import { resumeFromCrystal } from '@cairn/core';
import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { textResult } from './test-support/mock-results.js';

describe('context sovereignty through the AI SDK adapter (its engine)', () => {
  it('middleware.engine(sessionId) after generateText: tag, crystallize, resume, project, window', async () => {
    const model = new MockLanguageModelV4({ doGenerate: async () => textResult('Booked ORD-4821.') });
    const middleware = cairnMiddleware({ budget: 2_000, sessionId: 'trip-1' });
    const wrapped = wrapLanguageModel({ model, middleware });
    const first = await generateText({ model: wrapped, prompt: 'Book ORD-4821, never the red-eye.' });
    expect(first.text).toBe('Booked ORD-4821.');
    const engine = await middleware.engine('trip-1');
    const logged = engine.getMessages();
    expect(logged.length).toBeGreaterThanOrEqual(1);
    engine.promote([logged[0]!.id], 'preserved', 'the constraint');
    expect(engine.resourceLedger()).toHaveLength(1);
    const crystal = engine.crystallize({ taskState: { step: 'booked' } });
    expect(resumeFromCrystal(crystal).getMessages().find((message) => message.id === logged[0]!.id)?.content).toEqual(logged[0]!.content);
    expect(engine.project({ targetPressure: 0.5 }).items.length).toBeGreaterThan(0);
    expect(engine.window().size).toBeGreaterThanOrEqual(1);
  });
});
