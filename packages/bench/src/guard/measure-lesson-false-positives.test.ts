import { describe, expect, test } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import { measureLessonFalsePositives } from './measure-lesson-false-positives.js';

const chat: CairnMessage[] = [
  { id: 'm1', role: 'user', content: 'My new car came yesterday!' },
  { id: 'm2', role: 'assistant', content: 'Nice! Is it the blue one you wanted?' },
  { id: 'm3', role: 'user', content: "No, it's just green. No, that's fine." },
  { id: 'm4', role: 'assistant', content: 'Green is lovely. I painted my fence green last week.' },
  { id: 'm5', role: 'user', content: "No, that's wrong, you painted it blue." },
];
const session = { id: 'c1', messages: chat, probes: [{ id: 'p1', question: 'What colour is the car?', evidence: ['m3'], atMessageIndex: chat.length }], replay: 'conversation' as const };

describe('measureLessonFalsePositives', () => {
  test('counts views and points whose registry holds a lesson, today beside contradiction-needed', () => {
    const today = measureLessonFalsePositives([session], { failureClasses: false });
    expect(today).toMatchObject({ views: 1, viewsWithLessons: 1, userMessages: 3, corrections: 2 });
    const now = measureLessonFalsePositives([session], { engine: true });
    // Only the explicit rejection of the claim just before it counts.
    expect(now).toMatchObject({ views: 1, viewsWithLessons: 1, engineViewsWithLessons: 1, corrections: 1 });
    expect(measureLessonFalsePositives([{ ...session, messages: chat.slice(0, 4) }], { engine: true })).toMatchObject({ viewsWithLessons: 0, engineViewsWithLessons: 0, corrections: 0 });
  });
});
