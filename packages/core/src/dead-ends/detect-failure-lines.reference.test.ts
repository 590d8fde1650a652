import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { candidateLines, errorLine } from './detect-failure.js';
import { isTransientFailure } from './failure-class.js';

// The lines of a tool output that may read as an error are found by searching the whole text
// for the trigger words and cutting out only their lines (issue 17), instead of splitting every
// line and testing each. Same lines, same order: checked against the split as it was. And a
// failure is read as transient only after one of its patterns matched somewhere in the text:
// checked against reading every line, as before.

const MAY_READ_AS_ERROR = /error|exception|fault|fatal|fail|found|does not exist|no such|permission|denied|cannot|could not|http|status|bad request|unauthorized|forbidden|conflict|unavailable|exit/i;
const LISTING_LINE = /^\s*(\d+:|Line \d+:|\[File: |\(\d+ more lines (above|below)\)|[\w./-]+:\d+:)/;

function referenceCandidateLines(text: string): string[] {
  const candidates: string[] = [];
  if (!MAY_READ_AS_ERROR.test(text)) return candidates;
  for (const line of text.split('\n')) if (MAY_READ_AS_ERROR.test(line) && line.trim() !== '' && !LISTING_LINE.test(line)) candidates.push(line);
  return candidates;
}

const PIECES = [
  'Error: boom', 'TypeError: x is undefined', 'FAILED tests/a.py', '12: error in source', 'src/a.ts:4: Error', 'Line 3: failure', 'exit code 1', 'Exit Status 2',
  'HTTP/1.1 503', 'status: 404', 'No such file or directory', 'permission denied', 'DOES NOT EXIST', 'could not resolve', 'ok', 'all good', '  ', '',
  'Traceback (most recent call last):', '  File "x.py", line 1', 'KeyError: 3', 'found 3 files', 'ﬀail', 'İerror', 'ſtatus', 'fail\r', '\r', 'failed\u2028next',
];
const output = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 20 })), { maxLength: 40 })
  .chain((lines) => fc.constantFrom('\n', '\r\n', ' ', '\n\n').map((separator) => lines.join(separator)));

describe('candidateLines against the line split it replaced', () => {
  test.prop([output])('the same lines in the same order', (text) => {
    expect(candidateLines(text)).toEqual(referenceCandidateLines(text));
  });

  test.prop([output])('errorLine reads the same line twice in a row (no state left in the search)', (text) => {
    expect(errorLine(text)).toBe(errorLine(text));
    expect(candidateLines(`${text}\nerror: last`)).toEqual(referenceCandidateLines(`${text}\nerror: last`));
  });
});

const TRANSIENT_PIECES = [
  '503 Service Unavailable', '503\nService Unavailable', 'HTTP/1.1 429', 'status code:\n429', 'rate limited', 'ThrottlingException', 'timed out', 'ETIMEDOUT',
  'connection refused', 'ECONNREFUSED localhost:5432', 'connection refused 127.0.0.1', 'Connection refused\nlocalhost', '12: timed out', 'src/a.ts:3: 503 Service Unavailable',
  'throughput\nexceeded', 'throughput was exceeded', '(SlowDown)', 'try again later', 'database is locked', 'KeyError: 3', '::1', 'xTimeoutError',
];
const transientOutput = fc
  .array(fc.oneof(fc.constantFrom(...TRANSIENT_PIECES), fc.constantFrom(...PIECES), fc.string({ maxLength: 16 })), { maxLength: 20 })
  .chain((lines) => fc.constantFrom('\n', ' ', '\r\n', '').map((separator) => lines.join(separator)));

describe('isTransientFailure against reading every line', () => {
  // On one line the whole-text check and the line check read the same text: the answer per line
  // is the answer as it was, and the text is transient when some unquoted line is.
  test.prop([transientOutput])('the same answer', (text) => {
    expect(isTransientFailure(text)).toBe(text.split('\n').some((line) => isTransientFailure(line)));
  });

  test('transient words split over two lines are no transient line', () => {
    expect(isTransientFailure('status code:\n429')).toBe(false);
    expect(isTransientFailure('ok\n503 Service Unavailable')).toBe(true);
    expect(isTransientFailure('12: timed out')).toBe(false);
  });
});
