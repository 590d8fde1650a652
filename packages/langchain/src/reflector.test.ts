import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent, tool } from 'langchain';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CairnError } from '@cairn/core';
import { cairnMiddleware, type CairnMiddlewareOptions } from './cairn-middleware.js';
import { callTools, promptText } from './test-support/prompt-checks.js';

const TURNS = 6;
const LESSON = 'lookup_order wants the order id with its leading # (e.g. #W123).';

const lookupOrder = tool(async ({ id }: { id: string }) => (id.startsWith('#') ? `Order ${id}: shipped.` : `Error: unknown order ${id}`), {
  name: 'lookup_order',
  description: 'Looks an order up.',
  schema: z.object({ id: z.string() }),
});

/** createAgent with a cairn session and `reflector`; returns the prompts the agent's model saw. */
async function runAgent(options: Pick<CairnMiddlewareOptions, 'reflector' | 'reflectEvery' | 'onBackgroundError'>, settle: () => Promise<void>): Promise<BaseMessage[][]> {
  const model = fakeModel();
  for (let turn = 0; turn < TURNS; turn++) {
    model.respond(callTools([{ name: 'lookup_order', args: { id: `#W${turn}` }, id: `call-${turn}` }]));
    model.respond(new AIMessage(`Order #W${turn} is shipped.`));
  }
  const agent = createAgent({ model, tools: [lookupOrder], middleware: [cairnMiddleware({ budget: 3_000, ...options })], checkpointer: new MemorySaver() });
  for (let turn = 0; turn < TURNS; turn++) {
    await agent.invoke({ messages: [new HumanMessage(`Where is order #W${turn}?`)] }, { configurable: { thread_id: 'orders' } });
    await settle(); // the reflector runs in the background; let it finish before the next turn
  }
  return model.calls.map((call) => call.messages as BaseMessage[]);
}

describe('a LangChain chat model as the playbook reflector', () => {
  it('curates bullets that later prompts show, in batches of reflectEvery messages, through createAgent', async () => {
    const reflectorModel = new FakeListChatModel({ responses: [`Here are the operations:\n\`\`\`json\n[{"op":"add","section":"tools","content":"${LESSON}"}]\n\`\`\``, '[]'] });
    const invoke = vi.spyOn(reflectorModel, 'invoke');
    const prompts = await runAgent({ reflector: reflectorModel, reflectEvery: 6 }, () => vi.waitFor(() => expect(invoke.mock.results.every((result) => result.type !== 'incomplete')).toBe(true)));
    expect(invoke.mock.calls.length).toBeGreaterThanOrEqual(1);
    // Batches: far fewer model calls than agent turns (4 messages per turn, 6 per batch).
    expect(invoke.mock.calls.length).toBeLessThan(TURNS);
    const firstInput = invoke.mock.calls[0]![0] as BaseMessage[];
    expect(String(firstInput[1]!.content)).toContain('New messages:');
    expect(String(firstInput[1]!.content)).toContain('Where is order #W0?');
    expect(prompts.some((prompt) => promptText(prompt).includes(LESSON))).toBe(true);
    expect(promptText(prompts[0]!)).not.toContain(LESSON); // nothing before the first reflection
  });

  it('a reply with no operations goes to onBackgroundError; calls go on', async () => {
    const errors: unknown[] = [];
    const reflectorModel = new FakeListChatModel({ responses: ['I think the agent did fine.'] });
    const prompts = await runAgent({ reflector: reflectorModel, reflectEvery: 2, onBackgroundError: (error) => errors.push(error) }, () => vi.waitFor(() => expect(errors.length).toBeGreaterThan(0)));
    expect(prompts.length).toBe(2 * TURNS);
    expect(errors[0]).toBeInstanceOf(CairnError);
    expect((errors[0] as CairnError).code).toBe('INVALID_MESSAGE');
  });

  it('takes a PlaybookReflector function too, and refuses anything else', async () => {
    let runs = 0;
    const prompts = await runAgent(
      {
        reflector: async ({ playbook }) => {
          runs++;
          return playbook.length === 0 ? [{ op: 'add', section: 'tools', content: LESSON }] : [];
        },
        reflectEvery: 4,
      },
      async () => undefined,
    );
    await vi.waitFor(() => expect(runs).toBeGreaterThan(0));
    expect(prompts.some((prompt) => promptText(prompt).includes(LESSON))).toBe(true);
    expect(() => cairnMiddleware({ reflector: 'gpt-4.1' as never })).toThrow(/reflector/);
    expect(() => cairnMiddleware({ reflectEvery: 0 })).toThrow(/reflectEvery/);
  });
});
