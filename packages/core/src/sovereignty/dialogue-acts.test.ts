import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { affirms, dialogueActs } from './dialogue-acts.js';

describe('dialogueActs', () => {
  it('reads refusals, requests and offers however they are worded, curly apostrophes included', () => {
    expect(dialogueActs('Unfortunately I cannot refund it.')).toEqual(['refuse']);
    expect(dialogueActs('I\u2019m afraid that isn\u2019t possible.')).toEqual(['refuse']);
    expect(dialogueActs('The rules do not allow me to change the route.')).toEqual(['refuse']);
    expect(dialogueActs('Could you share the booking code?')).toEqual(['request']);
    expect(dialogueActs('I still need the reservation number to go on.')).toEqual(['request']);
    expect(dialogueActs('The most I can do is a $50 voucher.')).toEqual(['offer']);
    expect(dialogueActs('I am unable to refund it. Would you like me to issue a voucher instead?')).toEqual(['refuse', 'offer']);
    expect(dialogueActs('I have to be honest: there is no compensation I can provide here.')).toContain('refuse');
    expect(dialogueActs('I am not able to proceed without identifying your profile.')).toEqual(['refuse', 'request']);
    expect(dialogueActs('My hands are tied on this one.')).toEqual(['refuse']);
    expect(dialogueActs('How about a seat in the next row instead?')).toEqual(['offer']);
  });

  it('finds no act in a plain statement or a pleasantry', () => {
    expect(dialogueActs('Your flight leaves at 08:00 from gate 12.')).toEqual([]);
    expect(dialogueActs('Have a great day!')).toEqual([]);
    expect(dialogueActs('')).toEqual([]);
  });
});

describe('affirms', () => {
  it('reads a yes that opens the turn or an explicit go-ahead, not a "sure" inside a doubt', () => {
    expect(affirms('Yes, please.')).toBe(true);
    expect(affirms('Sure, it is mia_ito_3034.')).toBe(true);
    expect(affirms('Okay. Then can you add a bag?')).toBe(true);
    expect(affirms('Please go ahead with the upgrade.')).toBe(true);
    expect(affirms('I am not sure where that is.')).toBe(false);
    expect(affirms('Can you not make an exception?')).toBe(false);
  });

  it('reads a yes or a go-ahead in other languages, and not a word that only looks like one', () => {
    expect(affirms('Ja, genau.')).toBe(true);
    expect(affirms('Sí, adelante.')).toBe(true);
    expect(affirms("D'accord, allez-y.")).toBe(true);
    expect(affirms('Va bene, procedi pure.')).toBe(true);
    expect(affirms('了解です。進めてください。')).toBe(true);
    expect(affirms('好的，请继续。')).toBe(true);
    expect(affirms('Jahresbericht fehlt noch.')).toBe(false);
    expect(affirms('Si vous pouvez, changez la date.')).toBe(false);
    expect(affirms('まだ何も変更されていません。')).toBe(false);
    expect(affirms('对不起，还是不行。')).toBe(false);
    expect(affirms('예약을 변경하고 싶어요.')).toBe(false);
    expect(affirms('네, 진행해 주세요.')).toBe(true);
  });
});

test.prop([fc.string({ maxLength: 300 })])('acts are distinct, in a fixed order, and the same for the same text', (text) => {
  const acts = dialogueActs(text);
  expect(new Set(acts).size).toBe(acts.length);
  expect([...acts].sort((a, b) => ['refuse', 'request', 'offer'].indexOf(a) - ['refuse', 'request', 'offer'].indexOf(b))).toEqual(acts);
  expect(dialogueActs(text)).toEqual(acts);
  expect(dialogueActs(text.toUpperCase())).toEqual(dialogueActs(text.toLowerCase()));
});
