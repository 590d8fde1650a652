import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { shortHexIdsMasked } from './respelled-reads.js';
import { targetSignature, targetSpelling } from './target-spelling.js';

const loops = { window: 8, repeats: 3 };
const stall = { ...loops, ...DEFAULT_STALL_SETTINGS };
const near = { ...loops, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

/** An assistant message with one tool call and its result. */
function call(name: string, args: Record<string, unknown>, result: string, text = ''): AssistantTurnHashes {
  const id = `m${next++}`;
  const message: CairnMessage = { id, role: 'assistant', content: text, toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true });
}

/** Any detector of the default configuration (exact, near, stall) raises after some message (the engine checks after each). */
const anyRaises = (turns: readonly AssistantTurnHashes[]): boolean =>
  turns.some((_, index) => {
    const seen = turns.slice(0, index + 1);
    return Boolean(detectLoop(seen, loops) ?? detectNearLoop(seen, near) ?? detectStallLoop(seen, stall));
  });

describe('loops18: the same target read again under another spelling', () => {
  const read = (args: Record<string, unknown>, shown: string, handle: string, level = '41.5') =>
    call('get_level', args, JSON.stringify({ silo: shown, level: level, query: handle }), 'Reading the level.');

  // A short answer (under MIN_OUTPUT_TERMS terms): the stall detector's output runs do not read it (loops18).
  it('finds a silo level read three times, the silo spelled anew each time, answered alike but for a fresh query id', () => {
    const turns = [read({ silo: 'SILO-07' }, 'SILO-07', '3fa9c1'), read({ silo: 'silo 7' }, 'SILO-07', 'b80e42'), read({ silo_id: 'Silo7' }, 'SILO-07', '7d1f0a')];
    expect(anyRaises(turns)).toBe(true);
  });

  it('does not count reads of different silos (7, 70, 07-1) answered alike', () => {
    const turns = [read({ silo: 'SILO-7' }, 'SILO', '3fa9c1'), read({ silo: 'silo 70' }, 'SILO', 'b80e42'), read({ silo: 'Silo-07-1' }, 'SILO', '7d1f0a')];
    expect(anyRaises(turns)).toBe(false);
  });

  it('does not count a respelled read whose answer moved (the level fell)', () => {
    const turns = [read({ silo: 'SILO-07' }, 'SILO-07', '3fa9c1', '41.5'), read({ silo: 'silo 7' }, 'SILO-07', 'b80e42', '39.0'), read({ silo_id: 'Silo7' }, 'SILO-07', '7d1f0a', '36.5')];
    expect(anyRaises(turns)).toBe(false);
  });
});

describe('targetSpelling', () => {
  it('spells one name alike across case, separators, blanks and zero padding', () => {
    expect(new Set(['CKT-3', 'ckt-3', 'CKT3', 'CKT 3', 'ckt_03', 'Ckt.3'].map(targetSpelling)).size).toBe(1);
    expect(targetSignature('get', { tank: 'CKT-3' })).toBe(targetSignature('get', { tank_id: 'ckt3' }));
  });

  it('keeps different numbers and different splits apart', () => {
    expect(targetSpelling('T1')).not.toBe(targetSpelling('T10'));
    expect(targetSpelling('A-12')).not.toBe(targetSpelling('A-21'));
    expect(targetSpelling('A-1-2')).not.toBe(targetSpelling('A-12'));
    expect(targetSpelling('1.5')).not.toBe(targetSpelling('15'));
  });

  it('leaves text, code and names without a digit as they are', () => {
    for (const value of ['Hello World', 'src/App.py', 'print(x[3])', 'a sentence with 3 words in it, long enough']) expect(targetSpelling(value)).toBe(value);
  });

  test.prop([fc.string({ maxLength: 40 })])('is idempotent', (value) => {
    const once = targetSpelling(value);
    expect(targetSpelling(once)).toBe(once);
  });

  const name = fc.tuple(fc.constantFrom('T', 'a', 'ckt', 'Tank', ''), fc.nat({ max: 99_999 }), fc.constantFrom('', '0', '00'), fc.constantFrom('-', ' ', '_', '', '.'));
  test.prop([name, fc.nat({ max: 99_999 })])('never merges two different numbers, however each is spelled', ([prefix, number, pad, separator], other) => {
    fc.pre(number !== other);
    const a = `${prefix}${separator}${pad}${number}`;
    const b = `${prefix.toUpperCase()}${pad}${other}`;
    expect(targetSpelling(a)).not.toBe(targetSpelling(b));
  });

  test.prop([name])('merges the same number spelled with padding, case and separators', ([prefix, number, pad, separator]) => {
    fc.pre(/\p{L}/u.test(prefix));
    expect(targetSpelling(`${prefix}${separator}${pad}${number}`)).toBe(targetSpelling(`${prefix.toUpperCase()}${number}`));
  });
});

describe('shortHexIdsMasked', () => {
  it('masks standalone short hexadecimal ids with letters and digits, not words or numbers', () => {
    expect(shortHexIdsMasked('{"query":"3fa9c1","level":"41.5"}')).toBe('{"query":"#","level":"41.5"}');
    expect(shortHexIdsMasked('{"level":"415000","state":"facade"}')).toBeUndefined();
  });
});
