import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { toPythonJson } from './to-python-json.js';

describe('toPythonJson', () => {
  it("writes Python json.dumps(ensure_ascii=False) separators, escapes and literals", () => {
    // Expected text printed by Python 3.11: json.dumps({...}, ensure_ascii=False).
    const value = { q: 'Café "quoted" \\ back\ttab\u0007 😀', n: [1, -0, 2022], e: [], o: {}, b: [true, false, null] };
    expect(toPythonJson(value)).toBe('{"q": "Café \\"quoted\\" \\\\ back\\ttab\\u0007 😀", "n": [1, 0, 2022], "e": [], "o": {}, "b": [true, false, null]}');
  });

  it.each([
    // [value, Python's repr] as printed by Python 3.11
    [0.1, '0.1'],
    [1.5, '1.5'],
    [-2.25, '-2.25'],
    [1.5e-5, '1.5e-05'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [0.00012, '0.00012'],
    [123456.789, '123456.789'],
    [1e-7, '1e-07'],
    [-3.3e-10, '-3.3e-10'],
    [2500000000000000.5, '2500000000000000.5'],
    [1 / 3, '0.3333333333333333'],
    [5e-324, '5e-324'],
    [12345678901234.56, '12345678901234.56'],
  ])('writes the float %d as Python does', (value, expected) => {
    expect(toPythonJson(value)).toBe(expected);
  });

  it('writes integers in full (no exponent), and NaN / Infinity as Python allows', () => {
    expect(toPythonJson(1e21)).toBe('1000000000000000000000');
    expect(toPythonJson(-42)).toBe('-42');
    expect(toPythonJson(12n)).toBe('12');
    expect(toPythonJson([Number.NaN, Infinity, -Infinity])).toBe('[NaN, Infinity, -Infinity]');
  });

  it('keeps key order, leaves undefined properties out and writes undefined array items as null', () => {
    expect(toPythonJson({ z: 1, a: undefined, m: [undefined, 'x'] })).toBe('{"z": 1, "m": [null, "x"]}');
  });

  it('rejects values that are not JSON', () => {
    expect(() => toPythonJson(() => 1)).toThrow(/function is not a JSON value/);
    expect(() => toPythonJson(Symbol('s'))).toThrow(TypeError);
  });

  test.prop([fc.jsonValue()])('any JSON value reads back as itself, on one line', (value) => {
    const text = toPythonJson(value);
    expect(text).not.toContain('\n');
    // JSON.parse reads -0 as -0, and toPythonJson writes it as 0 (as Python does): compare loosely there.
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value), (_key, item: unknown) => (Object.is(item, -0) ? 0 : item)));
  });

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value))])('a non-integer double round-trips and has Python repr shape', (value) => {
    const text = toPythonJson(value);
    expect(Number(text)).toBe(value);
    // Python repr: fixed notation with a fraction for exponents -4..15, else d[.ddd]e±XX
    expect(text).toMatch(/^-?(\d+\.\d+|\d(\.\d+)?e[-+]\d{2,3})$/);
    const exponent = Math.floor(Math.log10(Math.abs(value)));
    if (text.includes('e')) expect(exponent < -4 || exponent >= 16).toBe(true);
  });

  test.prop([fc.string({ unit: 'binary' })])('strings escape exactly as JSON.stringify (which matches Python for well-formed text)', (text) => {
    expect(toPythonJson(text)).toBe(JSON.stringify(text));
    expect(toPythonJson([text, text])).toBe(`[${JSON.stringify(text)}, ${JSON.stringify(text)}]`);
  });
});
