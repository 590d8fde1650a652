import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent, tool } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cairnMiddleware } from './cairn-middleware.js';
import { callTools, promptTokens, promptViolations } from './test-support/prompt-checks.js';

/** About `kilobytes` KB of JSON rows, as a search tool might return. */
function bigOutput(turn: number, kilobytes: number): string {
  const rows: string[] = [];
  let size = 0;
  for (let index = 0; size < kilobytes * 1024; index++) {
    const row = `{"id":"row-${turn}-${index}","title":"Result ${index} for turn ${turn}","score":${(index % 97) / 97}}`;
    rows.push(row);
    size += row.length + 1;
  }
  return `[${rows.join(',')}]`;
}

/** Runs `turns` agent turns; each calls `search` once, then answers; `outputOf(turn)` is what the tool returns. */
async function runAgent(budget: number, turns: number, outputOf: (turn: number) => string) {
  const search = tool(async ({ query }: { query: string }) => outputOf(Number(query.slice('item '.length))), {
    name: 'search',
    description: 'Searches the catalogue.',
    schema: z.object({ query: z.string() }),
  });
  const model = fakeModel();
  for (let turn = 0; turn < turns; turn++) {
    model.respond(callTools([{ name: 'search', args: { query: `item ${turn}` }, id: `call-${turn}` }]));
    model.respond(new AIMessage(`Found item ${turn}.`));
  }
  const agent = createAgent({ model, tools: [search], systemPrompt: 'You are a research agent.', middleware: [cairnMiddleware({ budget, sessionId: 'large-output' })] });
  let messages: BaseMessage[] = [];
  const failures: unknown[] = [];
  for (let turn = 0; turn < turns; turn++) {
    try {
      ({ messages } = await agent.invoke({ messages: [...messages, new HumanMessage(`Turn ${turn}: look up the next item.`)] }));
    } catch (error) {
      failures.push(error);
      break;
    }
  }
  return { model, failures };
}

describe('a large tool output with default options through createAgent (issue 12, item 2)', () => {
  it('budget 2,000, a 20 KB tool output every 10th turn over 300 turns: no turn throws, every prompt within budget', { timeout: 120_000 }, async () => {
    const { model, failures } = await runAgent(2_000, 300, (turn) => (turn % 10 === 9 ? bigOutput(turn, 20) : `{"ok":true,"item":${turn}}`));
    expect(failures).toEqual([]);
    expect(model.callCount).toBe(600);
    model.calls.forEach((call, index) => {
      expect(promptTokens(call.messages), `call ${index}`).toBeLessThanOrEqual(2_000);
      expect(promptViolations(call.messages), `call ${index}`).toEqual([]);
    });
  });

  it('budget 16,000: one 80 KB tool output does not fail the agent', async () => {
    const { model, failures } = await runAgent(16_000, 2, (turn) => (turn === 0 ? bigOutput(turn, 80) : '{"ok":true}'));
    expect(failures).toEqual([]);
    expect(model.callCount).toBe(4);
    for (const call of model.calls) expect(promptTokens(call.messages)).toBeLessThanOrEqual(16_000);
  });
});
