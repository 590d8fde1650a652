import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };

function call(id: string, command: string, text: string): LanguageModelV4GenerateResult {
  return {
    content: [
      { type: 'text', text },
      { type: 'tool-call', toolCallId: id, toolName: 'shell', input: JSON.stringify({ command }) },
    ],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

/** The commands the scripted model runs, in order (a blocked one is replaced by reading the code). */
export const SCRIPT = ['npm test', 'npm test', 'npm test', "sed -i 's/a - b/a + b/' src/sum.ts", 'npm test'] as const;

/**
 * A scripted offline model: it reruns the failing test suite (as real agents do); cairn's guard
 * blocks the third run, so it reads the code instead, fixes it and runs the tests again (allowed
 * now: the fix changed what the failure depended on), then finishes.
 */
export function scriptedModel(): MockLanguageModelV4 {
  let step = 0;
  let script = 0;
  return new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      step++;
      const last = options.prompt[options.prompt.length - 1];
      const blocked = last?.role === 'tool' && JSON.stringify(last).includes('Blocked by cairn');
      if (blocked) return call(`s${step}`, 'cat src/sum.ts', 'The test run is a known dead end; reading the code instead.');
      const command = SCRIPT[script++];
      if (command === undefined) return { content: [{ type: 'text', text: 'Fixed: sum() subtracted instead of adding; the tests pass.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
      return call(`s${step}`, command, command.startsWith('sed') ? 'Fixing the operator.' : 'Running the tests.');
    },
  });
}
