import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { asksNewTarget } from './echoed-terms.js';
import { idNumbersMasked } from './masked-reply.js';
import { RestoredStateChecks } from './restored-state-checks.js';

const loops = { window: 8, repeats: 3 };
const stall = { ...loops, ...DEFAULT_STALL_SETTINGS };
const near = { ...loops, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, text = '', user?: string, isError = false): AssistantTurnHashes {
  const id = `m${next++}`;
  const message: CairnMessage = { id, role: 'assistant', content: text, toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result, ...(isError ? { isError: true } : {}) }], { terms: true, prompt });
}

/** A reply (no tool call) after what the user said. */
function reply(text: string, user?: string): AssistantTurnHashes {
  const id = `m${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  return hashAssistantTurn({ id, role: 'assistant', content: text }, [], { terms: true, prompt });
}

/** Any detector of the default configuration (exact, near, stall) raises after some message (the engine checks after each). */
const anyRaises = (turns: readonly AssistantTurnHashes[]): boolean =>
  turns.some((_, index) => {
    const seen = turns.slice(0, index + 1);
    return Boolean(detectLoop(seen, loops) ?? detectNearLoop(seen, near) ?? detectStallLoop(seen, stall));
  });

describe('loops17: a change that restores an earlier state is no progress for the next identical check', () => {
  const edit = (line: string, user?: string) => call('edit', { command: `edit 14:14\n${line}\nend_of_edit` }, `[File: /svc/config.py (40 lines total)]\n14:${line}`, 'Editing.', user);
  const bench = (p50: number, p99: number, user?: string) => call('python', { command: 'python bench.py' }, `requests: 5000\nscore p50: ${p50}\nscore p99: ${p99}\nregression: yes`, 'Running the benchmark.', user);

  it('finds the benchmark re-run while a cache line is switched off, on and off again', () => {
    const turns = [edit('CACHE = False'), bench(412, 1893), edit('CACHE = True'), bench(388, 1710), edit('CACHE = False'), bench(405, 1902)];
    expect(anyRaises(turns)).toBe(true);
  });

  it('does not count a benchmark re-run after each edit that moves the line on', () => {
    const turns = [edit('POOL = 4'), bench(412, 1893), edit('POOL = 8'), bench(388, 1710), edit('POOL = 16'), bench(305, 1502)];
    expect(anyRaises(turns)).toBe(false);
  });

  it('does not count a check re-run after the same command moved the state on each time (a bisect step)', () => {
    const mark = (verdict: string, left: number) => call('git', { command: `git bisect ${verdict}` }, `Bisecting: ${left} revisions left to test after this`, 'Marking it.');
    const turns = [mark('good', 40), bench(412, 1893), mark('bad', 20), bench(388, 1710), mark('good', 10), bench(405, 1902), mark('bad', 5), bench(401, 1811)];
    expect(anyRaises(turns)).toBe(false);
  });

  it('does not count alternatives each tried after a revert by another tool', () => {
    const revert = () => call('git', { command: 'git checkout -- svc/config.py' }, 'Updated 1 path from the index', 'Reverting.');
    const turns = [edit('POOL = 4'), bench(412, 1893), revert(), edit('POOL = 8'), bench(388, 1710), revert(), edit('POOL = 16'), bench(305, 1502), revert()];
    expect(anyRaises(turns)).toBe(false);
  });

  it('does not count a toggle the user asks for each time', () => {
    const turns = [edit('CACHE = False', 'Turn the cache off and benchmark.'), bench(412, 1893), edit('CACHE = True', 'Now on.'), bench(388, 1710), edit('CACHE = False', 'Off once more, I want a third number.'), bench(405, 1902)];
    expect(anyRaises(turns)).toBe(false);
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 1, maxLength: 12 })])('changes that never make an earlier change again never count a check', (values) => {
    const restored = new RestoredStateChecks();
    const distinct = [...new Set(values)];
    for (const value of distinct) {
      restored.change(edit(`LIMIT = ${value}`).calls[0]!);
      expect(restored.check(bench(400, 1800).calls[0]!, 'x')).toBeUndefined();
    }
  });

  test.prop([fc.integer({ min: 2, max: 6 })])('once a change returns, every run of the check since the first change counts', (rounds) => {
    const restored = new RestoredStateChecks();
    const check = bench(400, 1800).calls[0]!;
    let last;
    for (let round = 0; round <= rounds; round++) {
      restored.change(edit(round % 2 === 0 ? 'CACHE = False' : 'CACHE = True').calls[0]!);
      last = restored.check(check, `r${round}`);
    }
    expect(last?.count).toBe(rounds + 1);
  });
});

describe('loops17: a reply the same but for a fresh ticket number is the same reply', () => {
  const refusal = (ticket: number) => `[Ticket ${ticket}] The warranty on serial SN-88213 ended on 14/03/2025, so I cannot book a free repair. A paid repair is possible.`;

  it('finds the refusal repeated under a new ticket number to each plea', () => {
    const turns = [reply(refusal(7731), 'Can you repair my kettle for free?'), reply(refusal(7734), 'But it broke just after that!'), reply(refusal(7740), 'Please, make an exception.')];
    expect(anyRaises(turns)).toBe(true);
  });

  it('does not count a status whose small count moves on', () => {
    const turns = [5, 4, 3].map((position, index) => reply(`You are number ${position} in the queue for the repair desk; it moves about every ten minutes.`, index === 0 ? 'Where am I in the queue?' : 'And now?'));
    expect(anyRaises(turns)).toBe(false);
  });

  test.prop([fc.integer({ min: 1_000, max: 9_999_999 }), fc.integer({ min: 1_000, max: 9_999_999 })])('two id-like numbers in the same text mask alike', (a, b) => {
    expect(idNumbersMasked(`case ${a} is closed.`)).toBe(idNumbersMasked(`case ${b} is closed.`));
  });

  test.prop([fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1_990, max: 2_100 }), fc.integer({ min: 0, max: 999 })])('dates, times, decimals, dashed codes and short numbers stay', (day, month, year, small) => {
    const text = `on ${day}/${month}/${year} at 12:30, ${year}-0${month % 9 + 1}-1${day % 9}, 1.${year}, RX-${year}${small}, ${small} items`;
    expect(idNumbersMasked(text)).toBe(text);
  });

  test.prop([fc.string()])('masking is idempotent', (text) => {
    expect(idNumbersMasked(idNumbersMasked(text))).toBe(idNumbersMasked(text));
  });
});

describe('loops17: a failing call whose answer echoes mostly new terms asks about a new target', () => {
  const search = (query: string) => call('search_dir', { command: `search_dir "${query}"` }, `No matches found for "${query}" in /svc\n(Open file: n/a)\n(Current directory: /svc)`, 'Searching.', undefined, true);

  it('does not count failing searches each for a new term', () => {
    expect(anyRaises([search('empty_span'), search('SpanList'), search('glyph_spans')])).toBe(false);
  });

  it('still finds a failing search reworded with the same words', () => {
    expect(anyRaises([search('retry budget exceeded'), search('retry budget exceeded error'), search('budget exceeded retry')])).toBe(true);
  });

  test.prop([fc.uniqueArray(fc.stringMatching(/^[a-z]{3,8}$/), { minLength: 1, maxLength: 6 }), fc.uniqueArray(fc.stringMatching(/^[a-z]{3,8}$/), { maxLength: 6 })])(
    'an answer echoing only terms asked before never asks about a new target; one echoing only unasked terms always does',
    (terms, others) => {
      expect(asksNewTarget(terms, [...terms, ...others], new Set(terms))).toBe(false);
      expect(asksNewTarget(terms, [...terms, ...others], new Set(others.filter((term) => !terms.includes(term))))).toBe(true);
      expect(asksNewTarget(terms, others.filter((term) => !terms.includes(term)), new Set())).toBe(false);
    },
  );
});
