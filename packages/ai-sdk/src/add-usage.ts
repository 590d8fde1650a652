import type { LanguageModelV4Usage } from '@ai-sdk/provider';

function sum(first: number | undefined, second: number | undefined): number | undefined {
  return first === undefined && second === undefined ? undefined : (first ?? 0) + (second ?? 0);
}

/** The usage of two model calls together (a blocked answer and its retry). @internal */
export function addUsage(first: LanguageModelV4Usage, second: LanguageModelV4Usage): LanguageModelV4Usage {
  return {
    inputTokens: {
      total: sum(first.inputTokens.total, second.inputTokens.total),
      noCache: sum(first.inputTokens.noCache, second.inputTokens.noCache),
      cacheRead: sum(first.inputTokens.cacheRead, second.inputTokens.cacheRead),
      cacheWrite: sum(first.inputTokens.cacheWrite, second.inputTokens.cacheWrite),
    },
    outputTokens: {
      total: sum(first.outputTokens.total, second.outputTokens.total),
      text: sum(first.outputTokens.text, second.outputTokens.text),
      reasoning: sum(first.outputTokens.reasoning, second.outputTokens.reasoning),
    },
  };
}
