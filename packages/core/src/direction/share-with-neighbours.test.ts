import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { shareWithNeighbours } from './share-with-neighbours.js';
import { createCharTokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { generateText } from '../test-support/arbitrary-session.js';
import { checkView } from '../test-support/check-view.js';

const chars = createCharTokenCounter();

describe('shareWithNeighbours', () => {
  it('gives a unit half of an adjacent match and a quarter of one two away, when its own is lower', () => {
    const shared = shareWithNeighbours(Float64Array.from([0, 8, 0, 0, 3, 0, 0, 0]), [0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...shared]).toEqual([4, 8, 4, 2, 3, 1.5, 0.75, 0]);
  });

  it('shares only between units adjacent in the log', () => {
    // Units 3 and 7 were scored alone (a steady turn): they have no scored neighbour.
    const shared = shareWithNeighbours(Float64Array.from([6, 0]), [3, 7]);
    expect([...shared]).toEqual([6, 0]);
  });

  test.prop([fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 4 })])(
    'never lowers a value, never passes the largest, and is its own value or share / distance of one within reach',
    (values, share, reach) => {
      const input = Float64Array.from(values);
      const indexes = values.map((_, index) => index);
      const shared = shareWithNeighbours(input, indexes, share, reach);
      const largest = Math.max(0, ...values);
      shared.forEach((value, index) => {
        expect(value).toBeGreaterThanOrEqual(input[index]!);
        expect(value).toBeLessThanOrEqual(largest);
        let bound = input[index]!;
        for (let distance = 1; distance <= reach; distance++) {
          bound = Math.max(bound, (share / distance) * (input[index - distance] ?? 0), (share / distance) * (input[index + distance] ?? 0));
        }
        expect(value).toBe(bound);
      });
    },
  );
});

describe('a question view of a dialogue', () => {
  // Small talk, then a question and its answer: the answer shares no word with the later
  // question, the prompt before it does.
  const filler = (index: number): CairnMessage => ({
    id: `f${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: generateText(100 + index, 25),
  });
  const messages: CairnMessage[] = [
    ...Array.from({ length: 40 }, (_, index) => filler(index)),
    { id: 'prompt', role: 'user', content: 'What did you bring back from your trip to Lisbon?' },
    { id: 'reply', role: 'assistant', content: 'Blue azulejo tiles and a cork handbag for my sister.' },
    ...Array.from({ length: 40 }, (_, index) => filler(40 + index)),
  ];

  it('shows the reply to the message the question matches', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(messages);
    const budget = 1_200; // history ≈ 14,000 characters
    const result = engine.assemble({ budget, query: 'Which souvenirs came back from the Lisbon trip?' });
    checkView(engine, result, { counter: chars, budget });
    const shown = (id: string) => result.messages.find((message) => message.sourceIds.includes(id))?.fidelity;
    expect(shown('prompt')).toBe('full');
    expect(shown('reply')).toBe('full');
    // The reply ranks right after its prompt, above every unrelated message.
    const ranked = [...result.metadata.decisions].sort((a, b) => b.score - a.score).map((decision) => decision.unitId);
    expect(ranked.indexOf('reply')).toBeLessThan(4);
  });
});
