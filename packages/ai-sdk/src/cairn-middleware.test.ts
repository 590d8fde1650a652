import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { countMessageTokens, createBpeTokenCounter, findViewViolations, type CairnMessage } from '@cairn/core';
import { generateText, jsonSchema, isStepCount, streamText, tool, ToolLoopAgent, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { fingerprint } from '@cairn/core';
import { promptMessageToCairn } from './prompt-message-to-cairn.js';
import { callResult, streamOf, textResult } from './test-support/mock-results.js';

const counter = createBpeTokenCounter();

/** The prompt the mock received, as cairn messages (for token counts and structure checks). */
function asCairn(prompt: LanguageModelV4Prompt): CairnMessage[] {
  return prompt.flatMap((message, index) => promptMessageToCairn(message, index, fingerprint(message)));
}

function promptTokens(prompt: LanguageModelV4Prompt): number {
  return asCairn(prompt).reduce((total, message) => total + countMessageTokens(message, counter), 0);
}

const shell = tool({
  description: 'Runs a shell command',
  inputSchema: jsonSchema<{ command: string }>({ type: 'object', properties: { command: { type: 'string' } }, required: ['command'] }),
  execute: async ({ command }) => (command === 'npm test' ? 'Error: exit code 1\nFAIL src/app.test.ts: expected 2 to be 3' : `ran ${command}: ok`),
});

describe('cairnMiddleware through generateText', () => {
  it('passes a short conversation through unchanged', async () => {
    const model = new MockLanguageModelV4({ doGenerate: textResult('Hello!') });
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Hi there' },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'greet' }, { type: 'text', text: 'Hi.', providerOptions: { openai: { itemId: 'x1' } } }] },
      { role: 'user', content: [{ type: 'text', text: 'And again' }, { type: 'file', data: new Uint8Array([1, 2, 3]), mediaType: 'image/png' }] },
    ];
    const plain = new MockLanguageModelV4({ doGenerate: textResult('Hello!') });
    await generateText({ model: plain, system: 'You are terse.', messages });
    await generateText({ model: wrapLanguageModel({ model, middleware: cairnMiddleware() }), system: 'You are terse.', messages });
    expect(model.doGenerateCalls[0]!.prompt).toEqual(plain.doGenerateCalls[0]!.prompt);
  });

  it('keeps a long tool loop within the budget, with no orphan result or unanswered call, and the dead-end brief after failures', async () => {
    const budget = 1_500;
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        step++;
        if (step > 30) return textResult('Done.');
        // Every third step retries the failing test run; the others read files with long outputs.
        return step % 3 === 0 ? callResult([{ id: `c${step}`, name: 'shell', input: { command: 'npm test' } }]) : callResult([{ id: `c${step}`, name: 'shell', input: { command: `cat src/file-${step}.ts` } }], `Reading file ${step} to find the bug. ${'context '.repeat(40)}`);
      },
    });
    const middleware = cairnMiddleware({ budget, guard: 'off' });
    await generateText({
      model: wrapLanguageModel({ model, middleware }),
      system: 'You fix failing tests.',
      prompt: 'The test in src/app.test.ts fails. Fix it.',
      tools: { shell },
      stopWhen: isStepCount(40),
    });
    expect(model.doGenerateCalls.length).toBe(31);
    for (const call of model.doGenerateCalls) {
      expect(promptTokens(call.prompt)).toBeLessThanOrEqual(budget);
      expect(findViewViolations(asCairn(call.prompt))).toEqual([]);
    }
    const last = model.doGenerateCalls[30]!.prompt;
    expect(JSON.stringify(last)).toContain('npm test');
    const brief = asCairn(last).filter((message) => message.role === 'user').map((message) => message.content).join('\n');
    expect(brief.toLowerCase()).toContain('dead end');
    // The system prompt and the task survive.
    expect(last[0]).toEqual({ role: 'system', content: 'You fix failing tests.' });
    expect(JSON.stringify(last)).toContain('The test in src/app.test.ts fails. Fix it.');
  });
});
