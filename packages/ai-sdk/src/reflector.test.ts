import { generateText, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { CairnError } from '@cairn/core';
import { cairnMiddleware, type CairnMiddleware } from './cairn-middleware.js';
import type { CairnMiddlewareOptions } from './cairn-middleware-options.js';
import { languageModelReflector } from './language-model-reflector.js';
import { textResult } from './test-support/mock-results.js';

const LESSON = 'The user wants prices in EUR, never USD.';
const TURNS = 6;

/** A conversation of TURNS calls of one named session through generateText; returns the prompts the model saw. */
async function converse(options: Partial<CairnMiddlewareOptions>, settle: (middleware: CairnMiddleware) => Promise<void>): Promise<string[]> {
  const model = new MockLanguageModelV4({ doGenerate: textResult('Here is the price.') });
  const middleware = cairnMiddleware({ sessionId: 'prices', budget: 2_000, ...options });
  const wrapped = wrapLanguageModel({ model, middleware });
  const messages: ModelMessage[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    messages.push({ role: 'user', content: `What does item ${turn} cost?` });
    const result = await generateText({ model: wrapped, messages });
    messages.push({ role: 'assistant', content: result.text });
    await settle(middleware); // the reflector runs in the background; let it finish before the next call
  }
  return model.doGenerateCalls.map((call) => JSON.stringify(call.prompt));
}

describe('an AI SDK model as the playbook reflector', () => {
  it('curates bullets later prompts show, in batches of reflectEvery messages, through generateText', async () => {
    const reflector = new MockLanguageModelV4({ doGenerate: textResult(`\`\`\`json\n[{"op":"add","section":"constraints","content":"${LESSON}"}]\n\`\`\``) });
    // Settled: the reflector's calls all answered and the playbook unchanged for a few polls in a row.
    const settle = async (middleware: CairnMiddleware): Promise<void> => {
      const engine = await middleware.engine();
      let last = '';
      let quiet = 0;
      await vi.waitFor(
        async () => {
          const answered = await Promise.all(reflector.doGenerateCalls.map(() => true));
          const now = `${answered.length}/${engine.getPlaybook().length}`;
          quiet = now === last ? quiet + 1 : 0;
          last = now;
          if (quiet < 3) throw new Error('reflector still running');
        },
        { timeout: 10_000, interval: 20 },
      );
    };
    const prompts = await converse({ reflector, reflectEvery: 4 }, settle);
    expect(reflector.doGenerateCalls.length).toBeGreaterThanOrEqual(1);
    expect(reflector.doGenerateCalls.length).toBeLessThan(TURNS); // one call per batch, not per turn
    expect(JSON.stringify(reflector.doGenerateCalls[0]!.prompt)).toContain('What does item 0 cost?');
    expect(prompts[0]).not.toContain(LESSON);
    expect(prompts.at(-1)).toContain(LESSON);
  });

  it('a reply with no operations goes to onBackgroundError; calls go on', async () => {
    const errors: unknown[] = [];
    const reflector = new MockLanguageModelV4({ doGenerate: textResult('Looks fine to me.') });
    const prompts = await converse({ reflector, reflectEvery: 2, onBackgroundError: (error) => errors.push(error) }, async () => undefined);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0));
    expect(prompts).toHaveLength(TURNS);
    expect(errors[0]).toBeInstanceOf(CairnError);
    expect((errors[0] as CairnError).code).toBe('INVALID_MESSAGE');
  });

  it('languageModelReflector sends the instructions and the transcript; bad options are refused', async () => {
    const model = new MockLanguageModelV4({ doGenerate: textResult('[{"op":"prune","id":"str-00001"}]') });
    const deltas = await languageModelReflector(model, { instructions: 'Curate.' })({ messages: [{ id: 'u1', role: 'user', content: 'Prices in EUR.' }], playbook: [] });
    expect(deltas).toEqual([{ op: 'prune', id: 'str-00001' }]);
    const prompt = JSON.stringify(model.doGenerateCalls[0]!.prompt);
    expect(prompt).toContain('Curate.');
    expect(prompt).toContain('user: Prices in EUR.');
    expect(() => cairnMiddleware({ reflector: { complete: true } as never })).toThrow(/reflector/);
    expect(() => cairnMiddleware({ reflectEvery: 0 })).toThrow(/reflectEvery/);
  });
});
