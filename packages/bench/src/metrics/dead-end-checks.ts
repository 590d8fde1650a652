import { argumentsText, type CairnMessage, contentText } from '@cairn/core';

/** A moment where the agent is about to repeat a call that already failed. */
export interface DeadEndCheck {
  /** Index of the assistant message that repeats the failed call (the view before it is checked). */
  messageIndex: number;
  /** Name of the repeated tool. */
  toolName: string;
  /** Id of the most recent earlier failed result of the same call. */
  failedResultId: string;
  /** The line that says best what went wrong ({@link errorLine}), for reports. */
  errorText: string;
  /**
   * The lines of that failure that say what went wrong, whitespace collapsed: the failure is
   * visible when one of them is in the view ({@link isFailureVisible}).
   */
  errorLines: string[];
}

const ERROR_WORDS = /error|exception|traceback|fail|denied|not found|no such|no match|cannot|can't|invalid|refused|timed? ?out|exit code|\b[45]\d\d\b/i;
const MAX_ERROR_CHARS = 200;
/** Error lines are compared on their first characters (strategies may cut long lines). */
const COMPARED_CHARS = 120;

/** Lines every failure of a kind shares, which say nothing about this one. */
const GENERIC_LINE = /^(Traceback \(most recent call last\):?|exit(ed)? (with )?(code|status) \d+|(error|failed|failure)[:!.]?)$/i;

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The line that says what went wrong in a failed tool result: the last line that reads like an
 * error (a traceback's exception line, `HTTP 404`, `permission denied`…), else the first
 * non-empty line; at most 200 characters.
 *
 * @param text - The failed result's content.
 * @returns The line, trimmed; empty for an empty result.
 *
 * @example
 * ```ts
 * errorLine('Traceback (most recent call last):\n  File "x.py"\nKeyError: 7'); // 'KeyError: 7'
 * ```
 */
export function errorLine(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const matching = lines.filter((line) => ERROR_WORDS.test(line));
  return (matching.at(-1) ?? lines[0] ?? '').slice(0, MAX_ERROR_CHARS);
}

/** The exception a Python traceback ended with: the first unindented line after the last header's frames. */
function tracebackEnd(lines: readonly string[]): string | undefined {
  const header = lines.findLastIndex((line) => /^Traceback \(most recent call last\)/.test(line.trim()));
  if (header < 0) return undefined;
  const end = lines.slice(header + 1).find((line) => !/^\s/.test(line));
  return end === undefined ? undefined : collapse(end);
}

/**
 * The lines of a failed result that say what went wrong: every line that reads like an error
 * (and the exception a traceback ended with, such as a bare `StopIteration`),
 * whitespace collapsed and cut to 120 characters, except lines every failure shares (a
 * traceback's header, `exit code 1`, a bare `Error:`); the first non-empty line when no other
 * line reads like an error.
 *
 * @param text - The failed result's content.
 * @returns The lines, in order; empty for an empty result.
 */
export function errorLines(text: string): string[] {
  const raw = text.split('\n').filter((line) => line.trim() !== '');
  const lines = raw.map(collapse);
  const ended = tracebackEnd(raw);
  const telling = lines.filter((line) => (ERROR_WORDS.test(line) || line === ended) && !GENERIC_LINE.test(line)).map((line) => line.slice(0, COMPARED_CHARS));
  if (telling.length > 0) return [...new Set(telling)];
  return lines.length > 0 ? [lines[0]!.slice(0, COMPARED_CHARS)] : [];
}

/**
 * Finds every assistant message that calls a tool with the same name and arguments as an earlier
 * call whose result failed (`isError`). The benchmark asks each strategy for a view just before
 * that message and checks whether the earlier failure's error line is visible in it.
 *
 * @param messages - A session (one agent's context), in order.
 * @returns One check per repeating assistant message and failed call, in order.
 *
 * @example
 * ```ts
 * findDeadEndChecks(session.messages).length; // exact repeats of failed calls
 * ```
 */
export function findDeadEndChecks(messages: readonly CairnMessage[]): DeadEndCheck[] {
  const callKeys = new Map<string, string>();
  const failures = new Map<string, CairnMessage>();
  const checks: DeadEndCheck[] = [];
  messages.forEach((message, messageIndex) => {
    if (message.role === 'tool') {
      const key = message.toolCallId === undefined ? undefined : callKeys.get(message.toolCallId);
      if (key !== undefined && message.isError === true) failures.set(key, message);
      return;
    }
    const seen = new Set<string>();
    for (const call of message.toolCalls ?? []) {
      const key = `${call.name}\u0000${argumentsText(call.arguments)}`;
      callKeys.set(call.id, key);
      const failed = failures.get(key);
      if (failed === undefined || seen.has(key)) continue;
      seen.add(key);
      const failure = contentText(failed.content);
      const errorText = errorLine(failure);
      if (errorText !== '') checks.push({ messageIndex, toolName: call.name, failedResultId: failed.id, errorText, errorLines: errorLines(failure) });
    }
  });
  return checks;
}

/**
 * True when the failure a {@link DeadEndCheck} names is visible in a view's text: one of its
 * {@link DeadEndCheck.errorLines} is there (whitespace collapsed). The same test for every
 * strategy: a kept result, a compressed one that kept the error, or a brief that quotes it.
 *
 * @param check - The check.
 * @param text - The text of the view assembled just before the repeating call.
 * @returns Whether the earlier failure is there.
 */
export function isFailureVisible(check: DeadEndCheck, text: string): boolean {
  const view = collapse(text);
  return check.errorLines.some((line) => view.includes(line));
}
