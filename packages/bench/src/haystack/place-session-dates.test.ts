import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import { placeSessionDates } from './place-session-dates.js';

const DAY = 86_400_000;
const at = (id: string, timestamp?: number): CairnMessage => ({ id, role: 'user', content: id, ...(timestamp === undefined ? {} : { timestamp }) });
const target = (number: number, day: number) => ({ session: { number, messages: [at(`t${number}a`, day * DAY), at(`t${number}b`, day * DAY + 60_000)] }, target: true });
const distractor = (number: number, day: number) => ({ session: { number, messages: [at(`d${number}a`, day * DAY), at(`d${number}b`, day * DAY + 120_000)] }, target: false });

describe('placeSessionDates', () => {
  it('spaces distractors evenly between the target sessions around them and keeps the target times', () => {
    const dated = placeSessionDates([target(1, 100), distractor(1, 5), distractor(2, 7), target(2, 103)]);
    expect(dated[0]!.map((message) => message.timestamp)).toEqual([100 * DAY, 100 * DAY + 60_000]);
    const gapStart = 100 * DAY + 60_000;
    const third = Math.floor((3 * DAY - 60_000) / 3 / 60_000) * 60_000;
    expect(dated[1]!.map((message) => message.timestamp)).toEqual([gapStart + third, gapStart + third + 120_000]);
    expect(dated[2]![0]!.timestamp).toBe(gapStart + Math.floor((2 * (3 * DAY - 60_000)) / 3 / 60_000) * 60_000);
    expect(dated[3]!.map((message) => message.timestamp)).toEqual([103 * DAY, 103 * DAY + 60_000]);
  });

  it('puts distractors before the first and after the last target session within the mean gap', () => {
    const dated = placeSessionDates([distractor(1, 0), target(1, 10), target(2, 20), distractor(2, 0)]);
    expect(dated[0]![0]!.timestamp).toBe(5 * DAY);
    expect(dated[3]![0]!.timestamp).toBe(20 * DAY + 60_000 + Math.floor((10 * DAY) / 2 / 60_000) * 60_000);
  });

  it('keeps start times on whole minutes when the mean gap is not', () => {
    const dated = placeSessionDates([distractor(1, 0), target(1, 10), target(2, 11), { ...target(3, 0), session: { number: 3, messages: [at('t3', 13 * DAY + 60_000)] } }]);
    expect(dated[0]![0]!.timestamp! % 60_000).toBe(0);
  });

  it('caps a distractor session at the next one so time never goes back', () => {
    const long = { session: { number: 1, messages: [at('x', 0), at('y', 50 * DAY)] }, target: false };
    const times = placeSessionDates([target(1, 10), long, distractor(2, 0), target(2, 11)]).flat().map((message) => message.timestamp!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('drops distractor timestamps when the target has none', () => {
    const dated = placeSessionDates([{ session: { number: 1, messages: [at('t')] }, target: true }, distractor(1, 3)]);
    expect(dated.flat().map((message) => message.timestamp)).toEqual([undefined, undefined, undefined]);
  });
});
