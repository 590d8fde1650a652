import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { generateText, isStepCount, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { callResult, streamOf, textResult } from './test-support/mock-results.js';

function shellTool(runs: string[]) {
  return tool({
    description: 'Runs a shell command',
    inputSchema: jsonSchema<{ command: string }>({ type: 'object', properties: { command: { type: 'string' } }, required: ['command'] }),
    execute: async ({ command }) => {
      runs.push(command);
      return command === 'npm test' ? 'Error: exit code 1\nFAIL src/app.test.ts: expected 2 to be 3' : `ran ${command}: ok`;
    },
  });
}

/** A model that runs `npm test` on each of its first `repeats` steps, then `git diff`, then stops. */
function scriptedModel(repeats: number) {
  let step = 0;
  const next = () => {
    step++;
    if (step <= repeats) return callResult([{ id: `c${step}`, name: 'shell', input: { command: 'npm test' } }]);
    if (step === repeats + 1) return callResult([{ id: `c${step}`, name: 'shell', input: { command: 'git diff' } }]);
    return textResult('Done.');
  };
  return new MockLanguageModelV4({ doGenerate: async () => next(), doStream: async () => streamOf(next()) });
}

function toolResultTexts(prompt: LanguageModelV4Prompt): string[] {
  return prompt.flatMap((message) => (message.role === 'tool' ? message.content.flatMap((part) => (part.type === 'tool-result' && 'value' in part.output ? [String(part.output.value)] : [])) : []));
}

describe('the dead-end guard', () => {
  it('block: a third `npm test` is not run; the next step reads a tool error naming the dead end', async () => {
    const runs: string[] = [];
    const model = scriptedModel(3);
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: cairnMiddleware({ guard: 'block' }) }),
      prompt: 'Make the tests pass.',
      tools: { shell: shellTool(runs) },
      stopWhen: isStepCount(10),
    });
    // Two failures make `npm test` a long-term dead end: the third call is blocked, not run.
    expect(runs).toEqual(['npm test', 'npm test', 'git diff']);
    const afterBlock = model.doGenerateCalls[3]!.prompt;
    const errors = toolResultTexts(afterBlock).filter((text) => text.includes('Blocked by cairn'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('shell');
    // The blocked call is answered by a tool message right after it (a valid prompt for any provider).
    const blockedAt = afterBlock.findIndex((message) => message.role === 'assistant' && message.content.some((part) => part.type === 'tool-call' && part.toolCallId === 'c3'));
    expect(afterBlock[blockedAt + 1]).toMatchObject({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c3', output: { type: 'error-text' } }] });
    expect(JSON.stringify(afterBlock[blockedAt])).not.toContain('providerExecuted');
    // The app sees the blocked call in the step, marked, with the error as its result.
    const blockedCall = result.steps.flatMap((step) => step.toolCalls).find((call) => call.toolCallId === 'c3');
    expect(blockedCall?.providerMetadata?.cairn).toMatchObject({ guard: 'block' });
    expect(result.text).toBe('Done.');
    // Later steps still show the blocked pair the same way.
    const later = model.doGenerateCalls[model.doGenerateCalls.length - 1]!.prompt;
    expect(toolResultTexts(later).some((text) => text.includes('Blocked by cairn'))).toBe(true);
  });

  it('warn: a repeated failed call runs, is marked, and the next step shows a note', async () => {
    const runs: string[] = [];
    const model = scriptedModel(2);
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: cairnMiddleware({ guard: 'warn' }) }),
      prompt: 'Make the tests pass.',
      tools: { shell: shellTool(runs) },
      stopWhen: isStepCount(10),
    });
    expect(runs).toEqual(['npm test', 'npm test', 'git diff']);
    const second = result.steps[1]!.toolCalls[0]!;
    expect(second.providerMetadata?.cairn).toMatchObject({ guard: 'warn' });
    expect(result.steps[0]!.toolCalls[0]!.providerMetadata?.cairn).toBeUndefined();
    const next = model.doGenerateCalls[2]!.prompt;
    const last = next[next.length - 1]!;
    expect(last.role).toBe('user');
    expect(JSON.stringify(last)).toContain('[cairn guard]');
    // The note is for the step right after the warned call only.
    expect(JSON.stringify(model.doGenerateCalls[3]!.prompt)).not.toContain('[cairn guard]');
  });

  it('off: nothing is marked or blocked', async () => {
    const runs: string[] = [];
    const model = scriptedModel(3);
    await generateText({ model: wrapLanguageModel({ model, middleware: cairnMiddleware({ guard: 'off' }) }), prompt: 'Make the tests pass.', tools: { shell: shellTool(runs) }, stopWhen: isStepCount(10) });
    expect(runs).toEqual(['npm test', 'npm test', 'npm test', 'git diff']);
  });

  it('block through streamText: the blocked call streams as an error result and the loop goes on', async () => {
    const runs: string[] = [];
    const model = scriptedModel(3);
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: cairnMiddleware({ guard: 'block' }) }),
      prompt: 'Make the tests pass.',
      tools: { shell: shellTool(runs) },
      stopWhen: isStepCount(10),
    });
    expect(await result.text).toBe('Done.');
    expect(runs).toEqual(['npm test', 'npm test', 'git diff']);
    const afterBlock = model.doStreamCalls[3]!.prompt;
    expect(toolResultTexts(afterBlock).filter((text) => text.includes('Blocked by cairn'))).toHaveLength(1);
  });

  it('block with no retries left: the step ends with the blocked call answered by its error', async () => {
    const runs: string[] = [];
    const model = scriptedModel(5);
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: cairnMiddleware({ guard: 'block', maxBlockedRetries: 0 }) }),
      prompt: 'Make the tests pass.',
      tools: { shell: shellTool(runs) },
      stopWhen: isStepCount(10),
    });
    expect(runs).toEqual(['npm test', 'npm test']);
    const lastStep = result.steps[result.steps.length - 1]!;
    expect(lastStep.content.some((part) => part.type === 'tool-error' || (part.type === 'tool-result' && String(part.output).includes('Blocked')))).toBe(true);
  });
});
