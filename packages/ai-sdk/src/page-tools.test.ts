import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { generateText, isStepCount, ToolLoopAgent, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { pageTools } from './page-tools.js';
import { callResult, textResult } from './test-support/mock-results.js';

const FACT = 'The vault code is 7391-ALPHA and it was changed on Tuesday.';

/** A long chat in which one early message holds the fact, far outside a small budget. */
function history(): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (let index = 0; index < 60; index++) {
    const filler = `Turn ${index} talks about weather, trains and the price of bread in the old town market. `.repeat(4);
    if (index === 3) messages.push({ role: 'user', content: `Vault note, keep it safe. ${filler} ${FACT}` });
    else messages.push({ role: index % 2 === 0 ? 'user' : 'assistant', content: filler });
  }
  messages.push({ role: 'user', content: 'Remind me of the number from early on.' });
  return messages;
}

const promptText = (prompt: LanguageModelV4Prompt) => JSON.stringify(prompt);

/** The ranges the placeholder runs name (`from=… to=…`), as `from..to`. */
function runRanges(prompt: LanguageModelV4Prompt): string[] {
  return [...promptText(prompt).matchAll(/from=(\S+) to=(\S+) count=/g)].map((match) => `${match[1]}..${match[2]}`);
}

/** The page id a range listing (a consult's tool result) gives for the page whose keywords name the vault. */
function vaultPage(prompt: LanguageModelV4Prompt): string | undefined {
  return /page=([0-9a-f]{8}) \(Summary\) \[[^\]]*vault[^\]]*\]/.exec(promptText(prompt))?.[1];
}

describe('pageTools in the AI SDK tool loop', () => {
  it('ToolLoopAgent: a model that consults a page sees its full content in the next step', async () => {
    let step = 0;
    let consulted: string | undefined;
    const model = new MockLanguageModelV4({
      doGenerate: async ({ prompt }) => {
        step++;
        // Step 1: the old history is one placeholder run; list its pages. Step 2: consult the
        // page the listing shows for the vault note. Step 3: answer from what the view shows.
        if (step === 1) return callResult([{ id: 'z1', name: 'consult', input: { ids: runRanges(prompt), reason: 'find the vault code' } }]);
        if (step === 2) {
          consulted = vaultPage(prompt);
          return callResult([{ id: 'z2', name: 'consult', input: { ids: [consulted ?? 'missing'], reason: 'the code is behind this placeholder' } }]);
        }
        return textResult(promptText(prompt).includes('7391-ALPHA') ? 'The code is 7391-ALPHA.' : 'I cannot see it.');
      },
    });
    // Placeholder runs the model lists with from..to: the Background_Context block (on by default) would fold them.
    const middleware = cairnMiddleware({ budget: 2_000, sessionId: 'vault', pages: { consolidation: { background: false } } });
    const agent = new ToolLoopAgent({ model: wrapLanguageModel({ model, middleware }), tools: pageTools({ middleware }), stopWhen: isStepCount(5) });
    const result = await agent.generate({ messages: history() });
    expect(consulted).toMatch(/^[0-9a-f]{8}$/);
    expect(promptText(model.doGenerateCalls[0]!.prompt)).not.toContain('7391-ALPHA');
    expect(result.text).toBe('The code is 7391-ALPHA.');
    expect(promptText(model.doGenerateCalls[1]!.prompt)).not.toContain('7391-ALPHA');
    // The tool result says what changed, and the trace tells the model why next step.
    const third = promptText(model.doGenerateCalls[2]!.prompt);
    expect(third).toContain('Consult: 1 page changed.');
    expect(third).toContain('the code is behind this placeholder');
  });

  it('generateText: unknown and foreign ids come back as tool error text, never a throw', async () => {
    const other = cairnMiddleware({ budget: 700, sessionId: 'elsewhere' });
    await generateText({ model: wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: textResult('ok') }), middleware: other }), messages: history() });
    const foreignId = (await other.engine()).getPage((await other.engine()).getMessages()[3]!.id)!.id;
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        step++;
        if (step === 1) return callResult([{ id: 'z1', name: 'consult', input: { ids: ['nope', foreignId], reason: 'x' } }]);
        if (step === 2) return callResult([{ id: 'z2', name: 'shelve', input: { ids: ['deadbeef'], reason: 'y' } }]);
        return textResult('done');
      },
    });
    const middleware = cairnMiddleware({ budget: 700, sessionId: 'mine' });
    const result = await generateText({ model: wrapLanguageModel({ model, middleware }), messages: history(), tools: pageTools({ middleware }), stopWhen: isStepCount(4) });
    expect(result.text).toBe('done');
    const outputs = result.steps.flatMap((entry) => entry.toolResults.map((toolResult) => String(toolResult.output)));
    expect(outputs[0]).toMatch(/^Consult failed: no page changed\./);
    expect(outputs[0]).toContain('no page of this session has this id');
    expect(outputs[1]).toMatch(/^Shelve failed/);
  });

  it('without a named session the tools answer with an error text', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async ({ prompt }) => (prompt.some((message) => message.role === 'tool') ? textResult('done') : callResult([{ id: 'z1', name: 'consult', input: { ids: ['abcdef12'], reason: 'x' } }])),
    });
    const middleware = cairnMiddleware({ budget: 700 });
    const result = await generateText({ model: wrapLanguageModel({ model, middleware }), prompt: 'hi', tools: pageTools({ middleware }), stopWhen: isStepCount(3) });
    expect(String(result.steps[0]!.toolResults[0]!.output)).toMatch(/^Error: consult needs a named cairn session/);
  });
});
