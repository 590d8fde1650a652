import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { changeKey, silentChange } from './steady-repeats.js';
import { steadyOutputText } from './steady-output.js';

const options = { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS };
let next = 0;

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, { isError = false, user, id = `s${next++}` }: { isError?: boolean; user?: string; id?: string } = {}): AssistantTurnHashes {
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `${id}u`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result, isError }], { terms: true, prompt });
}

/** An assistant reply, after what the user said (if anything). */
function reply(text: string, user?: string): AssistantTurnHashes {
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  return hashAssistantTurn({ id: `r${next++}`, role: 'assistant', content: text }, [], { terms: true, prompt });
}

const TRANSFER = { account: 'AC-7731', to: 'AC-1102', amount: 450 };
const REFUSED = 'Error: transfer limit for today is 300';
const REPORT = 'Worker: ran the migration.\nschema/users.sql line 14: column "email" already exists\nI changed nothing; the migration still fails at the same statement.';

describe('silent changes and steady repeats in detectStallLoop', () => {
  it('counts the identical failing call made again with only a note to oneself between, which the exact detector misses', () => {
    const turns = [
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
      call('jot', { text: 'Maybe the amount is wrong, trying once more.' }, ''),
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
      call('jot', { text: 'Still refused; it should work though.' }, ''),
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
    ];
    expect(turns[1]!.calls[0]!.changed).toBe(true);
    expect(silentChange(turns[1]!.calls[0]!)).toBe(true);
    expect(detectLoop(turns, options)).toBeUndefined();
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'call', count: 3, lastId: turns[4]!.id, toolName: 'submit_transfer' });
  });

  it('does not count it when what lies between names a place or answers something (a real change)', () => {
    const named = [
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
      call('raise_limit', { account: 'AC-7731', limit: 500 }, ''),
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
      call('raise_limit', { account: 'AC-7731', limit: 600 }, ''),
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
    ];
    expect(silentChange(named[1]!.calls[0]!)).toBe(false);
    expect(detectStallLoop(named, options)).toBeUndefined();
    const answered = [
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
      call('jot', { text: 'asking for a higher limit' }, 'Limit request filed.'),
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
      call('jot', { text: 'asking for an even higher limit' }, 'Second limit request filed.'),
      call('submit_transfer', TRANSFER, REFUSED, { isError: true }),
    ];
    expect(silentChange(answered[1]!.calls[0]!)).toBe(false);
    expect(detectStallLoop(answered, options)).toBeUndefined();
  });

  it('counts the identical change answered alike but for a fresh trace id and clock, and not when the answer moves', () => {
    const answer = (trace: string, time: string, rate: string): string => `[rates-helper · trace ${trace} · ${time}]\nBest rate for EUR to JPY today: ${rate}. No better rate is on offer.`;
    const ask = { helper: 'rates-helper', question: 'Best EUR to JPY rate today?' };
    const same = [call('consult', ask, answer('a81c0f3e92d4', '08:01:13', '161.2')), call('consult', ask, answer('07be44d1c9a0', '08:03:40', '161.2')), call('consult', ask, answer('f3d2a1b0c9e8', '08:07:02', '161.2'))];
    expect(same[0]!.calls[0]!.changed).toBe(true);
    expect(detectLoop(same, options)).toBeUndefined();
    expect(detectStallLoop(same, options)).toMatchObject({ kind: 'call', count: 3, toolName: 'consult' });
    const moving = [call('consult', ask, answer('a81c0f3e92d4', '08:01:13', '161.2')), call('consult', ask, answer('07be44d1c9a0', '08:03:40', '161.5')), call('consult', ask, answer('f3d2a1b0c9e8', '08:07:02', '161.9'))];
    expect(detectStallLoop(moving, options)).toBeUndefined();
  });

  it('masks a short hexadecimal id after a word prefix, and counts a poll whose only change is that id and its clock', () => {
    expect(steadyOutputText('{"state":"queued","request_id":"req_9c1e07ab","at":"2026-01-04t09:12:44z"}')).toBe('{"state":"queued","request_id":"req_#","at":"#"}');
    expect(steadyOutputText('order lk502417, sku tn-455, card_7815826')).toBe('order lk502417, sku tn-455, card_7815826');
    const status = (id: string, second: number, state: string): string => `{"ticket":"T-4410","state":"${state}","owner":"desk 3","checked":"2026-01-04T09:12:${String(second).padStart(2, '0')}Z","request_id":"req_${id}"}`;
    const polls = [call('get_ticket', { ticket: 'T-4410' }, status('9c1e07ab', 10, 'waiting')), call('get_ticket', { ticket: 'T-4410' }, status('3f0d2b19', 31, 'waiting')), call('get_ticket', { ticket: 'T-4410' }, status('e4a1c6d7', 52, 'waiting'))];
    expect(detectStallLoop(polls, options)).toMatchObject({ kind: 'call', count: 3 });
    const moved = [call('get_ticket', { ticket: 'T-4410' }, status('9c1e07ab', 10, 'waiting')), call('get_ticket', { ticket: 'T-4410' }, status('3f0d2b19', 31, 'assigned')), call('get_ticket', { ticket: 'T-4410' }, status('e4a1c6d7', 52, 'solved'))];
    expect(detectStallLoop(moved, options)).toBeUndefined();
  });

  it('counts a change worded otherwise at the same place answered with the same long report, not one at another place', () => {
    const steps = ['Apply the users migration and fix the duplicate column 14.', 'Fix the duplicate email column 14, then apply the users migration.', 'Please resolve column 14 in the users migration and re-apply it.'];
    const same = steps.map((step) => call('hand_off', { to: 'worker', step }, REPORT));
    expect(changeKey(same[0]!.calls[0]!, 'x')).toBe(changeKey(same[1]!.calls[0]!, 'x'));
    expect(detectStallLoop(same, options)).toMatchObject({ kind: 'call', count: 3, toolName: 'hand_off' });
    const elsewhere = [14, 40, 77].map((line) => call('hand_off', { to: 'worker', step: `Fix the statement at line ${line} of the users migration.` }, REPORT));
    expect(detectStallLoop(elsewhere, options)).toBeUndefined();
  });

  it('does not take a particle the reply shares with the user for the user\'s request taken up', () => {
    const turns = [
      reply('Before I reroute parcel 5512: is the new address 12 Elm Road, 40210 correct?', 'Send parcel 5512 to 12 Elm Road, 40210 please.'),
      reply('To be completely sure before I change anything: should it really travel to 12 Elm Road, 40210, or go elsewhere?', 'Go!'),
      reply('To be certain, the parcel is headed to 12 Elm Road, 40210, right?', 'Mm, that is what I wrote.'),
    ];
    expect(turns[1]!.contentTerms).toContain('go');
    expect(turns[1]!.promptTerms).toContain('go');
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'content', count: 3 });
  });
});

/** One generated step: the call asked again (after a note or not, perhaps as a change), answered with value `value`. */
interface Step {
  note: boolean;
  value: number;
  trace: number;
}

const stepArbitrary: fc.Arbitrary<Step> = fc.record({ note: fc.boolean(), value: fc.nat(5), trace: fc.nat(0xffff_ffff) });

/** An episode of the same call (an observing one, or one taken as a change) with notes to oneself between, each answer carrying its step's value and a fresh id. */
function episode(steps: readonly Step[], tool: string): AssistantTurnHashes[] {
  const turns: AssistantTurnHashes[] = [];
  steps.forEach((step, index) => {
    if (step.note) turns.push(call('jot', { text: `thinking it over, round ${'again '.repeat(index % 3)}` }, '', { id: `n${index}` }));
    turns.push(call(tool, { account: 'AC-7731' }, `{"account":"AC-7731","balance":"${100 + step.value * 25} EUR","request_id":"req_${step.trace.toString(16).padStart(8, 'a')}1f"}`, { id: `c${index}` }));
  });
  return turns;
}

describe('steady repeats: properties', () => {
  test.prop([fc.array(stepArbitrary, { maxLength: 10 }), fc.constantFrom('get_balance', 'consult_balance')])('same input, same output', (steps, tool) => {
    expect(detectStallLoop(episode(steps, tool), options)).toEqual(detectStallLoop(episode(steps, tool), options));
  });

  test.prop([fc.array(fc.record({ note: fc.boolean(), trace: fc.nat(0xffff_ffff) }), { maxLength: 10 }), fc.constantFrom('get_balance', 'consult_balance')])(
    'a run where each repetition brings a new value never raises, notes and fresh ids between or not',
    (draws, tool) => {
      const steps = draws.map((draw, index) => ({ ...draw, value: index }));
      expect(detectStallLoop(episode(steps, tool), options)).toBeUndefined();
    },
  );

  test.prop([fc.array(fc.record({ note: fc.boolean(), trace: fc.nat(0xffff_ffff) }), { minLength: 3, maxLength: 5 }), fc.constantFrom('get_balance', 'consult_balance')])(
    'the same answer 3 times, only its id fresh, within the window raises',
    (draws, tool) => {
      const turns = episode(draws.map((draw) => ({ ...draw, value: 1 })), tool);
      fc.pre(turns.length <= options.window);
      expect(detectStallLoop(turns, options)?.count).toBeGreaterThanOrEqual(3);
    },
  );
});
