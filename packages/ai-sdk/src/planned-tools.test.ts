import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { createCharTokenCounter, createContextEngine, type AssembleOptions, type ContextEngine } from '@cairn/core';
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { callResult, textResult } from './test-support/mock-results.js';

const chars = createCharTokenCounter();
const DEPLOY_RESULT = 'api 4.2.1, 60%';

/** An early deploy_status exchange, then twelve long turns about something else. */
function history(): ModelMessage[] {
  const messages: ModelMessage[] = [
    { role: 'user', content: 'Please check the deployment status of the service.' },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'deploy_status', input: { svc: 'api' } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'deploy_status', output: { type: 'text', value: DEPLOY_RESULT } }] },
  ];
  for (let turn = 1; turn <= 12; turn++) {
    messages.push({ role: 'user', content: `${'Some long background first. '.repeat(12)}Tell me something about topic number ${turn} in a sentence or two please, and mention anything relevant from the earlier topics.` });
    messages.push({ role: 'assistant', content: `Topic ${turn} is about gardening and growing tomatoes in small pots on a balcony, with plenty of sun, water twice a day, and a stake for support as the vines get taller over the summer months.` });
  }
  messages.push({ role: 'user', content: 'Now, is the rollout done?' });
  return messages;
}

const schema = jsonSchema<{ svc: string }>({ type: 'object', properties: { svc: { type: 'string' } }, required: ['svc'] });
const tools = {
  deploy_status: tool({ description: 'Deployment status of a service', inputSchema: schema, execute: async () => 'api 4.2.1, 100%' }),
  weather: tool({ description: 'Weather at a place', inputSchema: schema, execute: async () => 'sunny' }),
};

/** A middleware on an engine whose `assemble` is watched, and a model that records what it is sent. */
function setup(budget: number, answers: () => ReturnType<typeof textResult>) {
  const engine: ContextEngine = createContextEngine({ tokenCounter: chars });
  const assemble = vi.spyOn(engine, 'assemble');
  const prompts: LanguageModelV4CallOptions['prompt'][] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      return answers();
    },
  });
  const middleware = cairnMiddleware({ engine, budget, tokenCounter: chars, guard: 'off' });
  const planned = () => assemble.mock.calls.map(([options]) => (options as AssembleOptions | undefined)?.plannedTools);
  /** The score of the first deploy_status exchange in each assembled view. */
  const deployScores = () => {
    const caller = engine.getMessages().find((message) => message.toolCalls?.some((call) => call.name === 'deploy_status'))!;
    return assemble.mock.results.map((result) => (result.value as ReturnType<ContextEngine['assemble']>).metadata.decisions.find((decision) => decision.messageIds.includes(caller.id))!.score);
  };
  return { model: wrapLanguageModel({ model, middleware }), planned, prompts, deployScores };
}

const shows = (prompt: LanguageModelV4CallOptions['prompt'], text: string) => JSON.stringify(prompt).includes(text);

describe('plannedTools from the AI SDK call (PAACE)', () => {
  it('generateText with toolChoice naming a tool: the engine plans it, and its old exchange stays in view', async () => {
    const planned = setup(1_500, () => callResult([{ id: 'd2', name: 'deploy_status', input: { svc: 'api' } }]));
    await generateText({ model: planned.model, messages: history(), tools, toolChoice: { type: 'tool', toolName: 'deploy_status' }, stopWhen: isStepCount(1) });
    expect(planned.planned()).toEqual([['deploy_status']]);
    expect(shows(planned.prompts[0]!, DEPLOY_RESULT)).toBe(true);

    const plain = setup(1_500, () => textResult('Checking.'));
    await generateText({ model: plain.model, messages: history(), tools, stopWhen: isStepCount(1) });
    expect(plain.planned()).toEqual([undefined]);
    expect(shows(plain.prompts[0]!, DEPLOY_RESULT)).toBe(false);
  });

  it('generateText with prepareStep narrowing activeTools: the narrowed list is planned (and scores its exchange up), the full list is not', async () => {
    const twoSteps = async (narrow: boolean) => {
      let step = 0;
      const run = setup(1_500, () => (++step === 1 ? callResult([{ id: 'w1', name: 'weather', input: { svc: 'paris' } }]) : textResult('Done.')));
      await generateText({
        model: run.model,
        messages: history(),
        tools,
        prepareStep: ({ stepNumber }) => (narrow && stepNumber === 1 ? { activeTools: ['deploy_status'] } : {}),
        stopWhen: isStepCount(2),
      });
      return run;
    };
    const narrowed = await twoSteps(true);
    const full = await twoSteps(false);
    expect(narrowed.planned()).toEqual([undefined, ['deploy_status']]);
    expect(full.planned()).toEqual([undefined, undefined]);
    expect(shows(narrowed.prompts[0]!, DEPLOY_RESULT)).toBe(false);
    expect(narrowed.deployScores()[1]!).toBeGreaterThan(full.deployScores()[1]!);
  });

  it('toolChoice none plans nothing; providerOptions.cairn.plannedTools is passed as given and checked', async () => {
    const none = setup(1_500, () => textResult('No tools.'));
    await generateText({ model: none.model, messages: history(), tools, toolChoice: 'none', stopWhen: isStepCount(1) });
    expect(none.planned()).toEqual([undefined]);

    const named = setup(1_500, () => textResult('Ok.'));
    await generateText({ model: named.model, messages: history(), tools, providerOptions: { cairn: { plannedTools: ['deploy_status'] } }, stopWhen: isStepCount(1) });
    expect(named.planned()).toEqual([['deploy_status']]);

    const bad = setup(1_500, () => textResult('Ok.'));
    await expect(generateText({ model: bad.model, messages: history(), tools, providerOptions: { cairn: { plannedTools: 'deploy_status' } }, stopWhen: isStepCount(1), maxRetries: 0 })).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
  });
});
