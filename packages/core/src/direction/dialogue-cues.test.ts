import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { ASKS_CUE, FIRST_PERSON_CUE, textCues } from './dialogue-cues.js';

describe('textCues', () => {
  it('reads a message told in the first person', () => {
    expect(textCues("I'm off to go swimming with my kids. Talk to you soon!")).toBe(FIRST_PERSON_CUE);
    expect(textCues('We explored nature and roasted marshmallows; our kids loved it.')).toBe(FIRST_PERSON_CUE);
    expect(textCues('I\u2019ve been painting a lot lately.')).toBe(FIRST_PERSON_CUE);
  });

  it('reads a reaction to the other speaker as not in the first person', () => {
    expect(textCues("You'd be a great counselor! Your empathy will really help.")).toBe(0);
    expect(textCues('That sounds wonderful, congrats!')).toBe(0);
    // As many first- as second-person words: not first-person.
    expect(textCues('I love your painting.')).toBe(0);
  });

  it('finds a closing question mark, before a trailing image caption or quote', () => {
    expect(textCues('How did the kids like the museum?')).toBe(ASKS_CUE);
    expect(textCues('Did you make this? [image: a photo of a bowl]')).toBe(ASKS_CUE);
    expect(textCues('What did I tell you? "Never again?"')).toBe(ASKS_CUE);
    expect(textCues('What? No, I went home.')).toBe(FIRST_PERSON_CUE);
  });

  it('ignores the words of an image caption', () => {
    expect(textCues('Look at this! [image: a photo of my dog and me]')).toBe(0);
  });

  it('gives no cue to an empty or non-English text', () => {
    expect(textCues('')).toBe(0);
    expect(textCues('Je suis allé nager avec les enfants.')).toBe(0);
  });
});

describe('dialogue cues in a question view', () => {
  const counter = createCharTokenCounter();
  const filler = (index: number) => `The weather report for district ${index} mentions clouds, light wind and a cool evening.`;

  /** A chat whose answer to "what did the kids like at the museum?" is the reply to a question. */
  function chat(): CairnMessage[] {
    const messages: CairnMessage[] = [];
    const say = (content: string) => messages.push({ id: `m${messages.length + 1}`, role: messages.length % 2 === 0 ? 'user' : 'assistant', name: messages.length % 2 === 0 ? 'Ana' : 'Ben', content });
    for (let index = 0; index < 20; index++) say(filler(index));
    say('How did the kids like the museum trip last weekend?');
    say('They were stoked for the dinosaur exhibit, the bones were so cool.');
    for (let index = 20; index < 40; index++) say(filler(index));
    return messages;
  }

  it('shows the reply to the question that matches, which shares no word with it', () => {
    const query = 'What did the kids like at the museum?';
    const views = [0, 1].map((replyShare) => {
      const engine = createContextEngine({ tokenCounter: counter, budget: 400, dialogue: { replyShare, selfDisclosureShare: 1 } });
      engine.ingest(chat());
      return engine.assemble({ query });
    });
    const decision = (view: (typeof views)[number], id: string) => view.metadata.decisions.find((candidate) => candidate.unitId === id)!;
    expect(decision(views[1]!, 'm22').score).toBeGreaterThan(decision(views[0]!, 'm22').score);
    expect(decision(views[1]!, 'm21').score).toBeCloseTo(decision(views[0]!, 'm21').score, 12);
  });

  it('changes nothing on an agent turn (no query)', () => {
    const views = [{ replyShare: 0, selfDisclosureShare: 1 }, { replyShare: 1, selfDisclosureShare: 0 }].map((dialogue) => {
      const engine = createContextEngine({ tokenCounter: counter, budget: 400, dialogue });
      engine.ingest(chat());
      return engine.assemble().messages;
    });
    expect(views[1]).toEqual(views[0]);
  });
});
