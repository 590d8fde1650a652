import { isStepCount, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import type { CairnViewInfo } from './cairn-middleware-options.js';
import { callResult, streamOf, textResult } from './test-support/mock-results.js';

describe('onView', () => {
  it('streamText: is told the budget and what each step’s view kept', async () => {
    const views: CairnViewInfo[] = [];
    let step = 0;
    const model = new MockLanguageModelV4({
      doStream: async () => streamOf(++step <= 6 ? callResult([{ id: `s${step}`, name: 'read', input: { path: `src/file-${step}.ts` } }]) : textResult('Read them all.')),
    });
    const read = tool({
      description: 'Reads a file',
      inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }),
      execute: async ({ path }) => `// ${path}\n${'export const value = compute(input, options);\n'.repeat(30)}`,
    });
    const middleware = cairnMiddleware({ budget: 700, onView: (info) => views.push(info) });
    const result = streamText({ model: wrapLanguageModel({ model, middleware }), system: 'You read code.', prompt: 'Read six files.', tools: { read }, stopWhen: isStepCount(10) });
    expect(await result.text).toBe('Read them all.');
    expect(views).toHaveLength(7);
    expect(views.every((view) => view.sessionId === undefined && view.reserved > 0 && view.metadata.budget === 700 - view.reserved)).toBe(true);
    const last = views[6]!.metadata;
    expect(last.mode).toBe('curated');
    expect(last.historyTokens).toBeGreaterThan(last.budget);
    expect(last.tokens).toBeLessThanOrEqual(last.budget);
    expect(last.counts.compressed + last.counts.placeholder).toBeGreaterThan(0);
  });
});
