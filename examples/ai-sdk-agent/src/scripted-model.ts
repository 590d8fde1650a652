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

/**
 * A scripted offline model: it reruns the failing test suite (as real agents do), reads a file,
 * edits it and finishes. With cairn's guard in block mode the third `npm test` is never run.
 */
export function scriptedModel(): MockLanguageModelV4 {
  let step = 0;
  return new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      step++;
      const last = options.prompt[options.prompt.length - 1];
      const blocked = last?.role === 'tool' && JSON.stringify(last).includes('Blocked by cairn');
      if (blocked) return call(`s${step}`, 'cat src/sum.ts', 'The test run is a known dead end; reading the code instead.');
      if (step <= 3) return call(`s${step}`, 'npm test', 'Running the tests.');
      if (step === 4) return call(`s${step}`, 'cat src/sum.ts', 'Reading the code.');
      if (step <= 6) return call(`s${step}`, "sed -i 's/a - b/a + b/' src/sum.ts", 'Fixing the operator.');
      return { content: [{ type: 'text', text: 'Fixed: sum() subtracted instead of adding.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
    },
  });
}
