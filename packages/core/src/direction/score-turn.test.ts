import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { createCharTokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { generateText } from '../test-support/arbitrary-session.js';

const chars = createCharTokenCounter();

describe('scoring a question view', () => {
  // The same fact, told early by the user and late by the assistant, among unrelated talk.
  const fact = 'The harbour ferry to Kittery leaves at seven from pier four.';
  const filler = (index: number): CairnMessage => ({ id: `f${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content: generateText(300 + index, 20) });
  const messages: CairnMessage[] = [
    ...Array.from({ length: 10 }, (_, index) => filler(index)),
    { id: 'early', role: 'user', content: fact },
    ...Array.from({ length: 60 }, (_, index) => filler(10 + index)),
    { id: 'late', role: 'assistant', content: fact },
    ...Array.from({ length: 10 }, (_, index) => filler(70 + index)),
  ];

  it('weighs an early and a late message by the question alone, not by recency or role', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(messages);
    const result = engine.assemble({ budget: 1_000, query: 'When does the ferry to Kittery leave?' });
    const score = (id: string) => result.metadata.decisions.find((decision) => decision.unitId === id)!.score;
    expect(score('early')).toBeGreaterThan(0);
    expect(score('early')).toBeCloseTo(score('late'), 10);
  });

  it('keeps recency for an agent turn without a question', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest([...messages, { id: 'ask', role: 'user', content: 'When does the ferry to Kittery leave?' }]);
    const result = engine.assemble({ budget: 1_000 });
    const score = (id: string) => result.metadata.decisions.find((decision) => decision.unitId === id)!.score;
    expect(score('late')).not.toBeCloseTo(score('early'), 3);
  });
});
