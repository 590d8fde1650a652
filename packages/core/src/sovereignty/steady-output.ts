/**
 * Tokens of a tool output that change on every call without the world changing: clock readings
 * (a time to the second, with or without its date: `2024-05-15T10:11:47Z`, `10:13:05`), durations
 * in seconds or finer (`0.12s`, `35 ms`), and generated ids (UUIDs, long hexadecimal digests,
 * shorter hexadecimal ids after a word prefix: `rq_ccbeb44f`), and ages or uptimes written compactly
 * (`5m12s`, `3h`, `47s`, `2d`: the AGE column of a table of running things, which moves while
 * nothing else does). A status, a count, an amount, a date, a time to the minute or a delay in
 * minutes written out (`2024-05-20`, `15:40`, `20 min`: a schedule's values, an estimated
 * departure) is kept.
 */
const VOLATILE = new RegExp(
  [
    // A date with a time of day to the second, and a zone if any: `2024-05-15t10:11:47.123z`.
    String.raw`\b\d{4}-\d{2}-\d{2}[t ]\d{1,2}:\d{2}:\d{2}(?:\.\d+)?(?:z|[+-]\d{2}:?\d{2})?`,
    // A time of day to the second: `10:13:05`, `10:13:05.2`.
    String.raw`\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b`,
    // An age or uptime written compactly, as tables of running things show it (`5m12s`, `3h`,
    // `47s`, `2d4h`, `12m`): a number glued to a one-letter unit of days, hours, minutes or
    // seconds, alone or chained; not after a currency sign (`$12m` is an amount).
    String.raw`(?<![$€£¥\w.])\d+[dhms](?:\d+[hms]){0,2}\b`,
    // A duration in seconds or finer (a run's timing): `0.12s`, `35 ms`, `2.5 seconds`.
    String.raw`\b\d+(?:\.\d+)?\s?(?:ns|us|µs|ms|s|sec|secs|seconds?)\b`,
    // A UUID.
    String.raw`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`,
    // A long hexadecimal id or digest (letters and digits both).
    String.raw`\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b`,
    // A shorter generated id after a word prefix (`rq_ccbeb44f`, `req-9f8e7d6c`): 8 or more
    // hexadecimal letters and digits both.
    String.raw`(?<=[a-z][_-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b`,
  ].join('|'),
  // The text comes folded to lower case; no Unicode mode (measured about 3× slower on long outputs).
  'g',
);

/**
 * A tool output's text with its volatile tokens (clock times, dates, durations, generated ids)
 * replaced by `#`: two answers to the same call that differ only in such tokens (a status polled
 * while only its `as_of` moves, a test re-run whose timing differs) are the same outcome; a
 * status, count, date or scheduled time that moved is not masked, so such answers differ.
 *
 * @param text - The output, already folded (whitespace collapsed, lower case).
 * @returns The text with volatile tokens masked.
 *
 * @example
 * ```ts
 * steadyOutputText('{"status":"processing","as_of":"2024-05-15t10:11:47z"}'); // '{"status":"processing","as_of":"#"}'
 * ```
 */
export function steadyOutputText(text: string): string {
  return text.replace(VOLATILE, '#');
}
