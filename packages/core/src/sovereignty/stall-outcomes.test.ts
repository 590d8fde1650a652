import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { steadyOutputText } from './steady-output.js';

const options = { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS };
let next = 0;

/** An assistant reply, after what the user said (if anything). */
function reply(text: string, user?: string): AssistantTurnHashes {
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  return hashAssistantTurn({ id: `o${next++}`, role: 'assistant', content: text }, [], { terms: true, prompt });
}

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, { isError = false, user }: { isError?: boolean; user?: string } = {}): AssistantTurnHashes {
  const id = `o${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result, isError }], { terms: true, prompt });
}

const FAILURE = (detail: string): string =>
  `============================= test session starts ==============================\ncollected 1 item\ntests/test_utils.py F\n=================================== FAILURES ===================================\n    def test_quoted_charset():\n>       assert get_encoding(headers) == 'utf-8'\nE       AssertionError: ${detail}\n========================= 1 failed in 0.12s =========================`;
const EDITED = '[File: /repo/utils.py (236 lines total)]\n137:        return params["charset"]\nFile updated. Please review the changes and make sure they are correct.';
const edit = (text: string, line = 137): AssistantTurnHashes => call('edit', { command: `edit ${line}:${line}\n${text}\nend_of_edit` }, EDITED);
const runTest = (detail: string): AssistantTurnHashes => call('python', { command: 'python -m pytest tests/test_utils.py::test_quoted_charset' }, FAILURE(detail), { isError: true });
const status = (refund: string, asOf: string): string => `{"order_id":"#W1872555","refund_status":"${refund}","amount":"142.00","method":"credit_card_7221097","last_event":"2024-05-08 return received at warehouse","as_of":"${asOf}"}`;
const poll = (refund: string, asOf: string): AssistantTurnHashes => call('get_refund_status', { order_id: '#W1872555' }, status(refund, asOf));
const bags = (nonfree: number, paid: number): AssistantTurnHashes =>
  call(
    'update_reservation_baggages',
    { reservation_id: 'EP3LF8', total_baggages: 1, nonfree_baggages: nonfree, payment_id: 'credit_card_8479158' },
    `{"reservation_id":"EP3LF8","total_baggages":1,"nonfree_baggages":${nonfree},"payment_history":[${Array.from({ length: paid }, () => '{"amount":50}').join(',')}]}`,
  );

describe('steadyOutputText', () => {
  it('masks clock readings to the second, durations and generated ids; keeps statuses, dates, times to the minute and counts', () => {
    expect(steadyOutputText('{"status":"processing","as_of":"2024-05-15t10:11:47z"}')).toBe('{"status":"processing","as_of":"#"}');
    expect(steadyOutputText('1 failed in 0.12s at 10:13:05, request 3f2a9c81d4e7b6a0')).toBe('1 failed in # at #, request #');
    expect(steadyOutputText('{"status":"delayed","estimated_departure":"15:40","date":"2024-05-20","count":3}')).toBe('{"status":"delayed","estimated_departure":"15:40","date":"2024-05-20","count":3}');
  });

  test.prop([fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), fc.constantFrom('processing', 'refunded', 'failed', 'pending')])(
    'two answers differing only in their timestamp are the same outcome; a status change is not',
    (first, second, refund) => {
      const a = steadyOutputText(status(refund, first.toISOString()).toLowerCase());
      expect(steadyOutputText(status(refund, second.toISOString()).toLowerCase())).toBe(a);
      expect(steadyOutputText(status(`${refund}_moved`, second.toISOString()).toLowerCase())).not.toBe(a);
    },
  );
});

describe('detectStallLoop: progress judged by the outcome', () => {
  it('finds cosmetic edits of one line before the same failing test, which each reset before', () => {
    const turns = [runTest("assert '\"utf-8\"' == 'utf-8'"), ...['# coerce', '# normalise', '# see issue'].flatMap((comment) => [edit(`        return params["charset"]  ${comment}`), runTest("assert '\"utf-8\"' == 'utf-8'")])];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'call', near: true });
  });

  // Each output differs from the one before by more than a counter's step: since loops12 a number
  // rising by exactly one is no news (`counted-outcomes.ts`: a turn counter, a retry count), so
  // 3 → 4 → 5 is the same outcome by design (fast-check found it, seed -1771645511).
  const changingDetails = fc
    .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 5, maxLength: 5 })
    .filter((details) => details.every((detail, index) => index === 0 || detail !== details[index - 1]! + 1));
  test.prop([fc.integer({ min: 3, max: 4 }), changingDetails])(
    'an edit loop whose test output changes each time (not by a counter step) is never a loop',
    (rounds, details) => {
      const turns = [runTest(`assert ${details[0]} == 0`)];
      for (let round = 1; round <= rounds; round++) turns.push(edit(`        return params["charset"]  # try ${round}`), runTest(`assert ${details[round]} == 0`));
      expect(detectStallLoop(turns, options)).toBeUndefined();
    },
  );

  it('does not take an edit elsewhere before the same failure for no change (a new attempt)', () => {
    const same = "assert '\"utf-8\"' == 'utf-8'";
    const turns = [runTest(same), edit('x = 1', 22), runTest(same), edit('y = 2', 60), runTest(same)];
    expect(detectStallLoop(turns, options)).toBeUndefined();
  });

  test.prop([fc.integer({ min: 3, max: 6 }), fc.integer({ min: 0, max: 3_000_000 })])('a status polled while only its timestamp moves is a loop; one whose status moves on is not', (polls, start) => {
    const stamp = (index: number): string => new Date(Date.UTC(2024, 4, 15, 10, 0, 0) + (start + index * 97) * 1000).toISOString();
    const frozen = Array.from({ length: polls }, (_, index) => poll('processing', stamp(index)));
    expect(detectStallLoop(frozen, options)).toMatchObject({ kind: 'call', count: polls });
    const moving = Array.from({ length: polls }, (_, index) => poll(['requested', 'received', 'processing', 'approved', 'issued', 'refunded'][index]!, stamp(index)));
    expect(detectStallLoop(moving, options)).toBeUndefined();
  });

  it('finds a write flipped back and forth between two states; a user who asks for each toggle directs it', () => {
    const flips = [bags(0, 0), bags(1, 1), bags(0, 2), bags(1, 3), bags(0, 4), bags(1, 5)];
    expect(detectStallLoop(flips, options)).toMatchObject({ kind: 'call', count: 3, toolName: 'update_reservation_baggages' });
    expect(detectStallLoop(flips.slice(0, 4), options)).toBeUndefined();
    const asked = [bags(0, 0), ...[1, 0, 1, 0, 1].map((nonfree, index) => call('update_reservation_baggages', { reservation_id: 'EP3LF8', total_baggages: 1, nonfree_baggages: nonfree, payment_id: 'credit_card_8479158' }, `{"ok":${index}}`, { user: index % 2 === 0 ? 'Make it paid after all, please.' : 'No, free again, please.' }))];
    expect(detectStallLoop(asked, options)).toBeUndefined();
  });

  test.prop([fc.uniqueArray(fc.constantFrom('ORD-1', 'ORD-2', 'ORD-3', 'ORD-4', 'ORD-5', 'ORD-6'), { minLength: 3, maxLength: 6 })])('writes over different items are never a cycle', (items) => {
    const turns = items.map((item, index) => call('update_order', { id: item, status: 'exported' }, `{"id":"${item}","status":"exported","batch":${index}}`));
    expect(detectStallLoop(turns, options)).toBeUndefined();
  });

  it('finds a reproduction re-run with reads between and a footer naming the open file, and not one whose outcome moves', () => {
    const out = (open: string, got: number): string => `Reproduced: expected 1 message line-too-long, got ${got}\n(Open file: ${open})\n(Current directory: /pylint-dev__pylint)\nbash-$`;
    const view = (path: string): AssistantTurnHashes => call('open', { command: `open ${path}` }, `[File: /pylint-dev__pylint/${path} (40 lines total)]\n1:class Checker:\n2:    def check_line_length(self, line, limit):\n3:        return len(line.rstrip()) > limit`);
    const run = (open: string, got: number): AssistantTurnHashes => call('python', { command: 'python reproduce.py' }, out(open, got));
    const reruns = [run('n/a', 0), view('pylint/checkers/format.py'), run('/pylint-dev__pylint/pylint/checkers/format.py', 0), view('tests/checkers/unittest_format.py'), run('/pylint-dev__pylint/tests/checkers/unittest_format.py', 0)];
    expect(detectStallLoop(reruns, options)).toMatchObject({ kind: 'call', count: 3, toolName: 'python' });
    const moving = [run('n/a', 0), view('pylint/checkers/format.py'), run('n/a', 7), view('tests/checkers/unittest_format.py'), run('n/a', 13)];
    expect(detectStallLoop(moving, options)).toBeUndefined();
  });

  it('finds a promise restated to a user who keeps asking whether it is done; a yes after an offer is still an answer, and courtesies are no loop', () => {
    const lookup = call('get_reservation_details', { reservation_id: '6SAK7L' }, '{"reservation_id":"6SAK7L","origin":"DEN","destination":"MSP","cabin":"economy","created_at":"2024-05-15T08:12:00"}');
    const offer = reply('Reservation 6SAK7L was booked today, so it can be cancelled for a full refund. Do you want me to cancel it (yes/no)?');
    const promises = [
      reply('I apologize for the wait — I am processing the cancellation of your reservation now.', 'Yes.'),
      reply('Sorry about that! I am cancelling the reservation for you right away.', 'Okay... is it done?'),
      reply('My apologies for the delay. The cancellation is being taken care of as we speak.', 'You said that already. Is it cancelled or not?'),
      reply('I understand your frustration, and I am sorry. I will complete the cancellation immediately.', 'Hello? Did it go through?'),
    ];
    expect(detectStallLoop([lookup, offer, ...promises], options)).toMatchObject({ kind: 'content', count: 4, lastId: promises[3]!.id });
    expect(detectStallLoop([lookup, offer, ...promises.slice(0, 2)], options)).toBeUndefined();
    const cancel = call('cancel_reservation', { reservation_id: '6SAK7L' }, '{"reservation_id":"6SAK7L","status":"cancelled"}', { user: 'Yes.' });
    const courtesies = [reply('Your reservation is cancelled; the refund is on its way.'), reply('You are welcome! Have a great day.', 'Thanks a lot.'), reply('Goodbye, and take care.', 'Bye!')];
    expect(detectStallLoop([lookup, offer, cancel, ...courtesies], options)).toBeUndefined();
  });
});
