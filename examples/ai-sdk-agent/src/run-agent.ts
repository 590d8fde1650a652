import { cairnMiddleware, cairnTools, type CairnViewInfo } from '@cairn/ai-sdk';
import { isStepCount, jsonSchema, tool, ToolLoopAgent, wrapLanguageModel, type LanguageModel } from 'ai';
import { shellOutput } from './shell-output.js';

/** What one model call saw, as cairn's view reported it. */
export interface ViewReport {
  /** Tokens of the whole history at full fidelity. */
  historyTokens: number;
  /** Tokens of the view (system prompt included). */
  tokens: number;
  mode: 'passthrough' | 'curated';
  full: number;
  compressed: number;
  placeholder: number;
}

/** A dead end in the session's registry after the run. */
export interface DeadEndReport {
  line: string;
  /** True when something it depended on changed since (the fix): listed last, no longer blocked. */
  stale: boolean;
}

/** What one run of the example reports. */
export interface AgentRun {
  text: string;
  budget: number;
  commands: string[];
  blocked: number;
  views: ViewReport[];
  deadEnds: DeadEndReport[];
}

/** Token budget of every model call in the example (small, so the view has to choose). */
export const BUDGET = 2_000;

/**
 * Runs a small coding agent (a ToolLoopAgent) whose every model call goes through cairn: the
 * dead-end guard in block mode, a named session (so the dead ends can be listed afterwards),
 * and `onView` reporting what each view kept within the budget.
 */
export async function runAgent(model: LanguageModel): Promise<AgentRun> {
  const commands: string[] = [];
  const state = { fixed: false };
  const shell = tool({
    description: 'Runs a shell command in the project and returns its output.',
    inputSchema: jsonSchema<{ command: string }>({ type: 'object', properties: { command: { type: 'string' } }, required: ['command'] }),
    execute: async ({ command }) => {
      commands.push(command);
      return shellOutput(command, state);
    },
  });
  const views: ViewReport[] = [];
  const onView = ({ reserved, metadata }: CairnViewInfo): void => {
    const { historyTokens, tokens, mode, counts } = metadata;
    views.push({ historyTokens: historyTokens + reserved, tokens: tokens + reserved, mode, full: counts.full, compressed: counts.compressed, placeholder: counts.placeholder });
  };
  const middleware = cairnMiddleware({ budget: BUDGET, guard: 'block', sessionId: 'fix-sum', onView });
  const agent = new ToolLoopAgent({
    model: wrapLanguageModel({ model: model as never, middleware }),
    instructions: 'You are a coding agent. Make the failing test pass. Use registerDeadEnd for approaches that cannot work.',
    tools: { shell, ...cairnTools({ middleware }) },
    stopWhen: isStepCount(12),
  });
  const result = await agent.generate({ prompt: 'The test in src/sum.test.ts fails. Fix it.' });
  const blocked = result.steps.flatMap((step) => step.toolCalls).filter((call) => (call.providerMetadata?.cairn as { guard?: string } | undefined)?.guard === 'block').length;
  const engine = await middleware.engine();
  const deadEnds = engine.listDeadEnds().map((deadEnd) => ({ line: `${deadEnd.trace.approach} — ${deadEnd.reason}`, stale: deadEnd.stale === true }));
  await middleware.close();
  return { text: result.text, budget: BUDGET, commands, blocked, views, deadEnds };
}
