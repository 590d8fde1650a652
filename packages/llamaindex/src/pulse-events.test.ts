import type { VitalityPulse } from '@cairn/core';
import { CallbackManager, Settings, SimpleChatEngine } from 'llamaindex';
import { describe, expect, it } from 'vitest';
import { createCairnMemory } from './cairn-memory.js';
import { PULSE_EVENT } from './pulse-events.js';
import { RecordingLLM } from './test-support/recording-llm.js';

/** Three chats through a real chat engine; the model repeats the same reply every time. */
async function chat(listen: boolean, own?: (pulse: VitalityPulse) => void) {
  const pulses: VitalityPulse[] = [];
  const manager = new CallbackManager();
  if (listen) manager.on(PULSE_EVENT as never, ((event: { detail: VitalityPulse }) => void pulses.push(event.detail)) as never);
  const llm = new RecordingLLM(() => ({ text: 'I could not find the order. Please send its number.' }));
  const memory = createCairnMemory({ sessionId: 'li-1', budget: 4_000, ...(own ? { sovereignty: { onPulse: own } } : {}) });
  await Settings.withCallbackManager(manager, async () => {
    const engine = new SimpleChatEngine({ llm, memory });
    for (const message of ['Where is my order?', 'It is the blue one.', 'Any news?', 'Please check again.']) await engine.chat({ message });
  });
  return { pulses, prompts: llm.calls };
}

describe('vitality pulse through SimpleChatEngine', () => {
  it('dispatches each pulse on the callback manager (and to sovereignty.onPulse), stuck once the same reply repeats', async () => {
    const own: VitalityPulse[] = [];
    const { pulses } = await chat(true, (pulse) => own.push(pulse));
    expect(pulses.length).toBeGreaterThanOrEqual(4);
    expect(own).toEqual(pulses);
    expect(pulses.every((pulse) => pulse.sessionId === 'li-1')).toBe(true);
    expect(pulses[0]).toMatchObject({ phase: 'waiting', stuck: false });
    expect(pulses.at(-1)).toMatchObject({ stuck: true, loop: { kind: 'content', count: 3 } });
  });

  it('costs no tokens: the model sees the same prompts with and without a listener', async () => {
    expect((await chat(true)).prompts).toEqual((await chat(false)).prompts);
  });
});
