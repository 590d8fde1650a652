import { countMessageTokens, createBpeTokenCounter } from '@cairn/core';
import { cairnMiddleware, toCairnMessage } from '@cairn/langchain';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { agentTools, type ToolLog } from './agent-tools.js';

/** What the offline run reports. */
export interface OfflineRunResult {
  turns: number;
  budget: number;
  /** Tokens of each prompt the model received. */
  promptTokens: number[];
  /** Tokens of the whole history at the end. */
  historyTokens: number;
  /** Tool results the guard warned about or blocked. */
  warned: number;
  blocked: number;
  commands: string[];
}

const counter = createBpeTokenCounter();
const tokens = (messages: readonly BaseMessage[]) => messages.reduce((sum, message, position) => sum + countMessageTokens(toCairnMessage(message, { position }), counter), 0);

/**
 * Runs a scripted agent (LangChain's `fakeModel`) for `turns` turns with the cairn middleware:
 * every 8th turn it retries `npm run deploy`, which keeps failing.
 */
export async function runOffline({ turns = 40, budget = 2_500, log = console.log }: { turns?: number; budget?: number; log?: (line: string) => void } = {}): Promise<OfflineRunResult> {
  const model = fakeModel();
  const deployTurn = (turn: number) => turn % 8 === 3;
  for (let turn = 0; turn < turns; turn++) {
    const call = deployTurn(turn) ? { name: 'run_command', args: { command: 'npm run deploy' } } : { name: 'read_file', args: { path: `src/feature_${turn}.ts` } };
    model.respond(new AIMessage({ content: '', tool_calls: [{ ...call, id: `call-${turn}`, type: 'tool_call' }] }));
    model.respond(new AIMessage(deployTurn(turn) ? `Deploy attempt on turn ${turn} finished.` : `feature_${turn}.ts reviewed.`));
  }
  const toolLog: ToolLog = { commands: [] };
  const agent = createAgent({
    model,
    tools: agentTools(toolLog),
    systemPrompt: 'You maintain a small web service.',
    middleware: [cairnMiddleware({ budget, guard: 'block' })],
  });
  let messages: BaseMessage[] = [];
  for (let turn = 0; turn < turns; turn++) {
    const ask = deployTurn(turn) ? 'Deploy the service.' : `Review src/feature_${turn}.ts.`;
    ({ messages } = await agent.invoke({ messages: [...messages, new HumanMessage(ask)] }));
    const result = messages.findLast((message) => ToolMessage.isInstance(message)) as ToolMessage;
    const prompt = model.calls.at(-1)!.messages;
    const note = String(result.content).includes('cairn blocked') ? 'BLOCKED by the dead-end guard' : String(result.content).includes('[cairn guard]') ? 'ran, with a dead-end warning' : result.status === 'error' || String(result.content).startsWith('Error') ? 'tool failed' : 'ok';
    log(`turn ${String(turn).padStart(2)}  ${ask.padEnd(28)} prompt ${String(tokens(prompt)).padStart(5)} tokens / history ${String(tokens(messages)).padStart(6)}  ${note}`);
  }
  const results = messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
  return {
    turns,
    budget,
    promptTokens: model.calls.map((call) => tokens(call.messages)),
    historyTokens: tokens(messages),
    warned: results.filter((result) => String(result.content).includes('[cairn guard]')).length,
    blocked: results.filter((result) => String(result.content).includes('cairn blocked')).length,
    commands: toolLog.commands,
  };
}
