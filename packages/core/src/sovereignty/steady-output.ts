/**
 * Tokens of a tool output that change on every call without the world changing: clock readings
 * (a time to the second, with or without its date: `2024-05-15T10:11:47Z`, `10:13:05`), durations
 * in seconds or finer (`0.12s`, `35 ms`), and generated ids (UUIDs, long hexadecimal digests,
 * shorter hexadecimal ids after a word prefix: `rq_ccbeb44f`), and ages or uptimes written compactly
 * (`5m12s`, `3h`, `47s`, `2d`: the AGE column of a table of running things, which moves while
 * nothing else does). A status, a count, an amount, a date, a time to the minute or a delay in
 * minutes written out (`2024-05-20`, `15:40`, `20 min`: a schedule's values, an estimated
 * departure) is kept. Seconds written with a CJK unit (`3.4秒`, `12초`) are a duration too, and text
 * progress bars drawn twice or more in one output are masked (loops16; a single bar is kept).
 */
/** Fewest characters of a standalone hexadecimal id masked as volatile (letters and digits both: `36e29b21`). */
export const MIN_HEX_ID = 8;

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
    // A duration in seconds written with a CJK unit (loops16): `3.4秒`, `12초`.
    String.raw`\b\d+(?:\.\d+)?\s?(?:秒|초)`,
    // A duration whose unit is its field's name (`"query_ms":373`, `recalc_ms=42`,
    // `elapsed_seconds: 2.5`): the number after a key ending in a unit of seconds or finer.
    String.raw`(?<=[a-z][_-](?:ns|us|µs|ms|s|sec|secs|seconds?)"?\s?[:=]\s?)\d+(?:\.\d+)?\b`,
    // A UUID.
    String.raw`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`,
    // A hexadecimal id or digest of 8 or more letters and digits both, standing alone
    // (`36e29b21`, a request id of a format no prefix names; loops14 — was 12 or more).
    String.raw`\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{${MIN_HEX_ID},}\b`,
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
  return progressSnapshotsMasked(text).replace(VOLATILE, '#');
}

/** Fewest cells of a text progress bar (loops16). */
export const MIN_BAR_CELLS = 4;

/**
 * A text progress bar: at least {@link MIN_BAR_CELLS} cells of fill and empty marks in brackets
 * (`[#####-------]`, `[====    ]`, `[██░░]`), then its percentage if any (`45%`).
 */
const PROGRESS_BAR = new RegExp(String.raw`\[(?=[^\]]*[^\s\]])[#=>\-_.*\s█▓▒░■□▏▎▍▌▋▊▉]{${MIN_BAR_CELLS},}\]\s?(?:\d{1,3}(?:\.\d+)?\s?%)?`, 'g');

/**
 * The text with its progress-bar snapshots masked (loops16): an output drawing a progress bar at
 * least twice (the snapshots a long-running tool printed while it ran, then its result) shows how
 * the run was drawn, not what it found — where the snapshots were taken moves from run to run
 * while the report after them is the same. A single bar is the state a poll reports (a print at
 * 45%, then 60%: progress) and is kept.
 */
function progressSnapshotsMasked(text: string): string {
  const bars = text.match(PROGRESS_BAR);
  return bars !== null && bars.length >= 2 ? text.replace(PROGRESS_BAR, '#') : text;
}

/** Most numbers of an output kept for {@link outputNumbers} (an output with more is not read for counters). */
export const MAX_OUTPUT_NUMBERS = 64;

/**
 * A number standing alone: not a part of a whole (`2/3`: a count of done items toward a total,
 * progress) nor of a name (`t-91`, `job_12`, `v2`: a handle or id, new when it moves), which stay
 * in the shape. The text comes folded to lower case.
 */
const NUMBER = /(?<![\d.\/a-z_-])\d+(?:\.\d+)?(?![\d\/a-z_]|\.\d)/g;

/**
 * A masked output's shape and numbers: its text with every number standing alone replaced by `#`
 * (hashed by the caller; a part of a whole, `2/3`, or of a name, `t-91`, stays), and those
 * numbers in order — what {@link risesByOne} compares to tell a counter of the
 * calls themselves (a turn or attempt number) from a value that moved. Pure.
 *
 * @param text - The output with volatile tokens masked ({@link steadyOutputText}).
 * @returns Its shape and numbers, or `undefined` with more than {@link MAX_OUTPUT_NUMBERS} numbers.
 *
 * @example
 * ```ts
 * outputNumbers('[turn 27 · score 10]'); // { shape: '[turn # · score #]', numbers: [27, 10] }
 * ```
 */
export function outputNumbers(text: string): { shape: string; numbers: number[] } | undefined {
  const numbers = (text.match(NUMBER) ?? []).map(Number);
  if (numbers.length > MAX_OUTPUT_NUMBERS) return undefined;
  return { shape: text.replace(NUMBER, '#'), numbers };
}

/**
 * Whether an output's numbers are the previous output's with only counters moved: the same
 * count of numbers, at least one differing, and every one that differs exactly one more than
 * before (a turn counter, an attempt number, a sequence number that rises with each call while
 * nothing else changes). A number that fell, rose by more than one, or a second value that moved
 * otherwise (a battery, a progress bar, a count drained) is news. Pure.
 *
 * @param before - The previous output's numbers.
 * @param now - This output's numbers.
 * @returns Whether only counters rising by one moved.
 */
export function risesByOne(before: readonly number[], now: readonly number[]): boolean {
  if (before.length !== now.length) return false;
  let moved = false;
  for (let index = 0; index < now.length; index++) {
    if (now[index] === before[index]) continue;
    if (now[index] !== before[index]! + 1) return false;
    moved = true;
  }
  return moved;
}

/**
 * Whether an output's numbers are the previous output's with only counters and handed-out handles
 * moved: as {@link risesByOne}, but a number may also move to one of `handles` (the numbers the
 * latest change answered with: a rerun's new run number, which the log read after it names).
 * A round — a change, then a read — whose read differs from the last round's only in the handle
 * the change gave it reports the same outcome. Pure.
 *
 * @param before - The previous output's numbers.
 * @param now - This output's numbers.
 * @param handles - Numbers a number may move to and still be the same outcome.
 * @returns Whether some number moved, each to one more than before or to a handle.
 */
export function movesOnlyCounters(before: readonly number[], now: readonly number[], handles: ReadonlySet<number>): boolean {
  if (before.length !== now.length) return false;
  let moved = false;
  for (let index = 0; index < now.length; index++) {
    if (now[index] === before[index]) continue;
    if (now[index] !== before[index]! + 1 && !handles.has(now[index]!)) return false;
    moved = true;
  }
  return moved;
}

/**
 * The last word of a key naming a handle or a reading of the call itself, not of the world
 * (loops14): an id (`id`, `request_id`, `run-id`, `traceid`, `uuid`, `guid`), a nonce, an etag, a
 * cursor or token for the next page, a stamp (`ts`, `timestamp`), a timing without its unit
 * (`took`, `latency`, `elapsed`). A key merely ending in those letters (`paid`, `valid`, `tokens`)
 * names none; neither does one naming a time of the world (`depart_at`, `due`, `scheduled`).
 */
export const HANDLE_KEY = String.raw`(?:(?:request|trace|span|correlation|run|job|session|message|event)?id|uuid|guid|nonce|etag|cursor|token|ts|timestamp|took|latency|elapsed)`;

/**
 * A value its key names a handle ({@link HANDLE_KEY}): the key, alone or as the last word after `_`
 * or `-`, then `:` or `=`, then the value (quoted or not; a stamp's colons included). The text comes
 * folded to lower case.
 */
const NAMED_ID = new RegExp(String.raw`(?<=(?:^|[^a-z0-9])(?:[a-z0-9]+[_-])?${HANDLE_KEY}"?\s?[:=]\s?"?)[0-9a-z][\w.:+-]*`, 'g');

/**
 * A masked output's text with every value its key names a handle replaced by `#` ({@link NAMED_ID}:
 * an id, a nonce, a cursor, a stamp, a timing without unit), or `undefined` when it names none: the
 * identical call answered with the same text in which only such values moved (a fresh request id
 * of a format no mask knows, all digits or not; a rerun's new run id; an epoch stamp) reports the
 * same thing under a new handle (loops14). Compared for the identical call only
 * (`CountedOutcomes`): another call naming another id asks about another thing. Pure.
 *
 * @param text - The output with volatile tokens masked ({@link steadyOutputText}).
 * @returns The text with named ids masked, or `undefined` when none is named.
 *
 * @example
 * ```ts
 * namedIdsMasked('{"status":"pending","request_id":"14911707"}'); // '{"status":"pending","request_id":"#"}'
 * ```
 */
export function namedIdsMasked(text: string): string | undefined {
  const masked = text.replace(NAMED_ID, '#');
  return masked === text ? undefined : masked;
}
