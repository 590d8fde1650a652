import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent, tool } from 'langchain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cairnMiddleware, type CairnMiddlewareOptions } from './cairn-middleware.js';
import { guardNote } from './guard-note.js';
import { callTools, promptTokens, promptViolations } from './test-support/prompt-checks.js';

const FAILING = 'npm run db:migrate';

/** `turns` turns; on each the agent runs the failing migration again (warned from the second time on), then answers. */
async function runWarnedSession(turns: number, options: Partial<CairnMiddlewareOptions>, errorRepeats = 1) {
  const runs: string[] = [];
  const runCommand = tool(
    async ({ command }: { command: string }) => {
      runs.push(command);
      return command === FAILING ? `Error: migration 0007_add_index failed: ${'column "email" does not exist on table "users" (schema public) '.repeat(errorRepeats)}\nexit code 1` : 'ok';
    },
    { name: 'run_command', description: 'Runs a shell command.', schema: z.object({ command: z.string() }) },
  );
  const model = fakeModel();
  for (let turn = 0; turn < turns; turn++) {
    model.respond(callTools([{ name: 'run_command', args: { command: FAILING }, id: `t${turn}` }]));
    model.respond(new AIMessage(`Turn ${turn}: the migration failed again.`));
  }
  const agent = createAgent({ model, tools: [runCommand], systemPrompt: 'You maintain a TypeScript service.', middleware: [cairnMiddleware({ sessionId: 'warned', ...options })] });
  let messages: BaseMessage[] = [];
  for (let turn = 0; turn < turns; turn++) ({ messages } = await agent.invoke({ messages: [...messages, new HumanMessage(`Turn ${turn}: apply the migrations.`)] }));
  return { model, messages, runs };
}

describe("the guard's notes on tool results", () => {
  it("default guard ('warn'): every prompt the model reads, notes included, is within the budget", { timeout: 60_000 }, async () => {
    const budget = 1_200;
    const { model, messages } = await runWarnedSession(30, { budget });
    expect(messages.filter((message) => ToolMessage.isInstance(message) && guardNote(message) !== undefined).length).toBeGreaterThan(20);
    model.calls.forEach((call, index) => {
      expect(promptTokens(call.messages), `call ${index}`).toBeLessThanOrEqual(budget);
      expect(promptViolations(call.messages), `call ${index}`).toEqual([]);
    });
    // The latest warning still reaches the model.
    expect(JSON.stringify(model.calls[model.calls.length - 1]!.messages)).toContain('[cairn guard] Warning');
  });

  it('with the Background_Context block on (plain facts): the same', { timeout: 60_000 }, async () => {
    const budget = 1_200;
    const { model } = await runWarnedSession(30, { budget, pages: { consolidation: { background: true, plainFacts: true } } });
    model.calls.forEach((call, index) => expect(promptTokens(call.messages), `call ${index}`).toBeLessThanOrEqual(budget));
  });

  it('property: random budgets, lengths and failures, guard warn or block — every prompt, notes included, within budget', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ budget: fc.integer({ min: 500, max: 3_000 }), turns: fc.integer({ min: 3, max: 25 }), errorRepeats: fc.integer({ min: 1, max: 4 }), guard: fc.constantFrom('warn' as const, 'block' as const), background: fc.boolean() }),
        async ({ budget, turns, errorRepeats, guard, background }) => {
          const { model } = await runWarnedSession(turns, { budget, guard, ...(background ? { pages: { consolidation: { background: true, plainFacts: true } } } : {}) }, errorRepeats);
          for (const call of model.calls) expect(promptTokens(call.messages)).toBeLessThanOrEqual(budget);
        },
      ),
      { numRuns: 15 },
    );
  });
});
