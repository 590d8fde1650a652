import { contentText } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { isTransientFailure, readExitStatus } from './failure-class.js';
import { detectCorrection } from './detect-correction.js';

/** A failure read from one message without an LLM; see {@link detectFailure}. */
export interface FailureSignal {
  /** `tool-error`: the tool said so (`isError`); `error-output`: the output reads as a failure; `user-correction`: the user rejected what was done. */
  kind: 'tool-error' | 'error-output' | 'user-correction';
  /** The most telling line (an error line, the correction), one line of at most 200 characters. */
  reason: string;
  /**
   * Set for a tool failure that reads as a transient fault (HTTP 429/502/503/504, rate limits,
   * timeouts, connection resets, "temporarily unavailable"): retrying may work, so the guard never
   * blocks it. Absent for permanent failures.
   */
  transient?: true;
}

/** Options of {@link detectFailure}. */
export interface DetectFailureOptions {
  /**
   * Read failure classes: transient faults, and a stated exit status beating the output's text.
   * `false` reads failures as the guard did before failure classes (for comparisons).
   * @default true
   */
  failureClasses?: boolean;
  /**
   * For a user message: the assistant turn just before it, in words (its text and calls; `''`
   * when there was none). Given, a user message is a correction only when it contradicts that
   * turn (see `detectCorrection`); not given, any correcting phrase counts.
   */
  previousAssistant?: string;
}

/** The longest {@link FailureSignal.reason}. */
export const MAX_FAILURE_REASON_LENGTH = 200;

/** Lines of listings that quote file contents or search hits: never read as errors. */
const LISTING_LINE = /^\s*(\d+:|Line \d+:|\[File: |\(\d+ more lines (above|below)\)|[\w./-]+:\d+:)/;
/** Error lines, strongest first: the first that matches an unquoted line is the reason. */
const ERROR_LINES: readonly RegExp[] = [
  /^\s*(\w+\.)*\w*(Error|Exception|Fault)(: .*)?$/,
  /^\s*(error|fatal|failed|failure)\b[:!]/i,
  /Your proposed edit has introduced new syntax error/,
  /^\s*(FAILED|FAIL|ERROR)\b/,
  /\b(command not found|No such file or directory|Permission denied|permission_denied|Access denied|cannot (open|access|find)|could not (find|open|resolve))\b/i,
  /\b(HTTP\/?[\d.]*\s+|status(\s+code)?:?\s*)[45]\d\d\b/i,
  /\b[45]\d\d (Bad Request|Unauthorized|Forbidden|Not Found|Conflict|Internal Server Error|Service Unavailable)\b/i,
  /^\s*(No matches found|Directory .* not found|File .* not found|.* does not exist\.?)\s*$/,
  /\b(exit(ed)? (with )?(code|status) [1-9]\d*|non-zero exit)/i,
  /^\s*\d+ (failed|errors?)\b|\b\d+ failed\b.*\bpassed\b|\bTests?:? .*\b[1-9]\d* failed\b/,
];
const TRACEBACK = /^Traceback \(most recent call last\)/m;
/**
 * A line an adapter's guard added to a tool result (the LangChain `[cairn guard] Warning: …` note,
 * the LlamaIndex `cairn warning: this call resembles a known dead end.` and `cairn blocked this
 * call` texts): cairn's own words, quoting the earlier error, never the tool's output. Read as
 * output, each repeat would fail "for a new reason" (the note counts the failures).
 */
const GUARD_NOTE_LINE = /\[cairn guard\]|cairn warning: this call resembles a known dead end|cairn blocked this call|^Blocked by cairn: /;

/**
 * The output without the lines an adapter's guard added to it; unchanged when nothing else is
 * left (a blocked call's result: see {@link isGuardNoteOnly}).
 */
function withoutGuardNotes(text: string): string {
  if (!GUARD_NOTE_LINE.test(text)) return text;
  const rest = text.split('\n').filter((line) => !GUARD_NOTE_LINE.test(line));
  return rest.some((line) => line.trim() !== '') ? rest.join('\n') : text;
}

/**
 * Whether a tool output is only what an adapter's guard said (the result of a call it blocked,
 * which never ran): it tells nothing new about the call.
 *
 * @internal
 */
export function isGuardNoteOnly(text: string): boolean {
  return GUARD_NOTE_LINE.test(text) && text.split('\n').every((line) => line.trim() === '' || GUARD_NOTE_LINE.test(line));
}
/** A line that says only that something failed, with its exit status (`Error: exit code 1`). */
const GENERIC_FAILURE = /^\s*((error|fatal|failed|failure)\b[:!]?\s*)?(command )?(exit(ed)? (with )?(code|status) \d+|non-zero exit( status)?)\.?\s*$/i;
/** An exception line at the end of a traceback: an unindented dotted name, then `: message`. */
const EXCEPTION_LINE = /^[A-Za-z_][\w.]*: \S/;
/** An exception raised without a message (`StopIteration`, `KeyboardInterrupt`): an unindented dotted name alone. */
const BARE_EXCEPTION_LINE = /^[A-Za-z_][\w.]*$/;
const CORRECTION: readonly RegExp[] = [
  /^\s*(no|nope)\b[,.!]?\s+(that'?s|this is|it'?s|you('re| are)|not|wrong|don'?t|stop)\b/i,
  /\b(that'?s|this is|it'?s) (wrong|incorrect|not (right|correct|what i (asked|wanted|meant)))\b/i,
  /^\s*(don'?t|do not|stop|never) (do|use|run|call|touch|change|edit|delete|book|cancel)\b/i,
  /\bi (said|asked|told you)\b.*\b(not|don'?t|never)\b/i,
  /\b(undo|revert) (that|this|it|the (change|edit))\b/i,
];

/** Cuts a line to one trimmed line of at most {@link MAX_FAILURE_REASON_LENGTH} characters. */
function oneLine(line: string): string {
  const text = line.replace(/\s+/g, ' ').trim();
  return text.length <= MAX_FAILURE_REASON_LENGTH ? text : `${text.slice(0, MAX_FAILURE_REASON_LENGTH - 1)}…`;
}

/**
 * Words one of which every {@link ERROR_LINES} pattern needs somewhere on its line (compared
 * without case, so it holds for the case-sensitive patterns too): a line without any of them
 * matches none of the patterns, and is not tested against each (most lines of most outputs).
 */
const MAY_READ_AS_ERROR = /error|exception|fault|fatal|fail|found|does not exist|no such|permission|denied|cannot|could not|http|status|bad request|unauthorized|forbidden|conflict|unavailable|exit/i;
/** {@link MAY_READ_AS_ERROR}, searched from a position on. */
const MAY_READ_AS_ERROR_ANYWHERE = new RegExp(MAY_READ_AS_ERROR.source, 'gi');

/**
 * The unquoted, non-blank lines of a tool output that may read as an error (see
 * {@link MAY_READ_AS_ERROR}), in order: the only lines the {@link ERROR_LINES} patterns can match.
 * @internal
 */
export function candidateLines(text: string): string[] {
  const candidates: string[] = [];
  // The words are found in the whole text and only their lines are cut out (no line of a long
  // output that names none of them is made): a word never spans a newline, so a line holds a
  // match exactly when the search finds one in it.
  MAY_READ_AS_ERROR_ANYWHERE.lastIndex = 0;
  for (let match = MAY_READ_AS_ERROR_ANYWHERE.exec(text); match !== null; match = MAY_READ_AS_ERROR_ANYWHERE.exec(text)) {
    const start = text.lastIndexOf('\n', match.index) + 1;
    const newline = text.indexOf('\n', match.index);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    if (line.trim() !== '' && !LISTING_LINE.test(line)) candidates.push(line);
    if (newline < 0) break;
    MAY_READ_AS_ERROR_ANYWHERE.lastIndex = newline + 1;
  }
  MAY_READ_AS_ERROR_ANYWHERE.lastIndex = 0;
  return candidates;
}

/** The most telling error line of a tool output, or undefined when none reads as an error. @internal */
export function errorLine(text: string): string | undefined {
  const traceback = TRACEBACK.test(text);
  // Without a traceback only the lines that may read as an error are read: the patterns below
  // match no other line, and their order among themselves is kept, so the answer is the same.
  const lines = traceback ? text.split('\n').filter((line) => line.trim() !== '' && !LISTING_LINE.test(line)) : candidateLines(text);
  // What ended a traceback says most: the first unindented line after its frames
  // (`pkg.SomeProblem: what happened`, or a bare `StopIteration`), whatever else was printed.
  const header = traceback ? lines.findLastIndex((line) => TRACEBACK.test(line)) : -1;
  if (header >= 0) {
    const end = lines.slice(header + 1).find((line) => !/^\s/.test(line));
    if (end !== undefined && (EXCEPTION_LINE.test(end) || BARE_EXCEPTION_LINE.test(end))) return end;
  }
  let generic: string | undefined;
  for (const pattern of ERROR_LINES) {
    // The last match is the most telling: a traceback ends with its exception. A line that only
    // reports an exit status says less than any other error line, so it is the last resort.
    for (let index = lines.length - 1; index >= 0; index--) {
      if (!pattern.test(lines[index]!)) continue;
      if (!GENERIC_FAILURE.test(lines[index]!)) return lines[index];
      generic ??= lines[index];
    }
  }
  if (generic !== undefined) return generic;
  if (!traceback) return undefined;
  // A traceback ends with its exception line (`pkg.module.SomeProblem: what happened`), whatever
  // the exception is called.
  for (let index = lines.length - 1; index >= 0; index--) if (EXCEPTION_LINE.test(lines[index]!)) return lines[index];
  return 'Traceback (most recent call last)';
}

/**
 * Reads a failure from one message, without an LLM. A `tool` message fails when `isError` is set
 * (`tool-error`) or when an unquoted line of its output reads as an error (`error-output`): an
 * exception line or traceback, `error:`/`fatal:`, failing tests, HTTP 4xx/5xx, "not found",
 * "permission denied", a non-zero exit code, a rejected edit. Lines that quote files or search hits
 * (`12:`, `Line 12:`, `path:12:`) never count, so source that merely mentions an error is no failure.
 * A stated exit status (`metadata.exitCode`, or an output line such as `exit code 0`) beats the
 * text: exit 0 is no failure whatever was printed, a non-zero status is one. A failure whose
 * telling line reads as a transient fault (429, 503, a timeout, a connection reset…) is marked
 * `transient` (for a failure the tool flagged itself, any unquoted line of its output). Lines an
 * adapter's guard added to the result (`[cairn guard] …`, `cairn warning: …`) are not the tool's
 * output and are never read. A `user` message fails as a `user-correction` ("no, that's wrong", "don't do X").
 * Others never fail.
 *
 * @param message - Any message of the log.
 * @param options - `failureClasses: false` reads failures as before failure classes.
 * @returns The failure with its most telling line, or undefined.
 *
 * @example
 * ```ts
 * detectFailure({ id: 't1', role: 'tool', toolCallId: 'c1', content: 'Traceback (most recent call last):\n  ...\nKeyError: 3' });
 * // { kind: 'error-output', reason: 'KeyError: 3' }
 * ```
 */
export function detectFailure(message: CairnMessage, { failureClasses = true, previousAssistant }: DetectFailureOptions = {}): FailureSignal | undefined {
  const content = contentText(message.content);
  if (message.role === 'tool') {
    const text = withoutGuardNotes(content);
    const line = errorLine(text);
    let signal: FailureSignal | undefined;
    // The telling line in full: the class is read before the reason is cut to its length.
    let telling: string | undefined;
    if (message.isError === true) {
      telling = line ?? text.split('\n').find((each) => each.trim() !== '') ?? 'the tool reported an error';
      signal = { kind: 'tool-error', reason: oneLine(telling) };
    } else if (!failureClasses) return line === undefined ? undefined : { kind: 'error-output', reason: oneLine(line) };
    else {
      // A stated exit status beats what the output's text looks like: exit 0 is a success even
      // when the command printed "FAILURE:", a non-zero status a failure even without an error line.
      const status = readExitStatus(message, text);
      if (status === 0) return undefined;
      if (line !== undefined) signal = { kind: 'error-output', reason: oneLine((telling = line)) };
      else if (status !== undefined) signal = { kind: 'error-output', reason: (telling = `exit code ${status}`) };
    }
    // A failure the tool flagged itself is transient when any unquoted line of its output says so
    // (a client's retry warning above the final error, a `Retry-After` header); one read from the
    // text alone only by its telling line.
    if (signal && failureClasses && isTransientFailure(signal.kind === 'tool-error' ? text : telling!)) signal.transient = true;
    return signal;
  }
  if (message.role !== 'user') return undefined;
  const text = content;
  if (previousAssistant !== undefined && failureClasses) {
    const corrected = detectCorrection(text, previousAssistant);
    return corrected === undefined ? undefined : { kind: 'user-correction', reason: oneLine(corrected) };
  }
  const correction = text.split(/\n|(?<=[.!?])\s+/).find((line) => CORRECTION.some((pattern) => pattern.test(line)));
  return correction === undefined ? undefined : { kind: 'user-correction', reason: oneLine(correction) };
}
