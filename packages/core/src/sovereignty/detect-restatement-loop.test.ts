import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_RESTATEMENT_SIMILARITY } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectRestatementLoop } from './detect-restatement-loop.js';
import { loopNotice } from './loop-notice.js';
import { valueKeys } from './near-repeat-features.js';

const options = { window: 8, repeats: 3, ...DEFAULT_RESTATEMENT_SIMILARITY };
let next = 0;

function reply(text: string): AssistantTurnHashes {
  return hashAssistantTurn({ id: `a${next++}`, role: 'assistant', content: text }, [], { terms: true });
}

function call(name: string, args: Record<string, unknown>, result: string, isError = false): AssistantTurnHashes {
  const id = `a${next++}`;
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result, isError }], { terms: true });
}

const REFUSALS = [
  'Your reservation is basic economy and was booked more than 24 hours ago without travel insurance, so it cannot be cancelled under the current policy. Please let me know if you have other questions.',
  'Unfortunately each reservation is treated on its own, and without travel insurance a basic economy booking cannot be cancelled for a change of plans after the 24-hour window. Please let me know if you have other questions.',
  'I understand your situation, but I am unable to make an exception to the cancellation policy for basic economy tickets without travel insurance. Please let me know if you have other questions.',
];
const PAGE = Array.from({ length: 30 }, (_, line) => `${line + 100}:    total_${line} = compute(order, ${line})`).join('\n');

describe('detectRestatementLoop', () => {
  it('finds a refusal restated to a pushing user, which exact and near repeats miss (the values differ in form: 24 and 24-hour)', () => {
    const turns = REFUSALS.map(reply);
    expect(detectLoop(turns, options)).toBeUndefined();
    expect(detectNearLoop(turns, { ...options, ...DEFAULT_NEAR_LOOP_SIMILARITY })).toBeUndefined();
    const loop = detectRestatementLoop(turns, options);
    expect(loop).toMatchObject({ kind: 'content', count: 3, near: true, lastId: turns[2]!.id });
    expect(loopNotice(loop!)).toContain('in other words');
  });

  it('finds the same output read again back to back with other arguments, not one read between other reads', () => {
    const reads = [call('open', { path: 'src/order.py', line: 110 }, PAGE), call('goto', { line: 111 }, PAGE), call('open', { path: 'src/order.py', line: 109 }, PAGE)];
    expect(detectLoop(reads, options)).toBeUndefined();
    expect(detectRestatementLoop(reads, options)).toMatchObject({ kind: 'call', count: 3, toolName: 'open', near: true });
    const between = [reads[0]!, call('open', { path: 'src/other.py' }, PAGE.replaceAll('total', 'subtotal').replaceAll('compute', 'other')), reads[1]!, reads[2]!];
    expect(detectRestatementLoop(between, options)).toBeUndefined();
  });

  it('does not count replies that each name new values, replies after a new tool output, or repeats split by a new change', () => {
    const polls = ['15:25', '15:40', '15:55', '16:10'].map((time) => reply(`Flight HAT108 is delayed; the estimated departure is now ${time} EST. Let me know if you need anything else.`));
    expect(detectRestatementLoop(polls, options)).toBeUndefined();
    const lookups = [reply(REFUSALS[0]!), call('get_reservation_details', { reservation_id: 'ABC123' }, '{"reservation_id": "ABC123", "cabin": "basic_economy", "insurance": "no"}'), reply(REFUSALS[1]!), call('get_user_details', { user_id: 'emma_kim_9957' }, '{"user_id": "emma_kim_9957"}'), reply(REFUSALS[2]!)];
    expect(detectRestatementLoop(lookups, options)).toBeUndefined();
    const split = [reply(REFUSALS[0]!), reply(REFUSALS[1]!), call('write_file', { path: 'notes.txt', text: 'exception granted' }, 'Wrote notes.txt'), reply(REFUSALS[2]!)];
    expect(detectRestatementLoop(split, options)).toBeUndefined();
    expect(detectRestatementLoop(REFUSALS.slice(0, 2).map(reply), options)).toBeUndefined();
  });

  it('does not count different refusals of different requests, nor short outputs that repeat by nature', () => {
    const different = [
      'Basic economy tickets cannot be modified, so I cannot move the trip to Boston.',
      'Travel insurance can only be bought at booking time; I cannot add it to this reservation now.',
      'The number of passengers on a reservation is fixed once it is booked, so nobody can be removed.',
    ].map(reply);
    expect(detectRestatementLoop(different, options)).toBeUndefined();
    expect(detectRestatementLoop([0, 1, 2].map((index) => call('edit', { command: `edit ${index}:${index}` }, 'File updated.')), options)).toBeUndefined();
  });

  it('value keys split tokens at punctuation and keep the pieces with digits', () => {
    expect(valueKeys(['24-hour', '2024-05-11', '$50', 'hat045'])).toEqual(['05', '11', '2024', '24', '50', 'hat045']);
    expect(valueKeys([])).toEqual([]);
  });

  const sentence = fc.array(fc.constantFrom('cancel', 'reservation', 'insurance', 'policy', 'basic', 'economy', 'refund', 'exception', 'unable', 'travel', 'booking', 'ticket', 'waiver', 'sorry'), { minLength: 6, maxLength: 14 }).map((words) => words.join(' '));

  test.prop([fc.array(sentence, { minLength: 0, maxLength: 7 }), sentence, fc.integer({ min: 1000, max: 999_999 })])('a reply naming a new value never turns a window into a loop', (texts, last, value) => {
    const turns = texts.map(reply);
    const before = detectRestatementLoop(turns, { ...options, window: 16 });
    const after = detectRestatementLoop([...turns, reply(`${last} ${value}`)], { ...options, window: 16 });
    if (before === undefined) expect(after).toBeUndefined();
    else expect(after?.count).toBe(before.count);
  });

  test.prop([fc.array(fc.oneof(sentence.map((text) => ({ text })), fc.record({ tool: fc.constantFrom('open', 'goto'), output: fc.constantFrom(PAGE, PAGE.slice(0, 400), 'File updated.') })), { maxLength: 10 })])(
    'same input, same output (deterministic, pure)',
    (steps) => {
      next = 0;
      const first = steps.map((step) => ('text' in step ? reply(step.text) : call(step.tool, { line: 1 }, step.output)));
      next = 0;
      const second = steps.map((step) => ('text' in step ? reply(step.text) : call(step.tool, { line: 1 }, step.output)));
      expect(detectRestatementLoop(second, options)).toEqual(detectRestatementLoop(first, options));
      expect(first).toEqual(second);
    },
  );

  test.prop([fc.array(sentence, { maxLength: 12 }), fc.integer({ min: 2, max: 8 })])('a loop has at least `repeats` items, all inside the window', (texts, window) => {
    const turns = texts.map(reply);
    const loop = detectRestatementLoop(turns, { ...options, window });
    if (loop) {
      expect(loop.count).toBeGreaterThanOrEqual(options.repeats);
      expect(loop.count).toBeLessThanOrEqual(window);
      expect(turns.slice(-window).map((turn) => turn.id)).toContain(loop.lastId);
    }
  });
});
