import { PYTHON_WHITESPACE, pythonStrip } from './python-whitespace.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const SPACE = `[${PYTHON_WHITESPACE}]+`;
/** Python's `strptime` pattern for `%I:%M %p on %d %B, %Y` (C locale, case-insensitive, any run of whitespace where the format has a space). */
const PATTERN = new RegExp(`^(1[0-2]|0[1-9]|[1-9]):([0-5]\\d|\\d)${SPACE}(am|pm)${SPACE}on${SPACE}(3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])${SPACE}(${MONTHS.join('|')}),${SPACE}(\\d{4})$`, 'i');

const pad = (value: number): string => String(value).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/**
 * Reads a LoCoMo session date such as `1:56 pm on 8 May, 2023` as a local ISO 8601 date-time
 * without an offset (`2023-05-08T13:56:00`), the way the reference converter's
 * `datetime.strptime(text.strip(), '%I:%M %p on %d %B, %Y')` does: 12-hour clock with `am` / `pm`,
 * full English month names, any letter case, any whitespace between the parts.
 *
 * @param text - The `session_<n>_date_time` value.
 * @returns The ISO date-time, or `undefined` when the text is not such a date (or names a day the month lacks).
 *
 * @example
 * ```ts
 * parseLocomoTimestamp('12:09 am on 2 February, 2023'); // '2023-02-02T00:09:00'
 * ```
 */
export function parseLocomoTimestamp(text: string): string | undefined {
  const match = PATTERN.exec(pythonStrip(text));
  if (match === null) return undefined;
  const [, hourText = '', minuteText = '', meridiem = '', dayText = '', monthName = '', yearText = ''] = match;
  const year = Number(yearText);
  const month = MONTHS.indexOf(monthName.toLowerCase()) + 1;
  const day = Number(dayText.trim());
  if (year < 1 || day > daysInMonth(year, month)) return undefined;
  const hour = (Number(hourText) % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(Number(minuteText))}:00`;
}
