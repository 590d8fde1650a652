import { createInMemorySessionStore } from '@cairn/core';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { interrupt, MemorySaver } from '@langchain/langgraph';
import { createAgent, createMiddleware, tool } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cairnMiddleware, type GuardMode } from './cairn-middleware.js';
import { callTools, promptText } from './test-support/prompt-checks.js';

function throwingDeploy(runs: string[]) {
  return tool(
    async ({ target }: { target: string }) => {
      runs.push(target);
      throw new Error(`deploy to ${target} failed: permission denied on /srv/app`);
    },
    { name: 'deploy', description: 'Deploys the service.', schema: z.object({ target: z.string() }) },
  );
}

const toolMessages = (messages: readonly BaseMessage[]) => messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));

/** One run: the model calls the throwing tool, then answers. */
async function runOnce(middleware: ReturnType<typeof cairnMiddleware>[]) {
  const model = fakeModel().respond(callTools([{ name: 'deploy', args: { target: 'prod' }, id: 'd-1' }])).respond(new AIMessage('It failed.'));
  const agent = createAgent({ model, tools: [throwingDeploy([])], middleware });
  const state = await agent.invoke({ messages: [new HumanMessage('Deploy to prod.')] });
  return { model, state };
}

describe('a tool that throws, through createAgent with cairnMiddleware', () => {
  it.each<GuardMode>(['warn', 'block', 'off'])("guard '%s': the run goes on and the model reads the same error ToolMessage as without cairn", async (guard) => {
    const plain = await runOnce([]);
    const withCairn = await runOnce([cairnMiddleware({ budget: 4_000, guard })]);
    const expected = toolMessages(plain.model.calls[1]!.messages)[0]!;
    const seen = toolMessages(withCairn.model.calls[1]!.messages)[0]!;
    expect(seen.status).toBe('error');
    expect(seen.content).toBe(expected.content);
    expect(seen.content).toContain('permission denied on /srv/app');
    expect(seen.name).toBe('deploy');
    expect(seen.tool_call_id).toBe('d-1');
    expect(withCairn.state.messages.at(-1)!.text).toBe('It failed.');
  });

  it('the guard learns the thrown failure: a repeat is warned, then blocked and not run', async () => {
    const model = fakeModel();
    for (let attempt = 0; attempt < 3; attempt++) model.respond(callTools([{ name: 'deploy', args: { target: 'prod' }, id: `d-${attempt}` }])).respond(new AIMessage(`Attempt ${attempt} failed.`));
    const runs: string[] = [];
    const agent = createAgent({ model, tools: [throwingDeploy(runs)], middleware: [cairnMiddleware({ budget: 4_000, guard: 'block', store: createInMemorySessionStore() })], checkpointer: new MemorySaver() });
    let state: { messages: BaseMessage[] } = { messages: [] };
    for (let attempt = 0; attempt < 3; attempt++) state = await agent.invoke({ messages: [new HumanMessage(`Deploy to prod (attempt ${attempt}).`)] }, { configurable: { thread_id: 'deploys' } });
    expect(runs).toEqual(['prod', 'prod']);
    const results = toolMessages(state.messages);
    expect(results.map((result) => result.status)).toEqual(['error', 'error', 'error']);
    expect(String(results[1]!.content)).toContain('[cairn guard] Warning');
    expect(String(results[2]!.content)).toContain('cairn blocked this call');
    expect(promptText(model.calls[1]!.messages)).toContain('permission denied');
  });

  it('within one run: the model retries the thrown call and the repeat is warned', async () => {
    const model = fakeModel()
      .respond(callTools([{ name: 'deploy', args: { target: 'prod' }, id: 'r-1' }]))
      .respond(callTools([{ name: 'deploy', args: { target: 'prod' }, id: 'r-2' }]))
      .respond(new AIMessage('Giving up.'));
    const runs: string[] = [];
    const agent = createAgent({ model, tools: [throwingDeploy(runs)], middleware: [cairnMiddleware({ budget: 4_000, guard: 'warn' })] });
    const state = await agent.invoke({ messages: [new HumanMessage('Deploy to prod.')] });
    const results = toolMessages(state.messages);
    expect(runs).toEqual(['prod', 'prod']);
    expect(String(results[0]!.content)).not.toContain('[cairn guard]');
    expect(String(results[1]!.content)).toContain('[cairn guard] Warning');
  });

  it("only a tool's own error is answered: an interrupt and another middleware's own error propagate, as without cairn", async () => {
    const answered = await runOnce([cairnMiddleware({ budget: 4_000 })]);
    expect(toolMessages(answered.state.messages)[0]!.status).toBe('error');

    const approval = tool(async () => interrupt('Approve the deploy?'), { name: 'deploy', description: 'Deploys after approval.', schema: z.object({ target: z.string() }) });
    const paused = fakeModel().respond(callTools([{ name: 'deploy', args: { target: 'prod' }, id: 'i-1' }])).respond(new AIMessage('never'));
    const humanInLoop = createAgent({ model: paused, tools: [approval], checkpointer: new MemorySaver(), middleware: [cairnMiddleware({ budget: 4_000 })] });
    const state = await humanInLoop.invoke({ messages: [new HumanMessage('Deploy to prod.')] }, { configurable: { thread_id: 'approval' } });
    expect((state as { __interrupt__?: unknown[] }).__interrupt__).toHaveLength(1);
    expect(paused.callCount).toBe(1);
    expect(toolMessages(state.messages)).toEqual([]);

    const strict = createMiddleware({ name: 'Strict', wrapToolCall: async () => { throw new Error('policy: deploys are frozen'); } });
    const model = fakeModel().respond(callTools([{ name: 'deploy', args: { target: 'prod' }, id: 'p-1' }])).respond(new AIMessage('never'));
    const agent = createAgent({ model, tools: [throwingDeploy([])], middleware: [cairnMiddleware({ budget: 4_000 }), strict] });
    await expect(agent.invoke({ messages: [new HumanMessage('Deploy to prod.')] })).rejects.toThrow('deploys are frozen');
  });
});
