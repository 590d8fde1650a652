import { DEAD_END_BRIEF_HEADER } from '@cairn/core';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent, tool } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cairnMiddleware } from './cairn-middleware.js';
import { callTools, promptText, promptTokens, promptViolations } from './test-support/prompt-checks.js';

const TURNS = 200;
const BUDGET = 4_000;
const FAILING = 'npm run db:migrate';
/** Turns on which the agent tries the failing command again. */
const RETRY_TURNS = new Set([20, 60, 110, 170]);

function fileBody(turn: number): string {
  return Array.from({ length: 25 }, (_, line) => `export const value_${turn}_${line} = ${turn * 100 + line}; // module ${turn}`).join('\n');
}

describe('a 200-turn tool-using session through createAgent', () => {
  it('stays within budget, never shows a broken tool pair, and flags the repeated failed call', { timeout: 240_000 }, async () => {
    const runs: string[] = [];
    const runCommand = tool(
      async ({ command }: { command: string }) => {
        runs.push(command);
        if (command === FAILING) return 'Error: migration 0007_add_index failed: column "email" does not exist\nexit code 1';
        return `$ ${command}\n${Array.from({ length: 8 }, (_, line) => `step ${line}: ok`).join('\n')}`;
      },
      { name: 'run_command', description: 'Runs a shell command.', schema: z.object({ command: z.string() }) },
    );
    const readFile = tool(async ({ path }: { path: string }) => fileBody(Number(path.replace(/\D/g, ''))), {
      name: 'read_file',
      description: 'Reads a file.',
      schema: z.object({ path: z.string() }),
    });
    const model = fakeModel();
    for (let turn = 0; turn < TURNS; turn++) {
      if (RETRY_TURNS.has(turn)) model.respond(callTools([{ name: 'run_command', args: { command: FAILING }, id: `t${turn}-a` }]));
      else if (turn % 3 === 0) model.respond(callTools([{ name: 'read_file', args: { path: `src/module_${turn}.ts` }, id: `t${turn}-a` }, { name: 'run_command', args: { command: `npm test -- module_${turn}` }, id: `t${turn}-b` }]));
      else model.respond(callTools([{ name: 'read_file', args: { path: `src/module_${turn}.ts` }, id: `t${turn}-a` }]));
      model.respond(new AIMessage(`Turn ${turn} done: module_${turn} checked.`));
    }
    const agent = createAgent({ model, tools: [runCommand, readFile], systemPrompt: 'You maintain a TypeScript service.', middleware: [cairnMiddleware({ budget: BUDGET, guard: 'block', sessionId: 'long' })] });
    let messages: BaseMessage[] = [];
    for (let turn = 0; turn < TURNS; turn++) {
      const request = RETRY_TURNS.has(turn) ? `Turn ${turn}: apply the database migrations.` : `Turn ${turn}: check module_${turn}.`;
      ({ messages } = await agent.invoke({ messages: [...messages, new HumanMessage(request)] }));
    }

    expect(model.callCount).toBe(TURNS * 2);
    expect(promptTokens(messages)).toBeGreaterThan(BUDGET * 10);
    const firstFailureCall = [...RETRY_TURNS][0]! * 2 + 1;
    model.calls.forEach((call, index) => {
      expect(promptTokens(call.messages), `call ${index}`).toBeLessThanOrEqual(BUDGET);
      expect(promptViolations(call.messages), `call ${index}`).toEqual([]);
      if (index >= firstFailureCall) expect(promptText(call.messages), `call ${index}`).toContain(FAILING);
      if (index >= firstFailureCall) expect(promptText(call.messages), `call ${index}`).toContain(DEAD_END_BRIEF_HEADER);
    });
    // Failed once (suspect), repeated once with a warning, then blocked: never run a third time.
    expect(runs.filter((command) => command === FAILING)).toHaveLength(2);
    const results = messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message) && message.tool_call_id.endsWith('-a') && RETRY_TURNS.has(Number(message.tool_call_id.slice(1, -2))));
    expect(results.map((result) => result.status)).toEqual(['success', 'success', 'error', 'error']);
    expect(String(results[1]!.content)).toContain('[cairn guard] Warning');
    expect(String(results[2]!.content)).toContain('cairn blocked this call');
    expect(String(results[3]!.content)).toContain('cairn blocked this call');
  });
});
