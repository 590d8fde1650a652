import { argumentsText, type CairnMessage, contentText } from '@cairn/core';

/** A moment where the agent is about to repeat a call that already failed. */
export interface DeadEndCheck {
  /** Index of the assistant message that repeats the failed call (the view before it is checked). */
  messageIndex: number;
  /** Name of the repeated tool. */
  toolName: string;
  /** Id of the most recent earlier failed result of the same call. */
  failedResultId: string;
  /** The line of that failure that must be visible in the view ({@link errorLine}). */
  errorText: string;
}

const ERROR_WORDS = /error|exception|traceback|fail|denied|not found|no such|no match|cannot|can't|invalid|refused|timed? ?out|exit code|\b[45]\d\d\b/i;
const MAX_ERROR_CHARS = 200;

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
      const errorText = errorLine(contentText(failed.content));
      if (errorText !== '') checks.push({ messageIndex, toolName: call.name, failedResultId: failed.id, errorText });
    }
  });
  return checks;
}

/**
 * True when the failure a {@link DeadEndCheck} names is visible in a view's text.
 *
 * @param check - The check.
 * @param text - The text of the view assembled just before the repeating call.
 * @returns Whether the earlier error line is there.
 */
export function isFailureVisible(check: DeadEndCheck, text: string): boolean {
  return text.includes(check.errorText);
}
