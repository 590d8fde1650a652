/**
 * The error-line and exit-status readers as they were before the keyword pre-filter: every
 * pattern tested on every unquoted line. The optimised readers must answer the same.
 */
import type { CairnMessage } from '../../log/index.js';

const LISTING_LINE = /^\s*(\d+:|Line \d+:|\[File: |\(\d+ more lines (above|below)\)|[\w./-]+:\d+:)/;
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
const GENERIC_FAILURE = /^\s*((error|fatal|failed|failure)\b[:!]?\s*)?(command )?(exit(ed)? (with )?(code|status) \d+|non-zero exit( status)?)\.?\s*$/i;
const EXCEPTION_LINE = /^[A-Za-z_][\w.]*: \S/;
const BARE_EXCEPTION_LINE = /^[A-Za-z_][\w.]*$/;

/** The reference `errorLine`. */
export function referenceErrorLine(text: string): string | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !LISTING_LINE.test(line));
  const traceback = TRACEBACK.test(text);
  const header = traceback ? lines.findLastIndex((line) => TRACEBACK.test(line)) : -1;
  if (header >= 0) {
    const end = lines.slice(header + 1).find((line) => !/^\s/.test(line));
    if (end !== undefined && (EXCEPTION_LINE.test(end) || BARE_EXCEPTION_LINE.test(end))) return end;
  }
  let generic: string | undefined;
  for (const pattern of ERROR_LINES) {
    for (let index = lines.length - 1; index >= 0; index--) {
      if (!pattern.test(lines[index]!)) continue;
      if (!GENERIC_FAILURE.test(lines[index]!)) return lines[index];
      generic ??= lines[index];
    }
  }
  if (generic !== undefined) return generic;
  if (!traceback) return undefined;
  for (let index = lines.length - 1; index >= 0; index--) if (EXCEPTION_LINE.test(lines[index]!)) return lines[index];
  return 'Traceback (most recent call last)';
}

const EXIT_KEYS = ['exitCode', 'exit_code', 'exitStatus', 'exit_status', 'returncode', 'returnCode', 'status_code_exit'] as const;
const EXIT_LINE = /\b(?:exit(?:ed)?(?: with)?(?: code| status)|exit_code|returncode|return code)\s*[:=]?\s*(-?\d+)\b/i;
const QUOTED_LINE = /^\s*(\d+:|Line \d+:|\[File: |[\w./-]+:\d+:)/;

/** The reference `readExitStatus`. */
export function referenceReadExitStatus(message: CairnMessage, text: string): number | undefined {
  for (const key of EXIT_KEYS) {
    const value = message.metadata?.[key];
    if (typeof value === 'number' && Number.isInteger(value)) return value;
  }
  const lines = text.split('\n');
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!;
    if (QUOTED_LINE.test(line)) continue;
    const match = EXIT_LINE.exec(line);
    if (match) return Number(match[1]);
  }
  return undefined;
}
