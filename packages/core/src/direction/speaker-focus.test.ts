import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { OTHER_SPEAKER_SHARE } from './speaker-focus.js';
import { generateText } from '../test-support/arbitrary-session.js';
import { createCharTokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';

const chars = createCharTokenCounter();
const fact = 'The harbour ferry to Kittery leaves at seven from pier four.';

/** A chat between two named speakers in which each of them says `fact` once, far apart. */
function chat(first = 'Ana', second = 'Ben', secondSays = fact): CairnMessage[] {
  const line = (index: number): CairnMessage => {
    const byFirst = index % 2 === 0;
    return { id: `m${index}`, role: byFirst ? 'user' : 'assistant', name: byFirst ? first : second, content: generateText(500 + index, 20) };
  };
  return [
    ...Array.from({ length: 20 }, (_, index) => line(index)),
    { id: 'first-says', role: 'user', name: first, content: fact },
    ...Array.from({ length: 40 }, (_, index) => line(20 + index)),
    { id: 'second-says', role: 'assistant', name: second, content: secondSays },
    ...Array.from({ length: 20 }, (_, index) => line(60 + index)),
  ];
}

function scores(messages: CairnMessage[], query: string, budget = 1_000) {
  const engine = createContextEngine({ tokenCounter: chars });
  engine.ingest(messages);
  const result = engine.assemble({ budget, query });
  const decision = (id: string) => result.metadata.decisions.find((candidate) => candidate.unitId === id)!;
  return { first: decision('first-says'), second: decision('second-says') };
}

describe('speaker focus of a question', () => {
  it('weighs what each speaker said alike when the question names neither', () => {
    const { first, second } = scores(chat(), 'When does the ferry to Kittery leave?');
    expect(first.score).toBeGreaterThan(0);
    expect(first.score).toBeCloseTo(second.score, 10);
  });

  // A name is also an ordinary term of its speaker's messages, so naming a speaker lifts their
  // match a little (a ratio near 0.95 below); the focus halves everyone else's score on top.
  it('keeps the whole score of what the named speaker said, and a share of the others', () => {
    const asked = scores(chat(), 'When does Ana say the ferry to Kittery leaves?');
    expect(asked.second.score / asked.first.score).toBeLessThan(0.6);
    expect(asked.second.score / asked.first.score).toBeGreaterThan(OTHER_SPEAKER_SHARE * 0.9);
    const other = scores(chat(), "When does Ben's ferry to Kittery leave?");
    expect(other.first.score / other.second.score).toBeLessThan(0.6);
  });

  it('shows the named speaker’s message when the budget holds one and the other matches better', () => {
    const messages = chat('Ana', 'Ben', `${fact} Yes, the Kittery ferry: the ferry to Kittery.`);
    const budgetFor = (query: string) => {
      const engine = createContextEngine({ tokenCounter: chars });
      engine.ingest(messages);
      return { engine, budget: Math.ceil(engine.assemble({ budget: 100_000, query }).metadata.historyTokens * 0.06) };
    };
    const fidelities = (query: string) => {
      const { engine, budget } = budgetFor(query);
      const decisions = engine.assemble({ budget, query }).metadata.decisions;
      return (id: string) => decisions.find((decision) => decision.unitId === id)!.fidelity;
    };
    // Unnamed, the message that says more about the ferry wins the one place.
    const unnamed = fidelities('Where does one catch the ferry to Kittery?');
    expect([unnamed('first-says'), unnamed('second-says')]).toEqual(['placeholder', 'full']);
    const named = fidelities('Where does Ana catch the ferry to Kittery?');
    expect([named('first-says'), named('second-says')]).toEqual(['full', 'placeholder']);
  });

  it('changes nothing when the question names every speaker', () => {
    const both = scores(chat(), 'Did Ana or Ben say when the ferry to Kittery leaves?');
    expect(both.second.score / both.first.score).toBeGreaterThan(0.9);
    expect(both.second.score / both.first.score).toBeLessThan(1.1);
  });

  it('needs every word of a speaker’s name in the question', () => {
    const messages = chat('Ana Lima', 'Ben Ortiz');
    const partly = scores(messages, 'When does Ana say the ferry to Kittery leaves?');
    expect(partly.second.score / partly.first.score).toBeGreaterThan(0.9);
    const fully = scores(messages, 'When does Ana Lima say the ferry to Kittery leaves?');
    expect(fully.second.score / fully.first.score).toBeLessThan(0.6);
  });

  it('leaves an agent turn without a question alone, even when the latest message names a speaker', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest([...chat(), { id: 'ask', role: 'user', name: 'Ben', content: 'Ana, when does the ferry to Kittery leave?' }]);
    const decisions = engine.assemble({ budget: 1_000 }).metadata.decisions;
    const score = (id: string) => decisions.find((decision) => decision.unitId === id)!.score;
    // The later of the two is weighed up by recency, not down by its speaker.
    expect(score('second-says')).toBeGreaterThan(score('first-says'));
  });
});
