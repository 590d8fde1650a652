import { CairnError, createContextEngine, createInMemorySessionStore, DEAD_END_BRIEF_HEADER } from '@cairn/core';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent, tool } from 'langchain';
import { MemorySaver } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cairnMiddleware } from './cairn-middleware.js';
import { callTools, promptText, promptTokens, promptViolations } from './test-support/prompt-checks.js';

const LONG_OUTPUT = (turn: number) => `Listing for turn ${turn}:\n` + Array.from({ length: 20 }, (_, line) => `src/module_${turn}_${line}.ts  ${line * 37} bytes  ok`).join('\n');

function makeTools(runs: string[]) {
  const runCommand = tool(
    async ({ command }: { command: string }) => {
      runs.push(command);
      if (command === 'npm run migrate') return new ToolMessage({ content: 'Error: migration 0042 failed: relation "users" already exists\nexit code 1', tool_call_id: 'unused', status: 'error' }).content;
      return `$ ${command}\nok`;
    },
    { name: 'run_command', description: 'Runs a shell command.', schema: z.object({ command: z.string() }) },
  );
  const listFiles = tool(async ({ turn }: { turn: number }) => LONG_OUTPUT(turn), {
    name: 'list_files',
    description: 'Lists files.',
    schema: z.object({ turn: z.number() }),
  });
  return [runCommand, listFiles];
}

describe('cairnMiddleware through createAgent', () => {
  it('sends the model a view within budget, with tool pairs intact, while the state keeps the whole history', async () => {
    const budget = 2_000;
    const model = fakeModel();
    const turns = 16;
    for (let turn = 0; turn < turns; turn++) {
      model.respond(callTools([{ name: 'list_files', args: { turn }, id: `call-${turn}` }]));
      model.respond(new AIMessage(`Turn ${turn}: the listing shows ${40} files.`));
    }
    const runs: string[] = [];
    const agent = createAgent({ model, tools: makeTools(runs), systemPrompt: 'You are a careful coding agent.', middleware: [cairnMiddleware({ budget })], checkpointer: new MemorySaver() });
    let state: { messages: BaseMessage[] } = { messages: [] };
    for (let turn = 0; turn < turns; turn++) {
      state = await agent.invoke({ messages: [new HumanMessage(`Step ${turn}: list the files of module ${turn}.`)] }, { configurable: { thread_id: 'thread-a' } });
    }
    expect(model.callCount).toBe(turns * 2);
    for (const call of model.calls) {
      expect(promptTokens(call.messages)).toBeLessThanOrEqual(budget);
      expect(promptViolations(call.messages)).toEqual([]);
      expect(call.messages[0]!.type).toBe('system');
    }
    // The state is the full history (4 messages a turn), untouched by the view.
    expect(state.messages).toHaveLength(turns * 4);
    expect(promptTokens(state.messages)).toBeGreaterThan(budget);
    const last = model.calls.at(-1)!.messages;
    // Curated: some of what the model saw are cairn's renderings (compressed / placeholder), not state objects.
    const own = new Set<BaseMessage>(state.messages);
    expect(last.slice(1).filter((message) => !own.has(message)).length).toBeGreaterThan(0);
    // The latest turn is verbatim: the very objects of the state.
    expect(last.at(-1)).toBe(state.messages.at(-2));
    expect(promptText(last)).toContain(`Step ${turns - 1}: list the files of module ${turns - 1}.`);
  });

  it('keeps threads apart: each thread_id is its own session', async () => {
    const model = fakeModel().respond(new AIMessage('one')).respond(new AIMessage('two'));
    const agent = createAgent({ model, tools: [], middleware: [cairnMiddleware({ budget: 2_000 })], checkpointer: new MemorySaver() });
    await agent.invoke({ messages: [new HumanMessage('alpha secret')] }, { configurable: { thread_id: 't1' } });
    await agent.invoke({ messages: [new HumanMessage('beta question')] }, { configurable: { thread_id: 't2' } });
    expect(promptText(model.calls[1]!.messages)).not.toContain('alpha secret');
  });

  it('shows the dead-ends brief after a failure, warns on a repeat, and blocks a repeat of a long-term dead end', async () => {
    const model = fakeModel();
    const migrate = { name: 'run_command', args: { command: 'npm run migrate' } };
    for (let attempt = 0; attempt < 3; attempt++) {
      model.respond(callTools([{ ...migrate, id: `m-${attempt}` }]));
      model.respond(new AIMessage(`Attempt ${attempt} done.`));
    }
    const runs: string[] = [];
    const agent = createAgent({ model, tools: makeTools(runs), middleware: [cairnMiddleware({ budget: 4_000, guard: 'block' })], checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 'guarded' } };
    const states: { messages: BaseMessage[] }[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      states.push(await agent.invoke({ messages: [new HumanMessage(`Run the migration (attempt ${attempt}).`)] }, config));
    }
    // First attempt runs and fails; the second is a repeat of a suspect dead end: run, then warned;
    // the third repeats a long-term dead end: not run.
    expect(runs).toEqual(['npm run migrate', 'npm run migrate']);
    const results = states[2]!.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
    expect(results).toHaveLength(3);
    expect(String(results[1]!.content)).toContain('[cairn guard] Warning');
    expect(results[2]!.status).toBe('error');
    expect(String(results[2]!.content)).toContain('cairn blocked this call');
    // The failure's class travels with the guard's note (the tool's output names a permanent failure).
    expect(results[1]!.response_metadata.cairn_guard).toMatchObject({ verdict: 'warn', failureClass: 'permanent' });
    expect(results[2]!.response_metadata.cairn_guard).toMatchObject({ verdict: 'block', failureClass: 'permanent' });
    // After the first failure every model call sees the brief naming the failed call.
    const afterFailure = model.calls[1]!.messages;
    expect(promptText(afterFailure)).toContain(DEAD_END_BRIEF_HEADER);
    expect(promptText(model.calls[0]!.messages)).not.toContain(DEAD_END_BRIEF_HEADER);
    expect(promptText(afterFailure)).toContain('npm run migrate');
  });

  it("with guard 'warn' a long-term dead end still runs, and the result carries the warning", async () => {
    const model = fakeModel();
    for (let attempt = 0; attempt < 3; attempt++) model.respond(callTools([{ name: 'run_command', args: { command: 'npm run migrate' }, id: `w-${attempt}` }])).respond(new AIMessage('ok'));
    const runs: string[] = [];
    const agent = createAgent({ model, tools: makeTools(runs), middleware: [cairnMiddleware({ budget: 4_000 })], checkpointer: new MemorySaver() });
    let state: { messages: BaseMessage[] } = { messages: [] };
    for (let attempt = 0; attempt < 3; attempt++) state = await agent.invoke({ messages: [new HumanMessage(`Migrate, attempt ${attempt}.`)] }, { configurable: { thread_id: 'warned' } });
    expect(runs).toHaveLength(3);
    const results = state.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
    expect(String(results[2]!.content)).toContain('[cairn guard] Warning');
    expect(String(results[0]!.content)).not.toContain('[cairn guard]');
  });

  it('continues a session across two middleware instances that share a store', async () => {
    const store = createInMemorySessionStore();
    const runs: string[] = [];
    const first = fakeModel().respond(callTools([{ name: 'run_command', args: { command: 'npm run migrate' }, id: 'x-1' }])).respond(new AIMessage('failed'));
    const agentA = createAgent({ model: first, tools: makeTools(runs), middleware: [cairnMiddleware({ store, sessionId: 'shared', budget: 4_000, checkpointEvery: 1 })] });
    await agentA.invoke({ messages: [new HumanMessage('Run the migration.')] });
    // A second process: a new middleware (new engine cache) over the same store, a fresh agent state.
    const second = fakeModel().respond(new AIMessage('noted'));
    const agentB = createAgent({ model: second, tools: makeTools(runs), middleware: [cairnMiddleware({ store, sessionId: 'shared', budget: 4_000 })] });
    await agentB.invoke({ messages: [new HumanMessage('What happened last time?')] });
    const seen = promptText(second.calls[0]!.messages);
    expect(seen).toContain('Run the migration.');
    expect(seen).toContain('migration 0042 failed');
  });

  it('uses an engine passed in', async () => {
    const engine = createContextEngine({ budget: 3_000 });
    const model = fakeModel().respond(new AIMessage('hello'));
    const agent = createAgent({ model, tools: [], middleware: [cairnMiddleware({ engine, budget: 3_000 })] });
    await agent.invoke({ messages: [new HumanMessage('hi there')] });
    expect(engine.getMessages().map((message) => message.content)).toEqual(['hi there']);
  });

  it('rejects bad options with a typed error when the middleware is made', () => {
    const code = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        return CairnError.isInstance(error) ? error.code : 'untyped';
      }
      return 'none';
    };
    expect(code(() => cairnMiddleware({ budget: 0.5 }))).toBe('INVALID_OPTIONS');
    expect(code(() => cairnMiddleware({ budget: -3 }))).toBe('INVALID_OPTIONS');
    expect(code(() => cairnMiddleware({ guard: 'loud' as never }))).toBe('INVALID_OPTIONS');
    expect(code(() => cairnMiddleware({ engine: {} as never }))).toBe('INVALID_OPTIONS');
    // A number is tokens: a share of the window is only ever { fraction } (issue 12, item 8).
    expect(code(() => cairnMiddleware({ budget: 0.5, contextWindow: 8_000 }))).toBe('INVALID_OPTIONS');
    expect(code(() => cairnMiddleware({ budget: { fraction: 0.5 }, contextWindow: 8_000 }))).toBe('none');
  });

  it('fails a model call with a typed error when the system prompt alone is over budget, and loses nothing', async () => {
    const model = fakeModel().respond(new AIMessage('never'));
    const store = createInMemorySessionStore();
    const agent = createAgent({ model, tools: [], systemPrompt: 'rule '.repeat(400), middleware: [cairnMiddleware({ budget: 100, store, sessionId: 's' })] });
    const error = await agent.invoke({ messages: [new HumanMessage('hello')] }).catch((caught: unknown) => caught);
    // LangChain wraps middleware errors (MiddlewareError); cairn's typed error is the cause.
    const cairnError = CairnError.isInstance(error) ? error : (error as { cause?: unknown }).cause;
    expect(CairnError.isInstance(cairnError) && cairnError.code).toBe('BUDGET_EXCEEDED');
    expect(model.callCount).toBe(0);
    expect((await store.load({ tenant: 'default', sessionId: 's' }))?.messages.map((message) => message.content)).toEqual(['hello']);
  });
});
