import { CairnError } from '@cairn/core';
import type { ToolFailureKind } from './swe-agent-types.js';

/** Error signatures are cut to this many characters by default. */
export const DEFAULT_SIGNATURE_LENGTH = 200;

/** Options of {@link labelToolFailure}. */
export interface LabelToolFailureOptions {
  /** Longest signature kept, in characters. @default DEFAULT_SIGNATURE_LENGTH */
  maxSignatureLength?: number;
}

/** The label of one tool result: ok, or failed with a kind and a signature. */
export type ToolFailureLabel = { isError: false } | { isError: true; kind: ToolFailureKind; signature: string };

const EDIT_REJECTED = 'Your proposed edit has introduced new syntax error';
const TRACEBACK = 'Traceback (most recent call last):';
const NO_RESULTS = 'No matches found for';
/** A Python exception line: a dotted name ending in `Error` or `Exception`, alone or before `:`. */
const EXCEPTION_LINE = /^[A-Za-z_][\w.]*(?:Error|Exception)(?::.*)?$/;
/** pytest's closing summary when tests failed or errored: `==== 1 failed, 2 passed in 0.03s ====`. */
const PYTEST_FAILED = /^=+ (.*\b\d+ (?:failed|errors?)\b.* in [\d.]+ ?s(?:econds)?) =+$/;
/** First lines of a command that did not run as asked (shell and SWE-agent tool messages). */
const TOOL_ERROR_LINES: readonly RegExp[] = [
  /command not found/,
  /No such file or directory/,
  /^(?:File|Directory) .* not found$/,
  /^usage: /i,
  /^Error: /,
  /Permission denied/,
  /unrecognized option/,
  /cannot access/,
  /can't open file/,
];

/** The output proper: SWE-agent appends `(Open file: …)` and `(Current directory: …)` lines. */
function outputBody(content: string): string {
  const footer = content.indexOf('\n(Open file:');
  return footer === -1 ? content : content.slice(0, footer);
}

function signatureOf(text: string, maxLength: number): string {
  return Array.from(text.replace(/\d+/g, 'N')).slice(0, maxLength).join('');
}

/** The `- E999 …` / `- F821 …` lines under `ERRORS:` in a rejected edit. */
function lintLines(lines: readonly string[]): string[] {
  const start = lines.findIndex((line) => line.trim() === 'ERRORS:');
  const found: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('- ')) found.push(line);
    else if (found.length > 0) break;
  }
  return found;
}

/**
 * Labels one SWE-agent command output as ok or failed, from its text alone (no engine code, so
 * the labels can serve as ground truth for cairn's own failure detection). A failure is:
 * `edit_rejected` (the editor refused an edit that fails the linter; signature: the lint lines),
 * `traceback` (a Python traceback outside a file view; signature: the last exception line, or
 * `Traceback` when none names an `…Error`/`…Exception`; also a pytest run whose summary counts
 * failed tests or errors, signed `pytest: N failed in N.Ns`), `no_results` (`No matches found
 * for …`), or `tool_error` (the command did not run as asked: not found, no such file, usage,
 * permission denied, unrecognized option, `Error: …`).
 * Signatures replace digit runs with `N` and are cut to `maxSignatureLength`. Output that a script
 * prints about its own errors (`An error occurred: …`) counts as ok, as in the CodeR data set.
 *
 * @param content - The command's output as the agent saw it.
 * @param options - Signature length.
 * @returns `{ isError: false }` or `{ isError: true, kind, signature }`.
 * @throws `CairnError` with code `INVALID_OPTIONS` when `maxSignatureLength` is not a whole number from 1.
 *
 * @example
 * ```ts
 * labelToolFailure('No matches found for "foo" in /repo\n\n(Open file: n/a)');
 * // { isError: true, kind: 'no_results', signature: 'No matches found for "foo" in /repo' }
 * ```
 */
export function labelToolFailure(content: string, { maxSignatureLength = DEFAULT_SIGNATURE_LENGTH }: LabelToolFailureOptions = {}): ToolFailureLabel {
  if (!(Number.isInteger(maxSignatureLength) && maxSignatureLength >= 1)) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid maxSignatureLength ${maxSignatureLength}: use a whole number of characters from 1 (default ${DEFAULT_SIGNATURE_LENGTH}).`, details: { maxSignatureLength } });
  }
  const body = outputBody(content);
  const lines = body.split('\n');
  const firstLine = (lines[0] ?? '').trim();
  const failed = (kind: ToolFailureKind, text: string): ToolFailureLabel => ({ isError: true, kind, signature: signatureOf(text, maxSignatureLength) });
  if (body.startsWith(EDIT_REJECTED)) return failed('edit_rejected', `edit_rejected: ${lintLines(lines).join('\n')}`);
  if (body.includes(TRACEBACK) && !body.startsWith('[File: ')) {
    const exception = lines.map((line) => line.trim()).filter((line) => EXCEPTION_LINE.test(line)).at(-1);
    return failed('traceback', exception ?? 'Traceback');
  }
  const pytestSummary = PYTEST_FAILED.exec(lines.filter((line) => line.trim() !== '').at(-1)?.trim() ?? '');
  if (pytestSummary) return failed('traceback', `pytest: ${pytestSummary[1]}`);
  if (firstLine.startsWith(NO_RESULTS)) return failed('no_results', firstLine);
  if (TOOL_ERROR_LINES.some((pattern) => pattern.test(firstLine))) return failed('tool_error', firstLine);
  return { isError: false };
}
