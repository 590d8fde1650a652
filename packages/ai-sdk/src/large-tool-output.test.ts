import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { countMessageTokens, createBpeTokenCounter, findViewViolations } from '@cairn/core';
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { fingerprint } from '@cairn/core';
import { promptMessageToCairn } from './prompt-message-to-cairn.js';
import { callResult, textResult } from './test-support/mock-results.js';

const counter = createBpeTokenCounter();

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

/** The number of the latest `turn N:` user message in a prompt, and whether a tool answered since. */
function latestTurn(prompt: LanguageModelV4Prompt): { turn: number; answered: boolean } {
  let answered = false;
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index]!;
    if (message.role === 'tool') answered = true;
    if (message.role !== 'user') continue;
    const match = /^turn (\d+):/.exec(message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''));
    if (match) return { turn: Number(match[1]), answered };
  }
  return { turn: -1, answered };
}

/** Runs `turns` user turns; each calls `search` once; `outputOf(turn)` is what the tool returns. */
async function runSession(budget: number, turns: number, outputOf: (turn: number) => string) {
  const search = tool({
    description: 'Searches the catalogue',
    inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }),
    execute: async ({ query }) => outputOf(Number(query.slice('item '.length))),
  });
  const model = new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      const { turn, answered } = latestTurn(options.prompt);
      if (answered) return textResult(`Found it for turn ${turn}.`);
      return callResult([{ id: `call-${turn}`, name: 'search', input: { query: `item ${turn}` } }]);
    },
  });
  const wrapped = wrapLanguageModel({ model, middleware: cairnMiddleware({ budget }) });
  const messages: ModelMessage[] = [];
  const failures: unknown[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({ role: 'user', content: `turn ${turn}: look up the next item` });
    try {
      const result = await generateText({ model: wrapped, system: 'You are a research agent.', messages, tools: { search }, stopWhen: isStepCount(3) });
      messages.push(...result.responseMessages);
    } catch (error) {
      failures.push(error);
    }
  }
  return { prompts: model.doGenerateCalls.map((call) => call.prompt), failures };
}

function checkPrompts(prompts: readonly LanguageModelV4Prompt[], budget: number): void {
  for (const prompt of prompts) {
    const asCairn = prompt.flatMap((message, index) => promptMessageToCairn(message, index, fingerprint(message)));
    expect(asCairn.reduce((total, message) => total + countMessageTokens(message, counter), 0)).toBeLessThanOrEqual(budget);
    expect(findViewViolations(asCairn)).toEqual([]);
  }
}

describe('a large tool output with default options (issue 12, item 2)', () => {
  it('budget 2,000, a 20 KB tool output every 10th turn over 300 turns: no turn throws, every prompt within budget', async () => {
    const { prompts, failures } = await runSession(2_000, 300, (turn) => (turn % 10 === 9 ? bigOutput(turn, 20) : `{"ok":true,"item":${turn}}`));
    expect(failures).toEqual([]);
    expect(prompts).toHaveLength(600);
    checkPrompts(prompts, 2_000);
  }, 60_000);

  it('budget 16,000: one 80 KB tool output does not fail generateText', async () => {
    const { prompts, failures } = await runSession(16_000, 2, (turn) => (turn === 0 ? bigOutput(turn, 80) : '{"ok":true}'));
    expect(failures).toEqual([]);
    expect(prompts).toHaveLength(4);
    checkPrompts(prompts, 16_000);
  });
});
