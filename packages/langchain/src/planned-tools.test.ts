import { createCharTokenCounter, type AssembleOptions, type ContextEngine } from '@cairn/core';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent, createMiddleware, tool } from 'langchain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cairnMiddleware } from './cairn-middleware.js';
import { promptText } from './test-support/prompt-checks.js';

const chars = createCharTokenCounter();
const DEPLOY_RESULT = 'api 4.2.1, 60%';

/** An early deploy_status exchange, then twelve long turns about something else. */
function history(): BaseMessage[] {
  const messages: BaseMessage[] = [
    new HumanMessage('We will talk about gardening today.'),
    new AIMessage('Happy to.'),
    new HumanMessage('Please check the deployment status of the service.'),
    new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'deploy_status', args: { svc: 'api' } }] }),
    new ToolMessage({ content: DEPLOY_RESULT, tool_call_id: 'c1' }),
  ];
  for (let turn = 1; turn <= 12; turn++) {
    messages.push(new HumanMessage(`${'Some long background first. '.repeat(12)}Tell me something about topic number ${turn} in a sentence or two please, and mention anything relevant from the earlier topics.`));
    messages.push(new AIMessage(`Topic ${turn} is about gardening and growing tomatoes in small pots on a balcony, with plenty of sun, water twice a day, and a stake for support as the vines get taller over the summer months.`));
  }
  return messages;
}

const schema = z.object({ svc: z.string() });
const tools = [
  tool(async () => 'api 4.2.1, 100%', { name: 'deploy_status', description: 'Deployment status of a service', schema }),
  tool(async () => 'sunny', { name: 'weather', description: 'Weather at a place', schema }),
];

/** A middleware before cairn's that changes each model request (as a tool-selecting middleware would). */
const steer = (change: (request: { toolChoice?: unknown; tools: unknown[] }) => object) =>
  createMiddleware({ name: 'Steer', wrapModelCall: (request, handler) => handler({ ...request, ...change(request as never) } as typeof request) });

/** Runs one agent turn on the history with cairn after `before`; what assemble got and the model saw. */
async function turn(budget: number, before: ReturnType<typeof steer>[], ending: BaseMessage[] = [new HumanMessage('Now, is the rollout done?')]) {
  const cairn = cairnMiddleware({ budget, tokenCounter: chars, guard: 'off' });
  const engine: ContextEngine = await cairn.engine('t1');
  const assemble = vi.spyOn(engine, 'assemble');
  const model = fakeModel().respond(new AIMessage('Checking.'));
  const agent = createAgent({ model, tools, middleware: [...before, cairn] as unknown as [typeof cairn], checkpointer: new MemorySaver() });
  await agent.invoke({ messages: [...history(), ...ending] }, { configurable: { thread_id: 't1' } });
  return {
    planned: assemble.mock.calls.map(([options]) => (options as AssembleOptions | undefined)?.plannedTools),
    seen: promptText(model.calls[0]!.messages),
  };
}

describe('plannedTools from the createAgent model request (PAACE)', () => {
  it('a toolChoice naming a function: the engine plans it, and its old exchange stays in view', async () => {
    const planned = await turn(500, [steer(() => ({ toolChoice: { type: 'function', function: { name: 'deploy_status' } } }))]);
    expect(planned.planned).toEqual([['deploy_status']]);
    expect(planned.seen).toContain(DEPLOY_RESULT);
    const plain = await turn(500, []);
    expect(plain.planned).toEqual([undefined]);
    expect(plain.seen).not.toContain(DEPLOY_RESULT);
  });

  it('pending tool calls of the current step are planned', async () => {
    const pending = await turn(500, [], [new HumanMessage('Now, is the rollout done?'), new AIMessage({ content: '', tool_calls: [{ id: 'c9', name: 'deploy_status', args: { svc: 'api' } }] })]);
    expect(pending.planned[0]).toEqual(['deploy_status']);
  });

  it('a tool list narrowed by an earlier middleware is planned; the full list and toolChoice none are not', async () => {
    let call = 0;
    const narrow = steer((request) => (++call === 2 ? { tools: request.tools.filter((bound) => (bound as { name: string }).name === 'deploy_status') } : {}));
    const cairn = cairnMiddleware({ budget: 1_500, tokenCounter: chars, guard: 'off' });
    const engine = await cairn.engine('t2');
    const assemble = vi.spyOn(engine, 'assemble');
    const model = fakeModel().respond(new AIMessage('One.')).respond(new AIMessage('Two.'));
    const agent = createAgent({ model, tools, middleware: [narrow, cairn] as unknown as [typeof cairn], checkpointer: new MemorySaver() });
    await agent.invoke({ messages: [new HumanMessage('First.')] }, { configurable: { thread_id: 't2' } });
    await agent.invoke({ messages: [new HumanMessage('Second.')] }, { configurable: { thread_id: 't2' } });
    expect(assemble.mock.calls.map(([options]) => options?.plannedTools)).toEqual([undefined, ['deploy_status']]);
    const none = await turn(500, [steer(() => ({ toolChoice: 'none' }))]);
    expect(none.planned).toEqual([undefined]);
  });
});
