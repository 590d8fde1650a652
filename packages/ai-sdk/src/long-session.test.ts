import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { countMessageTokens, createBpeTokenCounter, findViewViolations } from '@cairn/core';
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import type { CairnGuardMode, CairnMiddlewareOptions } from './cairn-middleware-options.js';
import { fingerprint } from '@cairn/core';
import { promptMessageToCairn } from './prompt-message-to-cairn.js';
import { callResult, textResult } from './test-support/mock-results.js';

const TURNS = 200;
const BUDGET = 3_000;
const counter = createBpeTokenCounter();

/** The latest user turn in a prompt (the brief and notes are user messages too, so look for the turn's words), and whether a tool answered since. */
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

/** 200 user turns; each asks for one tool call, and every 10th turn the model re-runs the failing `npm test`. */
async function runSession(guard: CairnGuardMode, options: Partial<CairnMiddlewareOptions> = {}) {
  const runs: string[] = [];
  const shell = tool({
    description: 'Runs a shell command',
    inputSchema: jsonSchema<{ command: string }>({ type: 'object', properties: { command: { type: 'string' } }, required: ['command'] }),
    execute: async ({ command }) => {
      runs.push(command);
      return command === 'npm test' ? 'Error: exit code 1\nFAIL src/app.test.ts > adds: expected 2 to be 3' : `contents of ${command.slice(4)}: ${'export const value = 1; '.repeat(20)}`;
    },
  });
  let calls = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      calls++;
      const { turn, answered } = latestTurn(options.prompt);
      if (answered) return textResult(`Noted the output (call ${calls}).`);
      const command = turn % 10 === 5 ? 'npm test' : `cat src/module-${turn}.ts`;
      return callResult([{ id: `call-${turn}`, name: 'shell', input: { command } }], `Working on turn ${turn}.`);
    },
  });
  const middleware = cairnMiddleware({ budget: BUDGET, guard, sessionId: 'agent', ...options });
  const wrapped = wrapLanguageModel({ model, middleware });
  const messages: ModelMessage[] = [];
  const flagged: string[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    messages.push({ role: 'user', content: `turn ${turn}: continue with the next module` });
    const result = await generateText({ model: wrapped, system: 'You are a coding agent.', messages, tools: { shell }, stopWhen: isStepCount(4) });
    for (const call of result.steps.flatMap((step) => step.toolCalls)) {
      const cairn = call.providerMetadata?.cairn as { guard?: string } | undefined;
      if (cairn?.guard) flagged.push(`${cairn.guard}:${call.toolCallId}`);
    }
    messages.push(...result.responseMessages);
  }
  return { model, runs, flagged, engine: await middleware.engine() };
}

function check(prompts: LanguageModelV4Prompt[]): void {
  for (const prompt of prompts) {
    const asCairn = prompt.flatMap((message, index) => promptMessageToCairn(message, index, fingerprint(message)));
    expect(asCairn.reduce((total, message) => total + countMessageTokens(message, counter), 0)).toBeLessThanOrEqual(BUDGET);
    expect(findViewViolations(asCairn)).toEqual([]);
  }
}

describe('a 200-turn tool-using session', () => {
  it('warn: every prompt within budget and valid; repeats of the failed call are flagged', async () => {
    const { model, runs, flagged, engine } = await runSession('warn');
    expect(engine.getMessages().length).toBeGreaterThan(TURNS * 3);
    check(model.doGenerateCalls.map((call) => call.prompt));
    expect(runs.filter((command) => command === 'npm test')).toHaveLength(20);
    // The first run fails unflagged; every repeat is flagged.
    expect(flagged).toHaveLength(19);
    expect(flagged.every((entry) => entry.startsWith('warn:call-'))).toBe(true);
    // The failure stays in view as a dead end, long after its output was compressed away.
    expect(JSON.stringify(model.doGenerateCalls[model.doGenerateCalls.length - 1]!.prompt)).toContain('npm test');
  }, 120_000);

  it('block: after two failures the call is never run again, and the model reads why', async () => {
    const { model, runs, flagged } = await runSession('block');
    check(model.doGenerateCalls.map((call) => call.prompt));
    expect(runs.filter((command) => command === 'npm test')).toHaveLength(2);
    expect(flagged.filter((entry) => entry.startsWith('block:'))).toHaveLength(18);
    // Each blocked answer is retried at once, with the blocked call and its error appended.
    const retries = model.doGenerateCalls.filter((call) => {
      const last = call.prompt[call.prompt.length - 1]!;
      return last.role === 'tool' && JSON.stringify(last).includes('Blocked by cairn');
    });
    expect(retries).toHaveLength(18);
    // The brief keeps naming the real failure, not cairn's own error text.
    const finalPrompt = JSON.stringify(model.doGenerateCalls[model.doGenerateCalls.length - 1]!.prompt);
    expect(finalPrompt).toContain('Known dead ends');
    expect(finalPrompt).toContain('expected 2 to be 3');
  }, 120_000);

  it('block with the Background_Context block on: every prompt, guard retries included, within budget', async () => {
    // The block spends the slack the plan leaves; a retry that appended its blocked call to the
    // view as it was passed the budget (3,105 tokens of 3,000) before retries were planned again.
    const { model, runs, flagged } = await runSession('block', { pages: { consolidation: { background: true, plainFacts: true } } });
    check(model.doGenerateCalls.map((call) => call.prompt));
    expect(runs.filter((command) => command === 'npm test')).toHaveLength(2);
    expect(flagged.filter((entry) => entry.startsWith('block:'))).toHaveLength(18);
    const retries = model.doGenerateCalls.filter((call) => {
      const last = call.prompt[call.prompt.length - 1]!;
      return last.role === 'tool' && JSON.stringify(last).includes('Blocked by cairn');
    });
    expect(retries).toHaveLength(18);
  }, 120_000);
});
