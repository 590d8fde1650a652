import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { CountedOutcomes } from './counted-outcomes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { StampedPrompts } from './stamped-prompts.js';
import { MIN_HEX_ID, namedIdsMasked, steadyOutputText } from './steady-output.js';

const loops = { window: 8, repeats: 3 };
const stall = { ...loops, ...DEFAULT_STALL_SETTINGS };
const near = { ...loops, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

/** What the user said before a message, as the engine hands it over. */
const said = (user: string | undefined): CairnMessage[] => (user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }]);

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, text = '', user?: string): AssistantTurnHashes {
  const id = `m${next++}`;
  const message: CairnMessage = { id, role: 'assistant', content: text, toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true, prompt: said(user) });
}

/** An assistant reply without tool calls, after what the user said (if anything). */
const reply = (text: string, user?: string): AssistantTurnHashes => hashAssistantTurn({ id: `m${next++}`, role: 'assistant', content: text }, [], { terms: true, prompt: said(user) });

/** Any detector of the default configuration (exact, near, stall) raises after some message (the engine checks after each). */
const anyRaises = (turns: readonly AssistantTurnHashes[]): boolean =>
  turns.some((_, index) => {
    const seen = turns.slice(0, index + 1);
    return Boolean(detectLoop(seen, loops) ?? detectNearLoop(seen, near) ?? detectStallLoop(seen, stall));
  });

const hex = fc.stringMatching(/^[0-9a-f]{8,16}$/).filter((token) => /\d/.test(token) && /[a-f]/.test(token));

describe('loops14: a standalone hexadecimal id of 8 characters or more is volatile', () => {
  /** A queue's status whose only moving part is a trace id no key names. */
  const poll = (trace: string, depth = 41): AssistantTurnHashes => call('get_queue', { queue: 'ingest-eu' }, `queue ingest-eu: ${depth} messages waiting, consumer group paused by operator (trace ${trace})`);

  it('finds the same status polled while only a bare 8-character trace id changes', () => {
    expect(detectStallLoop([poll('3fa9c21b'), poll('90be44d1'), poll('c1d2e3f4')], stall)).toMatchObject({ kind: 'call', toolName: 'get_queue' });
  });

  it('does not count a poll whose depth moves, nor a word or number of eight characters', () => {
    expect(anyRaises([poll('3fa9c21b', 41), poll('90be44d1', 36), poll('c1d2e3f4', 30)]), 'depth moves').toBe(false);
    expect(steadyOutputText('build 20240515 of facade; deadbeef and cafebabe are words here')).toBe('build 20240515 of facade; deadbeef and cafebabe are words here');
  });

  test.prop([hex, fc.constantFrom('', ' ', '(', '"', ': ')])('a hexadecimal token of letters and digits both, 8 characters or more, is masked', (token, before) => {
    expect(token.length).toBeGreaterThanOrEqual(MIN_HEX_ID);
    expect(steadyOutputText(`${before}${token} ok`)).toBe(`${before}# ok`);
  });

  // A compound duration (`0h0m`, `1h30m`) is a clock reading the volatile mask takes whole: not drawn.
  const notDuration = (token: string): boolean => !/^(?:\d+[dhms])+$/.test(token);
  test.prop([fc.stringMatching(/^[0-9a-z]{1,7}$/).filter(notDuration), fc.stringMatching(/^[g-z]+[0-9]+[a-z0-9]*$/)])('a token shorter than 8, or holding a letter past f, is kept', (short, other) => {
    expect(steadyOutputText(`id ${short} and ${other} end`)).toBe(`id ${short} and ${other} end`.replace(/\b\d+[dhms]\b|\b\d+(?:\.\d+)?\s?(?:ns|us|µs|ms|s|sec|secs|seconds?)\b/g, '#'));
  });
});

describe('loops14: a value its key names an id moved alone is a new handle, the same report', () => {
  /** A claim's status answered with a request id of a format no mask knows (all digits here). */
  const status = (request: string, state = 'pending_adjuster_assignment'): AssistantTurnHashes =>
    call('get_claim_status', { claim_id: 'CLM-20931' }, JSON.stringify({ claim_id: 'CLM-20931', status: state, queue: 'property-north', request_id: request }));

  it('finds the identical status call answered alike under a fresh request id each time', () => {
    expect(detectStallLoop([status('14911707'), status('20736145'), status('88213409')], stall)).toMatchObject({ kind: 'call', toolName: 'get_claim_status' });
  });

  it('does not count a status that moves, nor another claim asked about', () => {
    expect(anyRaises([status('14911707', 'pending_adjuster_assignment'), status('20736145', 'adjuster_assigned'), status('88213409', 'inspection_booked')]), 'status moves').toBe(false);
    const other = (claim: string, request: string): AssistantTurnHashes => call('get_claim_status', { claim_id: claim }, JSON.stringify({ claim_id: claim, status: 'pending_adjuster_assignment', request_id: request }));
    expect(anyRaises([other('CLM-20931', '14911707'), other('CLM-20932', '20736145'), other('CLM-20933', '88213409')]), 'other claims').toBe(false);
  });

  it('finds a search answered alike while only its epoch stamp and an unlabelled timing move, not a departure that moves', () => {
    const search = (ts: number, took: number, departs = '15:40'): AssistantTurnHashes =>
      call('search_flights', { from: 'OSL', to: 'BGO', date: '2026-03-12' }, JSON.stringify({ ts, took, flights: [{ flight: 'WF614', depart_at: departs, seats: 0 }], note: 'sold out' }));
    expect(detectStallLoop([search(1741683600, 12), search(1741683642, 9), search(1741683701, 15)], stall)).toMatchObject({ kind: 'call', toolName: 'search_flights' });
    expect(anyRaises([search(1741683600, 12, '15:40'), search(1741683642, 9, '16:05'), search(1741683701, 15, '16:30')])).toBe(false);
  });

  /** A round: the reconciliation run again (a new run id, a new duration), then its report exported. */
  const round = (run: number, variance: string, stamp: string): AssistantTurnHashes[] => [
    call('run_reconciliation', { account: '1200', period: '2026-02' }, JSON.stringify({ run_id: run, status: 'unreconciled', variance, duration_ms: 1000 + (run % 900) })),
    call('export_variance_report', { account: '1200', period: '2026-02' }, `exported ${stamp}: 1 unmatched item, bank fee ${variance} EUR not in ledger`),
  ];

  it('finds rounds of a run and an export whose only moving parts are the run id, its timing and a stamp', () => {
    const turns = [...round(8770, '6,117.00', '2026-03-11T09:00:37Z'), ...round(9173, '6,117.00', '2026-03-11T09:03:30Z'), ...round(8378, '6,117.00', '2026-03-11T09:06:27Z')];
    expect(turns.every((turn) => turn.calls[0]!.changed)).toBe(true);
    expect(detectStallLoop(turns, stall)).toMatchObject({ kind: 'call' });
  });

  it('does not count rounds whose variance shrinks', () => {
    expect(anyRaises([...round(8770, '6,117.00', '2026-03-11T09:00:37Z'), ...round(9173, '2,040.00', '2026-03-11T09:03:30Z'), ...round(8378, '0.00', '2026-03-11T09:06:27Z')])).toBe(false);
  });

  const key = fc.constantFrom('request_id', 'run_id', 'trace-id', 'id', 'requestid', 'uuid', 'nonce', 'etag', 'next_cursor', 'page_token', 'ts', 'timestamp', 'took', 'latency', 'elapsed');
  const value = fc.oneof(fc.stringMatching(/^[0-9]{3,10}$/), fc.stringMatching(/^[a-z]{1,3}[0-9a-z]{2,10}$/));
  test.prop([key, value, value, fc.boolean()])('two outputs differing only in a value its key names a handle (an id, a nonce, a cursor, a stamp, a timing) are the same outcome', (name, first, second, quoted) => {
    const text = (id: string): string => steadyOutputText(`{"status":"pending","${name}":${quoted ? `"${id}"` : id},"queue":"north"}`);
    // A value the volatile-token mask took already (an unquoted 8-character hexadecimal id) is masked
    // before the named-id mask looks: the outcome is the steady text then (as `idlessHash` falls back).
    const outcome = (id: string): string => namedIdsMasked(text(id)) ?? text(id);
    expect(outcome(first)).toBe(`{"status":"pending","${name}":${quoted ? '"#"' : '#'},"queue":"north"}`);
    expect(outcome(first)).toBe(outcome(second));
  });

  test.prop([fc.constantFrom('paid', 'valid', 'void', 'status', 'rapid', 'width', 'idle', 'tokens', 'counts', 'depart_at', 'due', 'scheduled', 'duration'), fc.stringMatching(/^[a-z0-9]{1,10}$/)])('a key merely ending in the letters of a handle, or naming a time of the world, masks nothing', (name, word) => {
    expect(namedIdsMasked(`{"${name}": "${word}", "queue": "north"}`)).toBeUndefined();
  });

  test.prop([fc.array(fc.tuple(fc.stringMatching(/^[0-9]{4,8}$/), fc.constantFrom('pending', 'assigned')), { minLength: 1, maxLength: 6 })])('the identical call keeps its outcome exactly while only its named id moves', (answers) => {
    const outcomes = new CountedOutcomes();
    let last: { state: string; outcome: string } | undefined;
    for (const [request, state] of answers) {
      const [observed] = status(request, state).calls;
      const outcome = outcomes.outcome(observed!);
      if (last !== undefined) expect(outcome === last.outcome).toBe(state === last.state);
      last = { state, outcome };
    }
  });
});

describe('loops14: a user turn said again with only its stamp moved is no answer', () => {
  const away = (stamp: string): string => `[Automatic reply ${stamp}] I am out of the office until March 24 without access to e-mail.`;
  const asks = ['Could you share your availability for an interview next week?', 'Hello again: could you send two or three slots for next week?', 'A quick reminder: which slots would suit you for the interview?', 'Could you please send your availability?'];

  it('finds a question restated while every answer is the same auto-reply under a new stamp', () => {
    const turns = [reply(asks[0]!, 'Please book Nguyen for a first interview.'), reply(asks[1]!, away('2026-03-11T09:00:18Z')), reply(asks[2]!, away('2026-03-11T09:07:40Z')), reply(asks[3]!, away('2026-03-11T09:14:14Z'))];
    expect(detectStallLoop(turns, stall)).toMatchObject({ kind: 'content' });
  });

  it('does not count answers that change, nor the same word said to new questions', () => {
    const slots = ['Tuesday at 10:00 works.', 'Actually Wednesday 14:00 is better.', 'Or Thursday 09:30, if that suits you.'];
    expect(anyRaises([reply(asks[0]!, 'Please book Nguyen for a first interview.'), reply('Shall I take Tuesday 10:00?', slots[0]), reply('Shall I take Wednesday 14:00 instead?', slots[1]), reply('Thursday 09:30 then?', slots[2])]), 'new slots').toBe(false);
    const questions = ['Shall I book room A for the interview?', 'Shall I invite the hiring manager?', 'Shall I send the calendar invite now?', 'Done: room A, the manager and the candidate are invited.'];
    expect(anyRaises([reply(questions[0]!, 'Book the interview for Tuesday 10:00.'), reply(questions[1]!, 'yes'), reply(questions[2]!, 'yes'), reply(questions[3]!, 'yes')]), 'yes to new questions').toBe(false);
  });

  const turn = (user: string): AssistantTurnHashes => reply('ok', user);
  test.prop([fc.array(fc.constantFrom('yes', 'no thanks', 'at 2026-03-11T09:00:18Z', 'at 2026-03-11T09:07:40Z', 'done 3fa9c21b', 'done 90be44d1'), { minLength: 1, maxLength: 8 })])('only a turn that repeats the one before with a volatile token moved is judged', (users) => {
    const prompts = new StampedPrompts();
    users.forEach((user, index) => {
      const previous = users[index - 1];
      const moved = previous !== undefined && previous !== user && previous.split(' ')[0] === user.split(' ')[0] && user.split(' ')[0] !== 'no';
      expect(prompts.repeats(turn(user))).toBe(moved && /\d/.test(user));
    });
  });
});

describe('loops14: a run the user asked for is progress', () => {
  const play = (text: string, user?: string): AssistantTurnHashes => call('play_preview', { track_id: 'trk_206538', seconds: 30 }, '{"played":true,"track_id":"trk_206538","seconds":30}', text, user);

  it('does not count the runs asked for ("three times in a row"), the replies between them included', () => {
    const turns = [play('Play 1 of 3.', 'Play me the preview of trk_206538 three times in a row.'), reply('Next play coming.'), play('Play 2 of 3.'), reply('Next play coming.'), play('Play 3 of 3.'), reply('Done. Shall I add it?')];
    expect(anyRaises(turns)).toBe(false);
  });

  it('finds runs made past the count asked for', () => {
    const turns = [play('Play 1 of 2.', 'Play me the preview of trk_206538 two times in a row.'), reply('Next play coming.'), play('Play 2 of 2.'), reply('Next play coming.'), play('Once more.'), reply('Next play coming.'), play('And again.')];
    expect(anyRaises(turns)).toBe(true);
  });

  test.prop([fc.integer({ min: 2, max: 8 }), fc.integer({ min: 0, max: 4 })])('runs up to the count asked for never raise, the request long out of the window; past it (and the loop count) they do', (asked, extra) => {
    const runs = asked + extra;
    const turns = [play('Playing.', `Play the preview ${asked} times.`)];
    for (let index = 1; index < runs; index++) turns.push(reply('Next play coming.'), play('Playing.'));
    expect(anyRaises(turns)).toBe(runs > asked && runs >= loops.repeats);
  });
});
