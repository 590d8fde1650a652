import type { VitalityPulse } from '@cairn/core';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent, tool } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cairnMiddleware } from './cairn-middleware.js';
import { PULSE_EVENT } from './pulse-events.js';
import { callTools } from './test-support/prompt-checks.js';

const readFile = tool(async ({ path }: { path: string }) => `// ${path}\nexport const value = 1;`, { name: 'read_file', description: 'Reads a file.', schema: z.object({ path: z.string() }) });

function loopingModel() {
  const model = fakeModel();
  for (let step = 0; step < 4; step++) model.respond(callTools([{ name: 'read_file', args: { path: 'src/app.ts' }, id: `call-${step}` }]));
  model.respond(new AIMessage('Done.'));
  return model;
}

describe('vitality pulse through createAgent', () => {
  it('dispatches each pulse as a custom event of the run (handleCustomEvent), and to sovereignty.onPulse', async () => {
    const events: { name: string; data: VitalityPulse }[] = [];
    const own: VitalityPulse[] = [];
    const agent = createAgent({ model: loopingModel(), tools: [readFile], middleware: [cairnMiddleware({ sessionId: 'lc-1', budget: 4_000, guard: 'off', sovereignty: { onPulse: (pulse) => own.push(pulse) } })] });
    await agent.invoke({ messages: [new HumanMessage('Check src/app.ts.')] }, { callbacks: [{ handleCustomEvent: (name: string, data: VitalityPulse) => void events.push({ name, data }) }] });
    const pulses = events.filter((event) => event.name === PULSE_EVENT).map((event) => event.data);
    expect(pulses).toHaveLength(5);
    expect(own).toHaveLength(5);
    expect(pulses.every((pulse) => pulse.sessionId === 'lc-1')).toBe(true);
    expect(pulses[0]).toMatchObject({ phase: 'waiting', stuck: false });
    expect(pulses.at(-1)).toMatchObject({ stuck: true, loop: { kind: 'call', toolName: 'read_file' } });
  });

  it('costs no tokens: the model sees the same prompts with and without a listener', async () => {
    const prompts = async (listen: boolean) => {
      const model = loopingModel();
      const agent = createAgent({ model, tools: [readFile], middleware: [cairnMiddleware({ sessionId: 'lc-2', budget: 4_000, guard: 'off' })] });
      await agent.invoke({ messages: [new HumanMessage('Check src/app.ts.')] }, listen ? { callbacks: [{ handleCustomEvent: () => undefined }] } : {});
      return model.calls.map((call) => call.messages.map((message) => [message.type, message.content]));
    };
    expect(await prompts(true)).toEqual(await prompts(false));
  });
});
