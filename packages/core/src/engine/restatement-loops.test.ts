import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';

const tokenCounter = createCharTokenCounter();

/** A refusal restated in other words to a user who keeps pushing (no tool call, nothing new). */
function restatedRefusal(): CairnMessage[] {
  const replies = [
    'Your reservation is basic economy and was booked more than 24 hours ago without travel insurance, so it cannot be cancelled under the current policy. Please let me know if you have other questions.',
    'Unfortunately each reservation is treated on its own, and without travel insurance a basic economy booking cannot be cancelled for a change of plans after the 24-hour window. Please let me know if you have other questions.',
    'I understand your situation, but I am unable to make an exception to the cancellation policy for basic economy tickets without travel insurance. Please let me know if you have other questions.',
  ];
  const pushes = ['I was told I did not need insurance this time.', 'Is there any waiver or exception?', 'Please, just this once.'];
  return [{ id: 'u0', role: 'user', content: 'Cancel my reservation MDCLVA, please.' }, ...replies.flatMap((content, index): CairnMessage[] => [{ id: `a${index}`, role: 'assistant', content }, { id: `u${index + 1}`, role: 'user', content: pushes[index]! }])];
}

describe('restatement loops (sovereignty.loops.restatement)', () => {
  it('are off by default; restatement: true raises stuck and the notice on a refusal restated to a pushing user', () => {
    const byDefault = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { stall: false } } });
    byDefault.ingest(restatedRefusal());
    expect(byDefault.assemble().metadata.sovereignty?.stuck).toBe(false);
    const engine = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { restatement: true } } });
    engine.ingest(restatedRefusal());
    const { metadata, messages } = engine.assemble();
    expect(metadata.sovereignty).toMatchObject({ stuck: true, loop: { kind: 'content', count: 3, near: true } });
    expect(messages.map((message) => String(message.content)).find((content) => content.includes('[cairn:loop]'))).toContain('in other words');
  });

  it('works with near: false too, takes its own similarities, and refuses nonsense with INVALID_OPTIONS', () => {
    const withoutNear = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { near: false, restatement: true } } });
    withoutNear.ingest(restatedRefusal());
    expect(withoutNear.assemble().metadata.sovereignty?.stuck).toBe(true);
    const strict = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { restatement: { restatementSimilarity: 0.9 }, stall: false } } });
    strict.ingest(restatedRefusal());
    expect(strict.assemble().metadata.sovereignty?.stuck).toBe(false);
    for (const restatement of ['yes', { restatementSimilarity: 2 }, { outputSimilarity: -0.1 }, { valueRestatementSimilarity: Number.NaN }, null]) {
      let code: string | undefined;
      try {
        createContextEngine({ sovereignty: { loops: { restatement: restatement as never } } });
      } catch (error) {
        code = CairnError.isInstance(error) ? error.code : 'untyped';
      }
      expect(code).toBe('INVALID_OPTIONS');
    }
  });
});
