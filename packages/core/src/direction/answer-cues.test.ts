import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { answerKind, NAME_CUE, textAnswerCues, TIME_CUE } from './answer-cues.js';

describe('answerKind', () => {
  it('reads what a question asks for from its words', () => {
    expect(answerKind('When did Melanie paint a sunrise?')).toBe('time');
    expect(answerKind('How long has Caroline had her friends?')).toBe('time');
    expect(answerKind('In which month did Jon open the studio?')).toBe('time');
    expect(answerKind('What year did Jon open the studio?')).toBe('time');
    expect(answerKind('Where did Caroline move from?')).toBe('name');
    expect(answerKind('Who supports Caroline?')).toBe('name');
    expect(answerKind('What European countries has Maria been to?')).toBe('name');
    expect(answerKind('What are the names of John\u2019s children?')).toBe('name');
    expect(answerKind('What activities does Melanie partake in?')).toBeUndefined();
    expect(answerKind('Whenever the build fails, what runs?')).toBeUndefined();
  });
});

describe('textAnswerCues', () => {
  it('finds a time named in a message', () => {
    expect(textAnswerCues('I went to a support group yesterday.') & TIME_CUE).toBe(TIME_CUE);
    expect(textAnswerCues('We went camping last weekend!') & TIME_CUE).toBe(TIME_CUE);
    expect(textAnswerCues('That was back in 2022, in May.') & TIME_CUE).toBe(TIME_CUE);
    expect(textAnswerCues('I painted a lake sunrise, it is special to me.') & TIME_CUE).toBe(0);
  });

  it('finds a name or a place inside a sentence, not a greeting, an addressed speaker or a sentence opening', () => {
    expect(textAnswerCues('A gift from my grandma in my home country, Sweden.') & NAME_CUE).toBe(NAME_CUE);
    expect(textAnswerCues('I met someone named David at the shelter.') & NAME_CUE).toBe(NAME_CUE);
    expect(textAnswerCues('Thanks, Melanie! That is really sweet.') & NAME_CUE).toBe(0);
    expect(textAnswerCues("That's great, Jon! Keep going.") & NAME_CUE).toBe(0);
    expect(textAnswerCues('Hey Caroline! Good to see you. Wow, great.') & NAME_CUE).toBe(0);
    expect(textAnswerCues('I went there on Friday in June.') & NAME_CUE).toBe(0);
    expect(textAnswerCues('I love the LGBTQ community.') & NAME_CUE).toBe(0);
  });

  it('leaves an image caption out', () => {
    expect(textAnswerCues('Look at this! [image: a photo of Paris yesterday]')).toBe(0);
  });
});

describe('answer cues in a question view', () => {
  const counter = createCharTokenCounter();
  // Two messages match "pottery class" equally; only one says when.
  const messages: CairnMessage[] = [
    { id: 'm1', role: 'user', name: 'Ann', content: 'Filler about the weather and nothing much at all, really, just talk.' },
    { id: 'm2', role: 'assistant', name: 'Bob', content: 'I love my pottery class, it calms me down a lot.' },
    { id: 'm3', role: 'user', name: 'Ann', content: 'More filler about the weather and other small talk of the day.' },
    { id: 'm4', role: 'assistant', name: 'Bob', content: 'I signed up for a pottery class yesterday, so exciting.' },
    { id: 'm5', role: 'user', name: 'Ann', content: 'Even more filler about the weather and the small talk.' },
  ];
  const scoreOf = (timeShare: number, index: number) => {
    // A budget the history fills by more than a fifth, so the view is curated and every unit scored.
    const engine = createContextEngine({ tokenCounter: counter, budget: 200, dialogue: { timeShare } });
    engine.ingest(messages);
    const { metadata } = engine.assemble({ query: 'When did Bob sign up for the pottery class?' });
    return metadata.decisions[index]!.score;
  };

  it('keeps a message naming a time whole, and gives one naming none `timeShare` of its score', () => {
    expect(scoreOf(1, 1)).toBeGreaterThan(0);
    expect(scoreOf(0.5, 3)).toBeGreaterThan(0);
    expect(scoreOf(0.5, 3)).toBeCloseTo(scoreOf(1, 3), 12);
    expect(scoreOf(0.5, 1)).toBeCloseTo(0.5 * scoreOf(1, 1), 12);
  });
});
