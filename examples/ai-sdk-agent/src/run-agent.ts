import { cairnMiddleware, cairnTools } from '@cairn/ai-sdk';
import { isStepCount, jsonSchema, tool, ToolLoopAgent, wrapLanguageModel, type LanguageModel } from 'ai';

/** What one run of the example reports. */
export interface AgentRun {
  text: string;
  commands: string[];
  blocked: number;
  deadEnds: string[];
}

/**
 * Runs a small coding agent (a ToolLoopAgent) whose every model call goes through cairn, with
 * the dead-end guard in block mode.
 */
export async function runAgent(model: LanguageModel): Promise<AgentRun> {
  const commands: string[] = [];
  let fixed = false;
  const shell = tool({
    description: 'Runs a shell command in the project and returns its output.',
    inputSchema: jsonSchema<{ command: string }>({ type: 'object', properties: { command: { type: 'string' } }, required: ['command'] }),
    execute: async ({ command }) => {
      commands.push(command);
      if (command.startsWith('sed')) fixed = true;
      if (command === 'npm test') return fixed ? 'PASS src/sum.test.ts' : 'Error: exit code 1\nFAIL src/sum.test.ts > sum(2, 1): expected 1 to be 3';
      if (command === 'cat src/sum.ts') return `export const sum = (a: number, b: number) => a ${fixed ? '+' : '-'} b;`;
      return 'ok';
    },
  });
  const middleware = cairnMiddleware({ budget: 8_000, guard: 'block' });
  const agent = new ToolLoopAgent({
    model: wrapLanguageModel({ model: model as never, middleware }),
    instructions: 'You are a coding agent. Make the failing test pass. Use registerDeadEnd for approaches that cannot work.',
    tools: { shell, ...cairnTools({ middleware }) },
    stopWhen: isStepCount(12),
  });
  const result = await agent.generate({ prompt: 'The test in src/sum.test.ts fails. Fix it.' });
  const blocked = result.steps.flatMap((step) => step.toolCalls).filter((call) => (call.providerMetadata?.cairn as { guard?: string } | undefined)?.guard === 'block').length;
  const engine = await middleware.engine();
  const deadEnds = engine.listDeadEnds().map((deadEnd) => `${deadEnd.trace.approach} — ${deadEnd.reason}`);
  await middleware.close();
  return { text: result.text, commands, blocked, deadEnds };
}
