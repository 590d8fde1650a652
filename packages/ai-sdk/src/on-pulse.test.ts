import type { VitalityPulse } from '@cairn/core';
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { callResult, textResult } from './test-support/mock-results.js';

/** An agent that reads the same unchanged file four times, then answers. */
function loopingModel(): MockLanguageModelV4 {
  let step = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => (++step <= 4 ? callResult([{ id: `c${step}`, name: 'read', input: { path: 'src/app.ts' } }]) : textResult('Done.')),
  });
}

const read = tool({
  description: 'Reads a file',
  inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }),
  execute: async ({ path }) => `// ${path}\nexport const value = 1;`,
});

async function run(onPulse?: (pulse: VitalityPulse) => void) {
  const model = loopingModel();
  const middleware = cairnMiddleware({ sessionId: 'agent-1', budget: 4_000, guard: 'off', sovereignty: { loops: { notice: false } }, ...(onPulse ? { onPulse } : {}) });
  await generateText({ model: wrapLanguageModel({ model, middleware }), system: 'You read code.', prompt: 'Check src/app.ts.', tools: { read }, stopWhen: isStepCount(8) });
  await middleware.close();
  return model.doGenerateCalls.map((call) => call.prompt);
}

describe('onPulse', () => {
  it('generateText: a pulse per model call, with the session, the phase and the loop once the same read repeats', async () => {
    const pulses: VitalityPulse[] = [];
    await run((pulse) => pulses.push(pulse));
    expect(pulses.length).toBeGreaterThanOrEqual(5);
    expect(pulses.every((pulse) => pulse.sessionId === 'agent-1' && pulse.source === 'assemble')).toBe(true);
    expect(pulses[0]).toMatchObject({ phase: 'waiting', stuck: false });
    expect(pulses[1]).toMatchObject({ phase: 'acting', stuck: false });
    expect(pulses[1]!.callsHash).toMatch(/^[0-9a-z]{11}$/);
    expect(pulses.at(-1)).toMatchObject({ stuck: true, loop: { kind: 'call', toolName: 'read' } });
  });

  it('costs no tokens: the model sees the same prompts with and without it', async () => {
    expect(await run(() => {})).toEqual(await run());
  });

  it('is checked when the middleware is made', () => {
    expect(() => cairnMiddleware({ onPulse: 'log' as never })).toThrow(/onPulse/);
  });
});
