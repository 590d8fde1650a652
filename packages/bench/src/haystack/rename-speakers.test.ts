import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import { findNicknames, findSpeakers, renameSpeakers } from './rename-speakers.js';

const say = (id: string, role: 'user' | 'assistant', name: string, content: string): CairnMessage => ({ id, role, name, content });

const conversation = [
  say('D1:1', 'user', 'Deborah', 'Hey Jolene! And how are you?'),
  say('D1:2', 'assistant', 'Jolene', "Hi Deb! Deborah's garden looks great. and Debbie? Debate!"),
  say('D1:3', 'user', 'Deborah', 'Thanks, Jo. Jolene-style.'),
];

describe('findSpeakers', () => {
  it('takes the most frequent name of each role', () => {
    expect(findSpeakers([...conversation, say('x', 'user', 'Someone', 'hi')])).toEqual({ user: 'Deborah', assistant: 'Jolene' });
  });

  it('is undefined when a role has no named message', () => {
    expect(findSpeakers([say('a', 'user', 'Deborah', 'hi')])).toBeUndefined();
  });
});

describe('findNicknames', () => {
  it('finds capitalised prefixes of a name that the conversation never writes in lower case', () => {
    expect(findNicknames(conversation, ['Deborah', 'Jolene'])).toEqual(
      new Map([
        ['Deb', 'Deborah'],
        ['Jo', 'Jolene'],
      ]),
    );
  });

  it('leaves out a prefix that is also a word in lower case ("And" for Andrew)', () => {
    expect(findNicknames([say('a', 'user', 'Audrey', 'And then and then, Andrew?')], ['Audrey', 'Andrew']).has('And')).toBe(false);
  });
});

describe('renameSpeakers', () => {
  it('renames names and whole-word mentions, short forms included, and keeps ids and roles', () => {
    const renamed = renameSpeakers(conversation, { user: 'Deborah', assistant: 'Jolene' }, { user: 'Caroline', assistant: 'Melanie' });
    expect(renamed.map((message) => [message.id, message.role, message.name, message.content])).toEqual([
      ['D1:1', 'user', 'Caroline', 'Hey Melanie! And how are you?'],
      ['D1:2', 'assistant', 'Melanie', "Hi Caroline! Caroline's garden looks great. and Debbie? Debate!"],
      ['D1:3', 'user', 'Caroline', 'Thanks, Melanie. Melanie-style.'],
    ]);
  });

  it('swaps two names at once', () => {
    const renamed = renameSpeakers([say('a', 'user', 'John', 'Maria, John here'), say('b', 'assistant', 'Maria', 'Hi John')], { user: 'John', assistant: 'Maria' }, { user: 'Maria', assistant: 'John' });
    expect(renamed.map((message) => `${message.name}: ${message.content as string}`)).toEqual(['Maria: John, Maria here', 'John: Hi Maria']);
  });

  it('renames text parts', () => {
    const [message] = renameSpeakers([{ id: 'a', role: 'user', name: 'Jon', content: [{ type: 'text', text: 'Jon here' }] }], { user: 'Jon', assistant: 'Gina' }, { user: 'Tim', assistant: 'John' });
    expect(message!.content).toEqual([{ type: 'text', text: 'Tim here' }]);
  });
});
