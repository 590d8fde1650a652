import type { CairnMessage } from '../log/index.js';
import { isPermanentFailure } from './permanent-failure.js';

/**
 * Faults that say nothing about the call itself: the service was busy, overloaded, unreachable
 * for a moment, or too slow. Retrying the same call later is the right move, so such failures
 * are never blocked (they are shown as transient). Matched on one line each.
 */
const TRANSIENT_LINES: readonly RegExp[] = [
  /\b(429|502|503|504)\s*[-:]?\s*(too many requests|bad gateway|service unavailable|gateway time-?out|unavailable|overloaded|quota exceeded)\b/i,
  /\b(HTTP\/?[\d.]*\s+|status(\s+code)?:?\s*|error:?\s*\(?)(429|502|503|504)\b/i,
  /\b(too many requests|service (temporarily )?unavailable|bad gateway|gateway time-?out|rate[- ]limit(ed)?( exceeded)?|throttl(ed|ing)|quota exceeded, retry)\b/i,
  // Throttling as SDK exception names print it (`ThrottlingException`, `ProvisionedThroughputExceededException`).
  /(Throttl(ed|ing)|ThroughputExceeded|TooManyRequests|RequestLimitExceeded)\w*\b|\bthroughput\b.*\bexceeded\b/i,
  /\b((temporarily|currently) (unavailable|unable to)|temporary failure|try again (later|shortly|soon|in\b)|retry after \d+|please (retry|wait)|retry (your|the) (request|operation)|server (is )?(busy|overloaded)|overloaded_error|capacity (exceeded|problems))\b/i,
  // Dropped connections and name lookups that fail for the moment (not a host that does not exist).
  /\b((server|remote|peer) closed the connection|connection closed unexpectedly|could not resolve host|temporary failure in name resolution)\b/i,
  /\b(server ?disconnected(error)?|other side closed|UND_ERR_(SOCKET|CONNECT_TIMEOUT|CLOSED)|(the )?remote end hung up( unexpectedly)?|AutoReconnect|connection pool paused)\b/i,
  /\b(timed out|TimeoutError|TimeoutException|deadline exceeded|ETIMEDOUT|ESOCKETTIMEDOUT|ReadTimeout|ConnectTimeout|request timeout|operation timeout|handshake timeout|timeout exceeded while awaiting)\b/i,
  /\b(connection (reset|aborted|dropped)( by peer)?|ECONNRESET|ECONNABORTED|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|socket hang up|network (is )?unreachable|remote end closed connection)\b/i,
  /\b(EAGAIN|EBUSY|resource busy|database is locked|lock wait timeout|deadlock detected|too many (connections|clients)|could not serialize access|SerializationFailure|try restarting transaction)\b/i,
  // Client and SDK names of the same faults, and gateways with nothing healthy behind them.
  /\b(API(Connection|Timeout)Error|ServiceUnavailable(Exception|Error)?|BusyLoading(Error)?|StatusCode\.(UNAVAILABLE|RESOURCE_EXHAUSTED|DEADLINE_EXCEEDED))\b|\w(TimeoutError|TimeoutException)\b/i,
  /\b(server misbehaving|broken pipe|EPIPE|no healthy upstream|ERR_CONNECTION_(RESET|CLOSED|TIMED_OUT)|ERR_TIMED_OUT|trouble with your network connection|reduce your request rate|server_busy|experiencing high demand|try (your|the) request again|is loading the dataset)\b/i,
  /\((SlowDown|Throttling|RequestThrottled)\)/,
];

/** A refused connection: nothing listened there at that moment. */
const REFUSED = /\b(connection refused|ECONNREFUSED|ConnectionRefusedError)\b/i;
/**
 * A local address on the line (`localhost`, `127.0.0.1`, `::1`, `0.0.0.0`): a refused connection
 * to one is a service of this machine that is not running, which stays so until someone starts
 * it (a retry into an unchanged state is a dead end). A refused connection to a remote service,
 * or one with no address, is a service restarting or shedding load: transient.
 */
const LOCAL_ADDRESS = /\b(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0)\b|\[?::1\]?(:\d+)?(\s|$)/i;

/**
 * Whether a line reports a connection refused on a local address: a service of this machine that
 * is not running, which stays so until someone starts it (a permanent failure).
 */
function isLocalRefusal(line: string): boolean {
  return REFUSED.test(line) && LOCAL_ADDRESS.test(line);
}

/** Whether one line reads as a transient fault. */
function isTransientLine(line: string): boolean {
  if (TRANSIENT_LINES.some((pattern) => pattern.test(line))) return true;
  return REFUSED.test(line) && !LOCAL_ADDRESS.test(line);
}

/** Lines that quote files or search hits; their text is never a fault of this call. */
const QUOTED_LINE = /^\s*(\d+:|Line \d+:|\[File: |[\w./-]+:\d+:)/;

/**
 * Whether a failed tool output reads as a transient fault (HTTP 429/502/503/504, rate limits and
 * throttling, timeouts, connection resets and drops, "temporarily unavailable", a busy resource,
 * a lock or serialization conflict, a connection refused by a remote service): retrying the same
 * call may well work. A connection refused on a local address (`localhost`, `127.0.0.1`) is not
 * transient: the service is not running. Lines quoting files or search hits never count.
 *
 * @param text - The tool output (or the failure's most telling line).
 * @returns True for a transient fault.
 *
 * @example
 * ```ts
 * isTransientFailure('503 Service Unavailable'); // true
 * isTransientFailure('KeyError: 3'); // false
 * ```
 */
export function isTransientFailure(text: string): boolean {
  // A line is part of the text and no pattern is anchored to a line's ends (`\b` reads the same
  // beside a newline as at a line's edge): a text in which no pattern matches has no line that
  // does, and is not split.
  if (!TRANSIENT_LINES.some((pattern) => pattern.test(text)) && !REFUSED.test(text)) return false;
  return text.split('\n').some((line) => !QUOTED_LINE.test(line) && isTransientLine(line));
}

/** Keys of `metadata` an adapter may put a command's exit status under. */
const EXIT_KEYS = ['exitCode', 'exit_code', 'exitStatus', 'exit_status', 'returncode', 'returnCode', 'status_code_exit'] as const;
/** A line that states a command's exit status (`exit code 0`, `Process exited with code 1`, `[exit status: 2]`). */
const EXIT_LINE = /\b(?:exit(?:ed)?(?: with)?(?: code| status)|exit_code|returncode|return code)\s*[:=]?\s*(-?\d+)\b/i;
/** Words one of which every {@link EXIT_LINE} match holds (compared without case). */
const MAY_STATE_EXIT = /exit|returncode|return code/i;

/**
 * The exit status a tool result states: a number under `metadata.exitCode` (or `exit_code`,
 * `exitStatus`, `exit_status`, `returncode`, `returnCode`), else the last output line that states
 * one (`exit code 0`, `Process exited with code 1`, `returncode: 2`). Lines quoting files or
 * search hits never count.
 *
 * @param message - A tool message.
 * @param text - Its output text.
 * @returns The exit status, or undefined when none is stated.
 *
 * @example
 * ```ts
 * readExitStatus(message, 'FAILURE: 1 check\nexit code 0'); // 0
 * ```
 */
export function readExitStatus(message: CairnMessage, text: string): number | undefined {
  for (const key of EXIT_KEYS) {
    const value = message.metadata?.[key];
    if (typeof value === 'number' && Number.isInteger(value)) return value;
  }
  // Every line EXIT_LINE matches holds one of these words: an output without any states no status.
  if (!MAY_STATE_EXIT.test(text)) return undefined;
  const lines = text.split('\n');
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!;
    if (QUOTED_LINE.test(line)) continue;
    const match = EXIT_LINE.exec(line);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/**
 * What a tool failure says about a retry of the same call:
 * - `transient`: a fault that clears by itself (429, 503, a timeout, a reset connection…): a retry
 *   is never blocked;
 * - `permanent`: a recognised signature of a failure the same call into the same state repeats
 *   (not found, permission denied, invalid argument, a syntax or type error, HTTP 4xx other than
 *   408 / 423 / 425 / 429, failing tests…): an exact repeat with nothing changed is blocked from the
 *   second failure on;
 * - `unknown`: neither (a bare non-zero exit, an unfamiliar message): the first repeat gets a
 *   `warn`, a block comes only after `unknownFailureBlockAfter` identical failures with nothing
 *   changed in between.
 */
export type FailureClass = 'transient' | 'permanent' | 'unknown';

/**
 * The class of a failure `detectFailure` read from a tool output: `transient` when it marked it so,
 * else `permanent` when an unquoted line of the output (or the reason) carries a permanent
 * signature (`isPermanentFailure`) or reports a connection refused on a local address (a local
 * service that is not running), else `unknown`. The exit status has already decided whether
 * there is a failure at all (exit 0 never is one); a non-zero exit is permanent only with a
 * recognised error signature.
 *
 * @param signal - What `detectFailure` returned for the output (its `transient` flag and reason).
 * @param output - The tool output.
 * @returns The failure class.
 *
 * @example
 * ```ts
 * classifyFailure({ reason: 'exit code 2' }, 'make: *** No rule to make target'); // 'permanent'
 * classifyFailure({ reason: 'exit code 2' }, 'done'); // 'unknown'
 * ```
 */
export function classifyFailure(signal: { reason: string; transient?: true }, output: string): FailureClass {
  if (signal.transient) return 'transient';
  if (isPermanentFailure(signal.reason) || isPermanentFailure(output)) return 'permanent';
  return output.split('\n').some((line) => !QUOTED_LINE.test(line) && isLocalRefusal(line)) ? 'permanent' : 'unknown';
}
