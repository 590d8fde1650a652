import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { PHRASE_PREFILTERS, PHRASES } from './anchor-patterns.js';
import { extractAnchors } from './extract-anchors.js';
import { extractAnchors as referenceAnchors } from './test-support/reference-extract-anchors.js';

// extractAnchors reuses its compiled patterns and remembers word classes (issue 17); its anchors
// must be exactly those of the version that compiled and classified afresh on every call, on the
// first call and on every later one (warm memo), at any anchor cap.

const PIECES = [
  'Error', 'failed', 'not', 'never', 'decided', 'ENOENT', 'TypeError', 'ORD-12345', 'src/a/b.ts', 'src/index.ts:42', 'v1.2.3', '$1,250',
  '42%', '3.14', '0xff', 'deadbeef1', 'AB12CD', 'JIRA-7', '--force', 'std::vector', 'snake_case', 'camelCase', 'PascalCase', 'a.b.c',
  'foo(', 'Ada', 'Lovelace', 'The', 'https://example.com/x).', 'exit code 1', 'HTTP 404', 'status: 500', 'not found', 'did not', "can't",
  'instead of', '3rd March, 2024', 'EXIT CODE 2', 'Exited with status=3', 'http/1.1 503', 'STATUS_CODE: 404', 'Not Found', 'DID NOT',
  "WON'T", 'doesn’t', 'Instead Of', 'MAY 5th', '12 Dec', 'FTP://x.y', '1,250', '12,3456', 'x,123', '1,234,567', 'user@example.com', '2024-01-02T03:04', '12:30pm', '1/2/2024', 'C:\\x', '~/x', 'ok', '.', '\n', ',', '(', ')',
];

const text = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 })), { maxLength: 60 }).chain((words) =>
  fc.array(fc.constantFrom(' ', ' ', ' ', '\n', '', ': ', '. '), { minLength: words.length, maxLength: words.length }).map((gaps) => words.map((word, index) => `${word}${gaps[index]}`).join('')),
);

describe('extractAnchors against its reference', () => {
  it('has one prefilter per phrase pattern', () => {
    expect(PHRASE_PREFILTERS).toHaveLength(PHRASES.length);
  });

  test.prop([text, fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined })], { numRuns: 500 })('finds the same anchors, cold and warm', (source, maxAnchors) => {
    const options = maxAnchors === undefined ? {} : { maxAnchors };
    const expected = referenceAnchors(source, options);
    expect(extractAnchors(source, options)).toEqual(expected);
    expect(extractAnchors(source, options)).toEqual(expected);
  });
});
