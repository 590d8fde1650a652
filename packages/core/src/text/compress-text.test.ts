import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { binaryMarker, compressText, type CompressedText } from './compress-text.js';
import { createBpeTokenCounter, createCharTokenCounter } from '../log/index.js';

const bpe = createBpeTokenCounter();
const chars = createCharTokenCounter();

/** A pytest run of 150 tests with one failure: about 3,000 o200k tokens. */
function pytestOutput(): string {
  const lines = [
    '============================= test session starts ==============================',
    'platform linux -- Python 3.11.4, pytest-7.4.0, pluggy-1.2.0',
    'rootdir: /home/dev/shop',
    'collected 150 items',
    '',
  ];
  const modules = ['orders', 'carts', 'users', 'payments', 'inventory', 'shipping'];
  for (let index = 0; index < 149; index++) {
    const module = modules[index % modules.length]!;
    const percent = String(Math.round(((index + 1) / 150) * 100)).padStart(3);
    lines.push(`tests/test_${module}.py::test_${module}_case_${index} PASSED                           [${percent}%]`);
  }
  lines.push(
    'tests/test_refunds.py::test_refund_exceeds_total FAILED                   [100%]',
    '',
    '=================================== FAILURES ===================================',
    '__________________________ test_refund_exceeds_total ___________________________',
    '',
    "client = <FlaskClient <Flask 'shop'>>",
    '',
    '    def test_refund_exceeds_total(client):',
    '        order = create_order(client, total=125000)',
    '        resp = client.post(f"/orders/{order.id}/refunds", json={"amount": 130000})',
    '>       assert resp.status_code == 422',
    'E       assert 500 == 422',
    'E        +  where 500 = <WrapperTestResponse streamed [500 INTERNAL SERVER ERROR]>.status_code',
    '',
    'tests/test_refunds.py:88: AssertionError',
    '=========================== short test summary info ============================',
    'FAILED tests/test_refunds.py::test_refund_exceeds_total - assert 500 == 422',
    '======================== 1 failed, 149 passed in 4.21s =========================',
  );
  return lines.join('\n');
}

/** A flight search result (pretty JSON) with the booked reservation in the middle. */
function flightSearchOutput(): string {
  const carriers = ['Lufthansa', 'Air France', 'KLM', 'Iberia', 'Finnair'];
  const offers = Array.from({ length: 40 }, (_, index) => ({
    offerId: `off_${1000 + index}`,
    carrier: carriers[index % carriers.length],
    flight: `LH${400 + index}`,
    departure: `2024-06-${String(10 + (index % 9)).padStart(2, '0')}T0${index % 10}:15:00`,
    priceEur: 200 + index * 7,
    seatsLeft: (index * 3) % 9,
    cabin: 'economy',
  }));
  const reservation = {
    status: 'confirmed',
    reservationId: 'PNR-4XK9QZ',
    passenger: 'Grace Hopper',
    flight: 'LH456',
    departure: '2024-06-14T09:40:00',
    totalPaidEur: 1250.75,
    note: 'Do not rebook without approval; refund is not allowed after check-in.',
  };
  return JSON.stringify({ query: { from: 'FRA', to: 'BOS' }, offers: offers.slice(0, 20), reservation, more: offers.slice(20) }, null, 2);
}

function expectWithinBudget(result: CompressedText, maxTokens: number, count: (text: string) => number): void {
  expect(result.tokens).toBe(count(result.text));
  expect(result.tokens).toBeLessThanOrEqual(Math.max(0, maxTokens));
}

/** Every piece of the output between gap and binary markers occurs in the input. */
function expectExtractive(input: string, output: string): void {
  const collapse = (text: string): string => text.replace(/\s+/g, ' ');
  const source = collapse(input);
  for (const line of output.split('\n')) {
    for (const piece of line.replace(/\[binary data: \d+ chars\]/g, '…').split('…')) {
      const trimmed = collapse(piece).trim();
      if (trimmed) expect(source.includes(trimmed), `"${trimmed}" is not in the input`).toBe(true);
    }
  }
}

describe('compressText', () => {
  test('returns a text that fits verbatim, even with binary data', () => {
    const text = `  hello\n\n  world\u0000\u0001\u0002\u0003\u0004  \n`;
    const result = compressText(text, { maxTokens: 100, countTokens: bpe.count });
    expect(result).toEqual({ text, tokens: bpe.count(text), keptAnchors: 0, totalAnchors: 0, truncated: false });
    expect(compressText('', { maxTokens: 0, countTokens: bpe.count }).text).toBe('');
  });

  test('keeps the failing test, the error line and the summary of a pytest run', () => {
    const input = pytestOutput();
    expect(bpe.count(input)).toBeGreaterThan(2_800);
    const result = compressText(input, { maxTokens: 300, countTokens: bpe.count });
    expectWithinBudget(result, 300, bpe.count);
    expect(result.truncated).toBe(true);
    expect(result.text).toContain('test session starts');
    expect(result.text).toContain('test_refund_exceeds_total FAILED');
    expect(result.text).toContain('E       assert 500 == 422');
    expect(result.text).toContain('tests/test_refunds.py:88: AssertionError');
    expect(result.text).toContain('FAILED tests/test_refunds.py::test_refund_exceeds_total - assert 500 == 422');
    expect(result.text).toContain('1 failed, 149 passed in 4.21s');
    expect(result.text).toContain('\n…\n');
    expect(result.keptAnchors).toBeGreaterThan(0);
    expect(result.keptAnchors).toBeLessThan(result.totalAnchors);
    expectExtractive(input, result.text);
  });

  test('keeps the reservation id, passenger, amounts and constraints of a flight search', () => {
    const input = flightSearchOutput();
    expect(bpe.count(input)).toBeGreaterThan(2_800);
    const result = compressText(input, { maxTokens: 300, countTokens: bpe.count });
    expectWithinBudget(result, 300, bpe.count);
    for (const fact of ['PNR-4XK9QZ', 'Grace Hopper', 'LH456', '1250.75', '2024-06-14T09:40:00', 'Do not rebook without approval']) {
      expect(result.text).toContain(fact);
    }
    expectExtractive(input, result.text);
  });

  test('replaces binary spans with a marker', () => {
    const blob = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk'.repeat(100);
    const input = `upload of report.png failed with exit code 3\ndata:image/png;base64,${blob}\nretry scheduled`;
    const result = compressText(input, { maxTokens: 60, countTokens: bpe.count });
    expectWithinBudget(result, 60, bpe.count);
    expect(result.text).toContain('failed with exit code 3');
    expect(result.text).toContain(`data:image/png;base64,${binaryMarker(blob.length)}`);
  });

  test('cuts a single long segment around its anchors', () => {
    const filler = Array.from({ length: 20 }, (_, index) => `word${index % 7 === 0 ? '' : 's'}`).join(' ');
    const input = `${filler} then order ORD-99812 was held ${filler}`;
    const result = compressText(input, { maxTokens: 20, countTokens: chars.count });
    expectWithinBudget(result, 20, chars.count);
    expect(result.text).toContain('ORD-99812');
    expect(result.text).toMatch(/^… .* …$/);
    expectExtractive(input, result.text);
  });

  test('marks skipped segments inside a line with an inline gap', () => {
    const sentences = Array.from({ length: 30 }, (_, index) => `Filler sentence number ${index} says little.`);
    sentences[15] = 'The user must never share invoice INV-2231.';
    const input = sentences.join(' ');
    const result = compressText(input, { maxTokens: 40, countTokens: bpe.count });
    expectWithinBudget(result, 40, bpe.count);
    expect(result.text).toContain('The user must never share invoice INV-2231.');
    expect(result.text).toMatch(/^… .+ …$/);
    expect(result.text).not.toContain('\n');
    const twoFacts = input.replace('Filler sentence number 25 says little.', 'Refund ORD-7 failed twice.');
    const both = compressText(twoFacts, { maxTokens: 40, countTokens: bpe.count }).text;
    expect(both).toContain('INV-2231. … ');
    expect(both).toContain('Refund ORD-7 failed twice.');
  });

  test('compresses a 10 MB log to its head, tail and error lines', () => {
    const lines: string[] = [];
    for (let index = 0; index < 160_000; index++) {
      lines.push(`2024-01-01T00:00:${String(index % 60).padStart(2, '0')} INFO worker-${index % 16} processed batch ${index} ok`);
      if (index === 61_234) lines.push('2024-01-01T00:00:01 ERROR worker-3 payment gateway timed out for order ORD-5521');
    }
    lines.push('Done: 119999 batches, 1 error.');
    const input = lines.join('\n');
    expect(input.length).toBeGreaterThan(9_000_000);
    const result = compressText(input, { maxTokens: 400, countTokens: bpe.count });
    expectWithinBudget(result, 400, bpe.count);
    expect(result.text).toContain('ERROR worker-3 payment gateway timed out for order ORD-5521');
    expect(result.text).toContain('processed batch 0 ok');
    expect(result.text).toContain('Done: 119999 batches, 1 error.');
  });

  test('handles a 10 MB single line and a 10 MB blob', () => {
    const line = compressText('ab '.repeat(3_500_000), { maxTokens: 100, countTokens: bpe.count });
    expectWithinBudget(line, 100, bpe.count);
    const blob = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+P+/HgAFhAJ/wlseKgAAAABJRU5ErkJggg=='.repeat(100_000);
    const result = compressText(`head\n${blob}\ntail failed`, { maxTokens: 100, countTokens: bpe.count });
    expectWithinBudget(result, 100, bpe.count);
    expect(result.text).toContain('tail failed');
  });

  test('never exceeds tiny budgets and never throws on odd options', () => {
    const input = pytestOutput();
    for (const maxTokens of [-5, 0, 1, 2, 3, 5, 7, 8, 9, 12, 20]) {
      expectWithinBudget(compressText(input, { maxTokens, countTokens: bpe.count }), maxTokens, bpe.count);
    }
    expect(compressText(input, { maxTokens: Number.NaN, countTokens: bpe.count }).text).toBe('');
    expect(compressText(input, { maxTokens: Number.POSITIVE_INFINITY, countTokens: bpe.count }).text).toBe(input);
    expect(compressText(input, { maxTokens: 12, countTokens: bpe.count }).text.length).toBeGreaterThan(0);
  });

  const logWords = fc.constantFrom(
    'error', 'failed', 'ok', 'ORD-123', 'src/app.py:42', '$1,250.00', 'never', 'must', 'Alice', 'fetchUser',
    'the', 'and', 'a', 'value', '2023-05-08', '…', '[binary data: 3 chars]', 'é', '😀', '\u0000', ' ', '  ',
  );
  const logText = fc
    .array(fc.array(logWords, { maxLength: 40 }).map((words) => words.join(' ')), { maxLength: 60 })
    .map((lines) => lines.join('\n'));
  const anyText = fc.oneof(logText, fc.string({ unit: 'binary', maxLength: 3_000 }), fc.string({ unit: 'grapheme', maxLength: 1_500 }));

  propertyTest.prop([anyText, fc.integer({ min: -2, max: 400 })], { numRuns: 200 })(
    'stays within budget, counts its tokens, is deterministic and extractive (chars/4)',
    (text, maxTokens) => {
      const options = { maxTokens, countTokens: chars.count };
      const result = compressText(text, options);
      expectWithinBudget(result, maxTokens, chars.count);
      expect(compressText(text, options)).toEqual(result);
      if (chars.count(text) <= maxTokens) expect(result.text).toBe(text);
      else expectExtractive(text, result.text);
      expect(result.truncated).toBe(result.text !== text);
    },
  );

  propertyTest.prop([anyText, fc.integer({ min: 0, max: 200 })], { numRuns: 60 })(
    'stays within budget and counts its tokens (o200k)',
    (text, maxTokens) => {
      const result = compressText(text, { maxTokens, countTokens: bpe.count });
      expectWithinBudget(result, maxTokens, bpe.count);
      if (bpe.count(text) <= maxTokens) expect(result.text).toBe(text);
      if (maxTokens >= 16 && text.trim().length > 0) expect(result.tokens).toBeGreaterThan(0);
    },
  );
});
