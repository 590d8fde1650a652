import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parseLocomoTimestamp } from './parse-locomo-timestamp.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

describe('parseLocomoTimestamp', () => {
  it.each([
    ['1:56 pm on 8 May, 2023', '2023-05-08T13:56:00'],
    ['11:01 am on 17 December, 2022', '2022-12-17T11:01:00'],
    ['12:09 am on 2 February, 2023', '2023-02-02T00:09:00'],
    ['12:30 pm on 31 July, 2023', '2023-07-31T12:30:00'],
    ['  07:5 PM  on   09 march,  2021\n', '2021-03-09T19:05:00'],
    ['1:00 am on 29 February, 2024', '2024-02-29T01:00:00'],
    ['9:15\u00a0am on 4 JUNE, 2022', '2022-06-04T09:15:00'],
  ])('reads %j as %s', (text, expected) => {
    expect(parseLocomoTimestamp(text)).toBe(expected);
  });

  it.each([
    '13:00 pm on 8 May, 2023', // hour beyond the 12-hour clock
    '0:10 am on 8 May, 2023',
    '1:60 pm on 8 May, 2023',
    '1:56 on 8 May, 2023', // no am/pm
    '1:56 pm on 8 Mai, 2023',
    '1:56 pm on 8 Sept, 2023', // abbreviated month (strptime's %B takes full names only)
    '1:56 pm on 31 April, 2023',
    '1:56 pm on 29 February, 2023', // not a leap year
    '1:56 pm on 29 February, 1900',
    '1:56 pm on 0 May, 2023',
    '1:56 pm on 8 May 2023', // no comma
    '1:56 pm on 8 May, 23',
    '1:56 pm on 8 May, 2023 UTC',
    '2023-05-08T13:56:00',
    '',
  ])('rejects %j', (text) => {
    expect(parseLocomoTimestamp(text)).toBeUndefined();
  });

  test.prop([fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:00Z'), noInvalidDate: true })])('any minute written the LoCoMo way reads back as that minute', (date) => {
    const hour = date.getUTCHours();
    const text = `${hour % 12 === 0 ? 12 : hour % 12}:${String(date.getUTCMinutes()).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'} on ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`;
    expect(parseLocomoTimestamp(text)).toBe(`${date.toISOString().slice(0, 16)}:00`);
  });
});
