import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, vi } from 'vitest';
import type * as Core from '../index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { expectSameViews, viewTurnArbitrary } from '../test-support/same-views.js';

// Compressing a text scans its words without a regular expression, skips phrase patterns whose
// literal a text lacks, makes segment templates in one pass and keeps the binary scan's run
// statistics in plain numbers (issue 17). That must not change a compressed text or a view: this
// loads the engine twice, once as it is and once with the scans as they were before
// (test-support/reference-extract-anchors.ts, reference-score-segments.ts,
// reference-looks-binary.ts), and checks both compress the same and build the same views.

let fast: typeof Core;
let reference: typeof Core;

beforeAll(async () => {
  vi.resetModules();
  fast = await import('../index.js');
  vi.resetModules();
  vi.doMock('./extract-anchors.js', () => import('./test-support/reference-extract-anchors.js'));
  vi.doMock('./score-segments.js', () => import('./test-support/reference-score-segments.js'));
  vi.doMock('./looks-binary.js', () => import('./test-support/reference-looks-binary.js'));
  reference = await import('../index.js');
  vi.doUnmock('./extract-anchors.js');
  vi.doUnmock('./score-segments.js');
  vi.doUnmock('./looks-binary.js');
  vi.resetModules();
});

const PIECES = [
  'Error:', 'failed', 'not', "didn't", 'WON’T', 'instead of', 'ENOENT', 'TypeError', 'ORD-12345', 'src/a/b.ts:42', 'v1.2.3', '$1,250', '1,250,000',
  '42%', '0xff', 'deadbeef12', 'JIRA-7', '--force', 'std::vector', 'snake_case', 'camelCase', 'Ada Lovelace', 'The', 'https://example.com/x).',
  'exit code 1', 'HTTP/1.1 503', 'status: 500', 'Not Found', 'timed out', '3rd March, 2024', 'May 5', 'user@example.com', '2024-01-02T03:04',
  'x'.repeat(40), 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MTIzNDU2Nzg5'.repeat(6), '\u0000\u0001\u0002\u0003\u0004', '\ufffd\ufffd\ufffd\ufffd',
  '\u001b[31mred\u001b[0m', 'a\u00a0b', '\u3000', '  indented', '\t', '=', '(', ')', '"', "'", ',', ';', '|', '<', '>', '{', '}', '[', ']',
];
const gap = fc.constantFrom(' ', ' ', ' ', '\n', '\n\n', '', ': ', '. ', ', ', '\r\n');
const text = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 10 })), gap), { maxLength: 240 }).map((parts) => parts.map(([word, after]) => `${word}${after}`).join(''));

describe('text scans without regular expressions', () => {
  test.prop([text, fc.integer({ min: 0, max: 400 })], { numRuns: 300 })('compress every text to the same result', (input, maxTokens) => {
    const counter = fast.createBpeTokenCounter();
    expect(fast.compressText(input, { maxTokens, countTokens: counter.count })).toEqual(reference.compressText(input, { maxTokens, countTokens: counter.count }));
    expect(fast.extractAnchors(input)).toEqual(reference.extractAnchors(input));
  });

  test.prop([arbitrarySession({ minTurns: 8, maxTurns: 40, deferResults: true, dropResults: true }), fc.array(viewTurnArbitrary, { minLength: 1, maxLength: 12 }), fc.constantFrom('throw' as const, 'compress-mandatory' as const)], {
    numRuns: 30,
  })('every turn builds the same view as the scans did before', (session, turns, onBudgetExceeded) => {
    expectSameViews([fast, reference], session, turns, onBudgetExceeded);
  });
});
