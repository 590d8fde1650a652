/** A JSON value as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Python's `repr` of a float that is not an integer: the shortest digits that round-trip (as in
 * JavaScript), written in fixed notation for exponents −4…15 and otherwise as `1.5e-05`.
 */
function pythonFloatRepr(value: number): string {
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const sign = value < 0 ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const exponentSign = exponent < 0 ? '-' : '+';
    return `${sign}${digits[0]}${fraction}e${exponentSign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  return `${sign}${whole}.${digits.slice(exponent + 1) || '0'}`;
}

function numberText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return Number.isInteger(value) ? BigInt(value).toString() : pythonFloatRepr(value);
}

/**
 * Serialises a JSON value exactly as Python's `json.dumps(value, ensure_ascii=False)` does: `", "`
 * between items, `": "` after keys, non-ASCII characters as they are (control characters, `"` and
 * `\` escaped as JSON requires), keys in the object's own order. Used to write LoCoMo files that
 * are byte-identical to the reference conversion.
 *
 * Limits, since the value has already been through `JSON.parse`: a number with no fraction is
 * written as an integer (Python would keep `3.0` as `3.0`), integers beyond 2^53 are written as
 * the double they were read as, and integer-like keys come first (JavaScript's property order).
 * `undefined` properties are left out, as `JSON.stringify` does.
 *
 * @param value - The value to serialise.
 * @returns One line of JSON text, without a line break.
 *
 * @example
 * ```ts
 * toPythonJson({ id: 'D1:1', session: 1, evidence: ['D1:3', 'D2:1'] });
 * // '{"id": "D1:1", "session": 1, "evidence": ["D1:3", "D2:1"]}'
 * ```
 */
export function toPythonJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => toPythonJson(item === undefined ? null : item)).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${toPythonJson(item)}`).join(', ')}}`;
  }
  throw new TypeError(`toPythonJson: a ${typeof value} is not a JSON value.`);
}
