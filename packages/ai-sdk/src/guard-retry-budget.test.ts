import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { countMessageTokens, createBpeTokenCounter, findViewViolations, fingerprint } from '@cairn/core';
import { generateText, isStepCount, jsonSchema, streamText, tool, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import type { CairnMiddlewareOptions } from './cairn-middleware-options.js';
import { promptMessageToCairn } from './prompt-message-to-cairn.js';
import { callResult, streamOf, textResult } from './test-support/mock-results.js';

const counter = createBpeTokenCounter();

/** A session's shape: its budget, its length, how much each file read and each blocked answer's text weigh, how often the model goes back to the failing `npm test`. */
interface Script {
  budget: number;
  turns: number;
  fileRepeats: number;
  textRepeats: number;
  deadEndEvery: number;
  stream: boolean;
  options?: Partial<CairnMiddlewareOptions>;
}

/** The latest `turn N:` user message of a prompt, and whether a tool answered since. */
function latestTurn(prompt: LanguageModelV4Prompt): { turn: number; answered: boolean } {
  let answered = false;
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index]!;
    if (message.role === 'tool') answered = true;
    if (message.role !== 'user') continue;
    const match = /^turn (\d+):/.exec(message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''));
    if (match) return { turn: Number(match[1]), answered };
  }
  return { turn: -1, answered };
}

/** Tokens of a prompt, counted as the engine counts (every message, the system prompt included). */
function tokensOf(prompt: LanguageModelV4Prompt): number {
  return prompt.flatMap((message, index) => promptMessageToCairn(message, index, fingerprint(message))).reduce((total, message) => total + countMessageTokens(message, counter), 0);
}

/**
 * Runs a session through `generateText` or `streamText`: each turn reads a file, and every
 * `deadEndEvery`-th turn the model explains at length and runs the failing `npm test` again
 * (blocked from the third time on, then retried with the block appended). Returns every prompt
 * the model received.
 */
async function runScript(script: Script) {
  const runs: string[] = [];
  const shell = tool({
    description: 'Runs a shell command',
    inputSchema: jsonSchema<{ command: string }>({ type: 'object', properties: { command: { type: 'string' } }, required: ['command'] }),
    execute: async ({ command }) => {
      runs.push(command);
      return command === 'npm test' ? 'Error: exit code 1\nFAIL src/app.test.ts > adds: expected 2 to be 3' : `contents of ${command.slice(4)}: ${'export const value = 1; '.repeat(script.fileRepeats)}`;
    },
  });
  const answer = (options: LanguageModelV4CallOptions) => {
    const { turn, answered } = latestTurn(options.prompt);
    if (answered) return textResult(`Noted turn ${turn}.`);
    if (turn % script.deadEndEvery === script.deadEndEvery - 1) {
      return callResult([{ id: `call-${turn}`, name: 'shell', input: { command: 'npm test' } }], `Turn ${turn}: the suite may pass now. ${'I will run the whole test suite once more to see where it stands. '.repeat(script.textRepeats)}`);
    }
    return callResult([{ id: `call-${turn}`, name: 'shell', input: { command: `cat src/module-${turn}.ts` } }]);
  };
  const model = new MockLanguageModelV4({ doGenerate: async (options) => answer(options), doStream: async (options) => streamOf(answer(options)) });
  const middleware = cairnMiddleware({ budget: script.budget, guard: 'block', sessionId: 'agent', ...script.options });
  const wrapped = wrapLanguageModel({ model, middleware });
  const messages: ModelMessage[] = [];
  for (let turn = 0; turn < script.turns; turn++) {
    messages.push({ role: 'user', content: `turn ${turn}: continue with the next module` });
    const call = { model: wrapped, system: 'You are a coding agent.', messages, tools: { shell }, stopWhen: isStepCount(4) };
    if (script.stream) {
      const result = streamText(call);
      messages.push(...(await result.responseMessages));
    } else {
      messages.push(...(await generateText(call)).responseMessages);
    }
  }
  await middleware.close();
  const prompts = script.stream ? model.doStreamCalls.map((call) => call.prompt) : model.doGenerateCalls.map((call) => call.prompt);
  const retries = prompts.filter((prompt) => {
    const last = prompt[prompt.length - 1]!;
    return last.role === 'tool' && JSON.stringify(last).includes('Blocked by cairn');
  });
  return { prompts, retries, runs };
}

function expectWithinBudget(prompts: LanguageModelV4Prompt[], budget: number): void {
  for (const prompt of prompts) {
    expect(tokensOf(prompt)).toBeLessThanOrEqual(budget);
    expect(findViewViolations(prompt.flatMap((message, index) => promptMessageToCairn(message, index, fingerprint(message))))).toEqual([]);
  }
}

/** Defaults (no Background_Context block), a long explanation before each repeat of the dead end. */
const DEFAULTS: Script = { budget: 2_000, turns: 40, fileRepeats: 30, textRepeats: 40, deadEndEvery: 5, stream: false };

describe('a guard retry prompt', () => {
  it('generateText, default options: the blocked answer and its error are counted in the budget', async () => {
    const { prompts, retries, runs } = await runScript(DEFAULTS);
    expect(retries.length).toBeGreaterThan(0);
    expectWithinBudget(prompts, DEFAULTS.budget);
    expect(runs.filter((command) => command === 'npm test')).toHaveLength(2);
    // Each retry still shows the blocked call and the error naming the real failure.
    for (const retry of retries) expect(JSON.stringify(retry.slice(-2))).toContain('expected 2 to be 3');
  }, 60_000);

  it('streamText, default options: the same', async () => {
    const { prompts, retries } = await runScript({ ...DEFAULTS, stream: true });
    expect(retries.length).toBeGreaterThan(0);
    expectWithinBudget(prompts, DEFAULTS.budget);
  }, 60_000);

  it('with the Background_Context block on (plain facts), through generateText and streamText', async () => {
    const options = { pages: { consolidation: { background: true, plainFacts: true } } };
    for (const stream of [false, true]) {
      const { prompts, retries } = await runScript({ ...DEFAULTS, stream, options });
      expect(retries.length).toBeGreaterThan(0);
      expectWithinBudget(prompts, DEFAULTS.budget);
    }
  }, 60_000);

  it('an explanation larger than what the view leaves: the blocked call and its error are retried without it', async () => {
    const { prompts, retries } = await runScript({ ...DEFAULTS, budget: 1_200, textRepeats: 120 });
    expectWithinBudget(prompts, 1_200);
    expect(retries.length).toBeGreaterThan(0);
    for (const retry of retries) expect(JSON.stringify(retry[retry.length - 2])).not.toContain('I will run the whole test suite once more');
  }, 60_000);

  it('no retry when no view leaves room for the blocked call: the step ends with it, and the next call shows it within the budget', async () => {
    const budget = 900;
    const runs: string[] = [];
    const shell = tool({
      description: 'Runs a shell command',
      inputSchema: jsonSchema<{ command: string; why: string }>({ type: 'object', properties: { command: { type: 'string' }, why: { type: 'string' } }, required: ['command', 'why'] }),
      execute: async ({ command }) => {
        runs.push(command);
        return 'Error: exit code 1\nFAIL src/app.test.ts > adds: expected 2 to be 3';
      },
    });
    // The same long call every time: two failures make it a dead end; the third is blocked.
    const why = 'the suite needs one more full run to be sure '.repeat(40);
    const answer = (options: LanguageModelV4CallOptions) => {
      const { turn, answered } = latestTurn(options.prompt);
      return answered ? textResult(`Noted turn ${turn}.`) : callResult([{ id: `call-${turn}`, name: 'shell', input: { command: 'npm test', why } }]);
    };
    const model = new MockLanguageModelV4({ doGenerate: async (options) => answer(options) });
    const middleware = cairnMiddleware({ budget, guard: 'block', sessionId: 'tight' });
    const wrapped = wrapLanguageModel({ model, middleware });
    const messages: ModelMessage[] = [];
    const requests = ['turn 0: run the tests', 'turn 1: run the tests', `turn 2: ${'here is the whole log of the failing build, line by line. '.repeat(45)}`, 'turn 3: what now?'];
    let blockedStep: { toolCalls: { providerMetadata?: unknown }[] } | undefined;
    for (const content of requests) {
      messages.push({ role: 'user', content });
      const result = await generateText({ model: wrapped, messages, tools: { shell }, stopWhen: isStepCount(3) });
      if (content.startsWith('turn 2')) blockedStep = result.steps[result.steps.length - 1];
      messages.push(...result.responseMessages);
    }
    const prompts = model.doGenerateCalls.map((call) => call.prompt);
    expectWithinBudget(prompts, budget);
    expect(runs).toEqual(['npm test', 'npm test']);
    // Turn 2's blocked answer was not retried (none of its prompts ends with the block appended) …
    const turn2 = prompts.filter((prompt) => latestTurn(prompt).turn === 2);
    expect(turn2).toHaveLength(1);
    expect(JSON.stringify(turn2[0])).not.toContain('Blocked by cairn');
    expect(blockedStep?.toolCalls.some((call) => JSON.stringify(call.providerMetadata).includes('"guard":"block"'))).toBe(true);
    // … and the next turn's prompt shows the blocked call's error, through the engine.
    expect(JSON.stringify(prompts[prompts.length - 1])).toContain('Blocked by cairn');
  }, 60_000);

  it('property: random sessions and budgets, a model that repeats a dead end — every prompt within budget', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          budget: fc.integer({ min: 700, max: 4_000 }),
          turns: fc.integer({ min: 6, max: 24 }),
          fileRepeats: fc.integer({ min: 1, max: 12 }),
          textRepeats: fc.integer({ min: 0, max: 80 }),
          deadEndEvery: fc.integer({ min: 2, max: 5 }),
          stream: fc.boolean(),
          background: fc.boolean(),
        }),
        async ({ background, ...shape }) => {
          // A file read is kept well under the budget (one read alone must leave room for a view).
          const script: Script = { ...shape, fileRepeats: Math.min(shape.fileRepeats * 5, Math.floor(shape.budget / 40)), ...(background ? { options: { pages: { consolidation: { background: true, plainFacts: true } } } } : {}) };
          const { prompts, runs } = await runScript(script);
          expectWithinBudget(prompts, script.budget);
          expect(runs.filter((command) => command === 'npm test').length).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
