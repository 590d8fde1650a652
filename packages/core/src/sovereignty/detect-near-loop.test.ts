import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop, MIN_REPLY_TERMS } from './detect-near-loop.js';
import { loopNotice } from './loop-notice.js';

const options = { window: 8, repeats: 3, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

function reply(text: string): AssistantTurnHashes {
  return hashAssistantTurn({ id: `a${next++}`, role: 'assistant', content: text }, [], { terms: true });
}

function call(name: string, args: Record<string, unknown>, result: string, isError: boolean): AssistantTurnHashes {
  const id = `a${next++}`;
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result, isError }], { terms: true });
}

const REJECTED = 'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit command. E999 IndentationError: unexpected indent';

describe('detectNearLoop', () => {
  it('finds a rejected edit resubmitted with small changes, which exact hashes miss', () => {
    const turns = [
      call('edit', { command: "edit 22:24 class Meta: app_label = 'test_app' end_of_edit" }, `${REJECTED} at line 22`, true),
      call('edit', { command: "edit 22:25 class Meta: app_label = 'test_app' end_of_edit" }, `${REJECTED} at line 23`, true),
      call('edit', { command: "edit 23:23 app_label = 'test_app' end_of_edit" }, `${REJECTED} at line 23`, true),
    ];
    expect(detectLoop(turns, options)).toBeUndefined();
    const loop = detectNearLoop(turns, options);
    expect(loop).toMatchObject({ kind: 'call', toolName: 'edit', count: 3, near: true, lastId: turns[2]!.id });
    expect(loopNotice(loop!)).toContain('nearly the same arguments');
  });

  it('finds the same request reworded three times', () => {
    const turns = [
      reply('To modify the reservation I need your user ID and the reservation ID. Could you provide them?'),
      reply('I cannot modify the reservation without your user ID and the reservation ID. Please provide them.'),
      reply('Please provide your user ID and the reservation ID so I can modify the reservation.'),
    ];
    expect(detectLoop(turns, options)).toBeUndefined();
    expect(detectNearLoop(turns, options)).toMatchObject({ kind: 'content', count: 3, near: true });
    expect(loopNotice(detectNearLoop(turns, options)!)).toContain('in other words');
  });

  it('does not count successful calls with new arguments, different replies, or repeats split by a new change', () => {
    expect(detectNearLoop([0, 1, 2].map((page) => call('scroll_down', { page }, `lines ${page * 100}-${page * 100 + 99}`, false)), options)).toBeUndefined();
    expect(detectNearLoop([reply('The flight leaves at 9:05 from terminal 2.'), reply('Your seat is 14A, a window seat.'), reply('The refund of €420 is on its way.')], options)).toBeUndefined();
    const split = [
      call('edit', { command: 'edit 10:10 x = 1' }, REJECTED, true),
      call('edit', { command: 'edit 10:10 x = 2' }, REJECTED, true),
      call('write_file', { path: 'config.py', text: 'DEBUG = False' }, 'Wrote config.py', false),
      call('edit', { command: 'edit 10:10 x = 3' }, REJECTED, true),
    ];
    expect(detectNearLoop(split, options)).toBeUndefined();
    // Two near repeats are not three.
    expect(detectNearLoop(split.slice(0, 2), options)).toBeUndefined();
  });

  it('does not count systematic tries of different values that fail alike (another card, id, page each time)', () => {
    const cards = [0, 1, 2, 3].map((card) => call('pay_order', { id: 'ORD-7', card: `gift_card_${card}` }, 'Error: gift card balance is not enough', true));
    expect(detectNearLoop(cards, options)).toBeUndefined();
    const files = ['a', 'b', 'c'].map((name) => call('open', { path: `src/${name}.py` }, 'Error: file not found', true));
    expect(detectNearLoop(files, options)).toBeUndefined();
    // The same card three times, with a longer note reworded each time, is the same attempt.
    const same = ['please charge the remaining balance', 'please charge the balance that remains', 'charge the remaining balance please'].map((note) =>
      call('pay_order', { id: 'ORD-7', card: 'gift_card_0', note }, 'Error: gift card balance is not enough', true),
    );
    expect(detectNearLoop(same, options)).toMatchObject({ kind: 'call', toolName: 'pay_order', count: 3 });
  });

  it('does not compare replies of fewer than MIN_REPLY_TERMS terms (short templated lines overlap by chance)', () => {
    const short = [reply('About garden: more on tomatoes and basil today.'), reply('About garden: more on basil and roses today.'), reply('About garden: more on roses and tomatoes today.')];
    expect(short.every((turn) => turn.contentTerms.length < MIN_REPLY_TERMS)).toBe(true);
    expect(detectNearLoop(short, options)).toBeUndefined();
    // The same short line three times is still an exact loop.
    expect(detectLoop([0, 1, 2].map(() => reply('About garden: more on basil today.')), options)).toBeDefined();
  });

  it('does not count reworded replies that name new values, and holds replies naming the same values to valueReplySimilarity', () => {
    expect(detectNearLoop([reply('Looking at part 3 of the export now.'), reply('Looking at part 7 of the export now.'), reply('Looking at part 9 of the export now.')], options)).toBeUndefined();
    const offers = [
      reply('I can change your flight to HAT266. Would you like to proceed with the price difference of $146?'),
      reply('The system cannot remove bags. Would you like to proceed with changing to HAT266 for $146?'),
      reply('You can use the same payment method. I will change your flight to HAT266 for $146; please confirm.'),
    ];
    expect(detectNearLoop(offers, options)).toBeUndefined();
    expect(detectNearLoop(offers, { ...options, valueReplySimilarity: options.replySimilarity / 2 })).toMatchObject({ kind: 'content', count: 3 });
  });

  test.prop([fc.array(fc.constantFrom('read the file', 'read the file again', 'run the tests', 'the tests fail', 'edit line 4'), { maxLength: 12 })], { numRuns: 100 })(
    'deterministic, bounded by the window, and never below the repeats',
    (texts) => {
      const turns = texts.map((text) => reply(text));
      const loop = detectNearLoop(turns, options);
      expect(detectNearLoop(turns, options)).toEqual(loop);
      if (loop) {
        expect(loop.count).toBeGreaterThanOrEqual(options.repeats);
        expect(loop.count).toBeLessThanOrEqual(options.window);
        expect(turns.slice(-options.window).some((turn) => turn.id === loop.lastId)).toBe(true);
      }
      // Every exact loop of replies is also a near one (identical texts overlap fully).
      const exact = detectLoop(turns, options);
      if (exact) expect(loop).toBeDefined();
    },
  );

  const failedCall = fc.record({
    name: fc.constantFrom('edit', 'pay'),
    target: fc.constantFrom('ORD-7', 'ORD-8', 'a.py'),
    text: fc.constantFrom('', 'class Meta: app_label = "test_app"', 'class Meta: app_label = "the_app" # retry', 'import os and print the whole environment'),
    result: fc.constantFrom('Error: syntax error at line 3', 'Error: balance is not enough', 'ok: applied', 'lines 1-100 of a.py'),
    failed: fc.boolean(),
  });
  const anyTurn = fc.oneof(
    fc.constantFrom('I need the reservation ID to proceed.', 'Please give me the reservation ID so I can proceed.', 'The flight HAT266 costs $146.', 'Seat 14A is free.').map((text) => ({ text })),
    failedCall,
  );
  type Spec = { text: string } | { name: string; target: string; text: string; result: string; failed: boolean };
  const build = (spec: Spec): AssistantTurnHashes =>
    'name' in spec ? call(spec.name, { target: spec.target, ...(spec.text ? { text: spec.text } : {}) }, spec.result, spec.failed) : reply(spec.text);

  test.prop([fc.array(anyTurn, { maxLength: 8 }), fc.nat()], { numRuns: 150 })(
    'within the window and with no change of state, whether it fires does not depend on the order of the turns',
    (specs, seed) => {
      const turns = specs.map(build).filter((turn) => turn.calls.every((observed) => !observed.changed));
      const shuffled = [...turns].sort((a, b) => ((a.id.charCodeAt(a.id.length - 1) * 31 + seed) % 7) - ((b.id.charCodeAt(b.id.length - 1) * 31 + seed) % 7));
      expect(detectNearLoop(shuffled, options) === undefined).toBe(detectNearLoop(turns, options) === undefined);
    },
  );

  test.prop([fc.array(anyTurn, { maxLength: 2 })])('never fires on fewer turns than the repeats', (specs) => {
    expect(detectNearLoop(specs.map(build), options)).toBeUndefined();
  });

  test.prop([failedCall, fc.array(fc.constantFrom('think about it', 'check the docs'), { maxLength: 3 }), fc.integer({ min: 3, max: 5 })], { numRuns: 100 })(
    'an exact repeat of a failing call (or of a reply) is always a near loop, with unrelated turns between',
    (spec, between, times) => {
      const turns: AssistantTurnHashes[] = [];
      for (let index = 0; index < times; index++) {
        turns.push(build({ ...spec, failed: true }));
        if (between[index] !== undefined) turns.push(call('think', { thought: between[index] }, '', false));
      }
      const recent = turns.slice(-options.window);
      const expected = recent.filter((turn) => turn.calls.some((observed) => observed.failed)).length;
      if (expected >= options.repeats) expect(detectNearLoop(turns, options)).toMatchObject({ kind: 'call', toolName: spec.name, near: true });
      const replies = Array.from({ length: times }, () => reply('It seems there is still an issue with the export. Let me try again.'));
      expect(detectNearLoop(replies, options)).toMatchObject({ kind: 'content', count: Math.min(times, options.window) });
      expect(detectLoop(replies, options)).toBeDefined();
    },
  );
});
