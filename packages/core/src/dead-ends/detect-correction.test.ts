import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DeadEndTracker } from './dead-end-tracker.js';
import { detectCorrection } from './detect-correction.js';
import { detectFailure } from './detect-failure.js';
import { createLexicalVectoriser } from '../text/index.js';

describe('detectCorrection: only where something was corrected', () => {
  test('explicit rejections of what was just said or done', () => {
    expect(detectCorrection("No, that's wrong — I wanted R2 cancelled.", 'cancel_reservation(id: R1)')).toBe("No, that's wrong — I wanted R2 cancelled.");
    expect(detectCorrection("That's not what I asked for. Book the 9am one.", 'I booked flight HAT170 at 21:40.')).toBeDefined();
    expect(detectCorrection('I said the 9am flight, not the red-eye.', 'Booked the red-eye HAT170.')).toBeDefined();
    expect(detectCorrection('Please undo that.', 'Deleted branch feature/ledger.')).toBeDefined();
    expect(detectCorrection("No, it's the 4417 account.", 'Charged account 4410 for the upgrade.')).toBeDefined(); // the account it just used
    expect(detectCorrection("No, the account is 4417, not 4410.", 'Charged account 4410 for the upgrade.')).toBeDefined();
    expect(detectCorrection("Don't delete the migrations folder!", 'run(rm -rf migrations)')).toBeDefined(); // its object
    expect(detectCorrection("Don't delete the migrations folder!", 'Listed the src folder.')).toBeUndefined(); // neither
    expect(detectCorrection("Don't delete the migrations folder!", 'I will delete the migrations folder to start clean.')).toBeDefined();
  });

  test('ordinary replies, answers, closings and opinions are no correction', () => {
    expect(detectCorrection("No, it's just green.", 'Is your new car blue?')).toBeUndefined(); // an answer
    expect(detectCorrection("No, it's just green.", 'I love your blue car!')).toBeUndefined(); // nothing of it shared
    expect(detectCorrection("No, that's all for now. Thanks for your help!", 'Your flight has been changed to HAT266.')).toBeUndefined();
    expect(detectCorrection('Sure, it\'s not right that some kids get all they need.', 'My kids have so much and others don\'t.')).toBeUndefined();
    expect(detectCorrection('I believe that this is incorrect behaviour when a db_router has been provided.', 'succeed')).toBeUndefined();
    expect(detectCorrection("I apologize, I've realized I provided the wrong reservation ID.", 'What changes would you like to make?')).toBeUndefined();
    expect(detectCorrection('Do not delete code that is incompatible with your current issue.', 'The task is complete.\nsucceed()')).toBeUndefined();
    expect(detectCorrection("No, that's wrong.", '')).toBeUndefined(); // nothing before it
  });

  test('detectFailure reads a correction only against the turn before when given one', () => {
    expect(detectFailure({ id: 'u', role: 'user', content: "No, that's all, thanks." })?.kind).toBe('user-correction'); // without context: the phrase
    expect(detectFailure({ id: 'u', role: 'user', content: "No, that's all, thanks." }, { previousAssistant: 'Anything else?' })).toBeUndefined();
  });

  test('the tracker compares a user message with the assistant turn just before it, once', () => {
    const tracker = new DeadEndTracker({ sessionId: 's', now: () => 0, vectorise: createLexicalVectoriser().vector });
    tracker.observe({ id: 'a1', role: 'assistant', content: 'I charged account 4410 for the upgrade.' });
    tracker.observe({ id: 'u1', role: 'user', content: 'Great, thanks.' });
    // The next user message has no assistant turn just before it: nothing to correct.
    tracker.observe({ id: 'u2', role: 'user', content: "No, that's wrong." });
    expect(tracker.list()).toEqual([]);
    tracker.observe({ id: 'a2', role: 'assistant', content: 'Booked the red-eye HAT170.' });
    tracker.observe({ id: 'u3', role: 'user', content: 'No, that is wrong, I said the 9am flight.' });
    expect(tracker.list().map((deadEnd) => deadEnd.sourceIds)).toEqual([['u3']]);
  });

  propertyTest.prop([fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 })])('deterministic, and nothing before means no correction', (text, previous) => {
    expect(detectCorrection(text, previous)).toBe(detectCorrection(text, previous));
    expect(detectCorrection(text, '')).toBeUndefined();
    const found = detectCorrection(text, previous);
    if (found !== undefined) expect(text).toContain(found);
  });
});
