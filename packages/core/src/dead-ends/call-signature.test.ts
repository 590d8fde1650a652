import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { callSignature, nearText } from './call-signature.js';

const words = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/);
const tokens = fc.array(fc.oneof(words, fc.integer({ min: 0, max: 999 }).map(String), fc.constantFrom('(', ')', ',', '=', '.', ':')), { minLength: 1, maxLength: 12 });
const join = (parts: readonly string[], blanks: readonly string[]): string => parts.map((part, index) => `${part}${blanks[index % blanks.length] ?? ' '}`).join('');

describe('callSignature', () => {
  test('exact ignores key order, near ignores reformatting', () => {
    const a = callSignature('run', { command: "print( 'x',  y, )", cwd: '/repo' });
    const b = callSignature('run', { cwd: '/repo', command: 'print("x",y)' });
    expect(a.exact).not.toBe(b.exact);
    expect(a.near).toBe(b.near);
    expect(callSignature('run', { b: 1, a: 2 }).exact).toBe(callSignature('run', { a: 2, b: 1 }).exact);
  });

  test('indentation of later lines is meaning (Python)', () => {
    expect(nearText('edit 1:2\n    x = 1')).not.toBe(nearText('edit 1:2\nx = 1'));
    expect(nearText('edit 1:2\n    x = 1   \n\n')).toBe(nearText('edit 1:2\n    x=1'));
  });

  test('arguments given as JSON text are read as JSON', () => {
    expect(callSignature('f', '{"b":1,"a":2}').exact).toBe(callSignature('f', { a: 2, b: 1 }).exact);
  });

  propertyTest.prop([fc.dictionary(words, fc.oneof(fc.integer(), words), { maxKeys: 6 })])('key order never changes exact or near', (record) => {
    const reversed = Object.fromEntries(Object.entries(record).reverse());
    expect(callSignature('t', reversed)).toEqual(callSignature('t', record));
  });

  propertyTest.prop([tokens, fc.array(fc.constantFrom(' ', '  ', '\t', ' \t '), { minLength: 1, maxLength: 4 })])('whitespace within a line never changes near', (parts, blanks) => {
    expect(callSignature('t', { code: join(parts, blanks) }).near).toBe(callSignature('t', { code: join(parts, [' ']) }).near);
  });

  propertyTest.prop([tokens, fc.nat(), words])('changing a word or number changes near', (parts, at, replacement) => {
    const index = at % parts.length;
    fc.pre(/\w/.test(parts[index]!) && parts[index] !== replacement);
    const changed = parts.map((part, position) => (position === index ? replacement : part));
    expect(callSignature('t', { code: join(changed, [' ']) }).near).not.toBe(callSignature('t', { code: join(parts, [' ']) }).near);
  });
});
