import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_RESTATEMENT_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectRestatementLoop } from './detect-restatement-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';

const options = { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS };
let next = 0;

/** An assistant reply, after what the user said (if anything). */
function reply(text: string, user?: string): AssistantTurnHashes {
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  return hashAssistantTurn({ id: `a${next++}`, role: 'assistant', content: text }, [], { terms: true, prompt });
}

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, { isError = false, user }: { isError?: boolean; user?: string } = {}): AssistantTurnHashes {
  const id = `a${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result, isError }], { terms: true, prompt });
}

const REFUSALS = [
  'The ticket on booking QX7T2B is a saver fare bought two weeks ago with no protection plan, so our rules do not allow a refund for it.',
  'I hear you, and I am sorry, but I am not able to return the money for this fare.',
  'My hands are tied here: saver fares without the protection plan cannot be refunded.',
  'I wish the answer were different; unfortunately a refund is off the table for this ticket.',
];
const PUSHES = ['Come on, I fly with you all the time.', 'That is absurd. Just do it this once.', 'You must be able to do something.', 'I am not giving up.'];
const TRACEBACK = 'Traceback (most recent call last):\n  File "/repo/check_totals.py", line 9, in <module>\n    assert invoice.total() == 40, invoice.total()\nAssertionError: 38\n(Current directory: /repo)';
const windowAt = (start: number): string =>
  `[File: /repo/billing/invoice.py (900 lines total)]\n(${start - 1} more lines above)\n${Array.from({ length: 14 }, (_, offset) => `${start + offset}:    line_${(start + offset) % 7} = tally(items, ${(start + offset) % 7})`).join('\n')}`;

describe('detectStallLoop', () => {
  it('finds a refusal restated in new words to a user who keeps pushing, which exact, near and restatement repeats miss', () => {
    const turns = [reply(REFUSALS[0]!, 'Please refund booking QX7T2B.'), ...REFUSALS.slice(1).map((text, index) => reply(text, PUSHES[index]!))];
    expect(detectLoop(turns, options)).toBeUndefined();
    expect(detectNearLoop(turns, { ...options, ...DEFAULT_NEAR_LOOP_SIMILARITY })).toBeUndefined();
    expect(detectRestatementLoop(turns, { ...options, ...DEFAULT_RESTATEMENT_SIMILARITY })).toBeUndefined();
    expect(detectStallLoop(turns, options)).toEqual({ kind: 'content', count: 4, hash: turns[0]!.contentHash, lastId: turns[3]!.id, near: true });
    expect(detectStallLoop(turns.slice(0, 2), options)).toBeUndefined();
  });

  it('finds a request restated while the user evades it, and the same amount offered again in other words', () => {
    const requests = [
      reply('Could you tell me the booking code so I can look it up?', 'I want to move my trip.'),
      reply('I will need the booking code before I can do anything.', 'I do not have it here.'),
      reply('Once you share the six-letter code from your confirmation, I can continue.', 'Can you not just search for me?'),
    ];
    expect(detectStallLoop(requests, options)).toMatchObject({ kind: 'content', count: 3 });
    const offers = [
      call('get_booking', { code: 'QX7T2B' }, '{"code": "QX7T2B", "status": "delayed 5 hours", "voucher_eligible": 75}'),
      reply('I can offer you a $75 voucher for the delay.', 'That is too little.'),
      reply('The best I can do is the $75 voucher.', 'Double it.'),
      reply('Would you like me to issue the $75 voucher?', 'I want cash.'),
    ];
    expect(detectStallLoop(offers, options)).toMatchObject({ kind: 'content', count: 3, lastId: offers[3]!.id });
  });

  it('finds a total recomputed with other expressions and restated, the tool outputs the same', () => {
    const turns = [
      call('calculate', { expression: '(120 + 30) * 2' }, '300.0'),
      reply('The total is $300, above your budget.', 'Are you sure?'),
      call('calculate', { expression: '2 * (120 + 30)' }, '300.0'),
      reply('I rechecked and it comes to $300.', 'Please check once more.'),
      call('calculate', { expression: '150 * 2' }, '300.0'),
      reply('It still adds up to $300.'),
    ];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'content', count: 3 });
  });

  it('finds a reproduction re-run with other command lines and the same failure, and a file window re-read with shifted lines', () => {
    const reruns = ['python check_totals.py', 'python3 check_totals.py', 'cd /repo && python check_totals.py'].map((command) => call(command.split(' ')[0]!, { command }, TRACEBACK, { isError: true }));
    expect(detectNearLoop(reruns, { ...options, ...DEFAULT_NEAR_LOOP_SIMILARITY })).toBeUndefined();
    expect(detectStallLoop(reruns, options)).toMatchObject({ kind: 'call', count: 3, near: true, lastId: reruns[2]!.id });
    const rereads = [call('open', { command: 'open billing/invoice.py 220' }, windowAt(215)), call('goto', { command: 'goto 221' }, windowAt(216)), call('open', { command: 'open billing/invoice.py 219' }, windowAt(214))];
    expect(detectStallLoop(rereads, options)).toMatchObject({ kind: 'call', count: 3 });
  });

  it('does not count the same output asked for at different places (a short file shown whole), nor reads split by another output', () => {
    const whole = windowAt(1);
    const places = [call('open', { command: 'open billing/invoice.py' }, whole), call('goto', { command: 'goto 59' }, whole), call('goto', { command: 'goto 86' }, whole)];
    expect(detectStallLoop(places, options)).toBeUndefined();
    const split = [call('open', { command: 'open billing/invoice.py 220' }, windowAt(215)), call('open', { command: 'open billing/tax.py' }, windowAt(600).replaceAll('tally', 'levy')), call('goto', { command: 'goto 221' }, windowAt(216)), call('goto', { command: 'goto 219' }, windowAt(214))];
    expect(detectStallLoop(split, options)).toBeUndefined();
  });

  it('does not count replies after which the user answered (a value, a yes), took up a new request, or that name new values', () => {
    const answered = [reply(REFUSALS[0]!, 'Refund QX7T2B.'), reply(REFUSALS[1]!, 'Then refund my other booking, RT55Q1.'), reply(REFUSALS[2]!, 'Yes, I understand.'), reply(REFUSALS[3]!, 'Okay.')];
    expect(detectStallLoop(answered, options)).toBeUndefined();
    const requests = [
      reply('Travel insurance can only be bought with the ticket, so I cannot add it now.', 'Add insurance to my trip.'),
      reply('Seats in the exit row cannot be assigned to travellers with an infant.', 'Then seat me in the exit row.'),
      reply('Pets cannot travel in the cabin on this aircraft.', 'Can my dog sit with me instead?'),
    ];
    expect(detectStallLoop(requests, options)).toBeUndefined();
    const polls = ['15:25', '15:40', '15:55'].map((time) => reply(`I cannot rebook you yet: flight HX108 is delayed to ${time}.`, 'Check again?'));
    expect(detectStallLoop(polls, options)).toBeUndefined();
    const chitchat = [reply('Happy travels and have a great day ahead!', 'Thanks!'), reply('Happy travels and have a great day ahead, take care!', 'Thanks again!'), reply('Have a great day and happy travels!', 'Bye!')];
    expect(detectStallLoop(chitchat, options)).toBeUndefined();
  });

  it('counts a restatement that echoes the push while repeating most of itself, unless restatedShare is 1', () => {
    const turns = [
      reply('This saver fare was bought without the protection plan, so it cannot be refunded under our rules.', 'Please refund booking QX7T2B.'),
      reply('Unfortunately a saver fare bought without the protection plan cannot be refunded under our rules.', 'Is there no other way?'),
      reply('I cannot offer a waiver: a saver fare bought without the protection plan cannot be refunded under our rules.', 'What about a waiver?'),
    ];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'content', count: 3 });
    expect(detectStallLoop(turns, { ...options, restatedShare: 1 })).toBeUndefined();
  });

  it('finds a rule explained again in new words, replies performing no act of the lexicon joining the run, and a request restated around one outside it', () => {
    const rule = [
      reply('The fare rules say saver tickets are refundable only with the protection plan; I cannot refund QX7T2B.', 'Refund booking QX7T2B.'),
      reply('A saver ticket gets its money back only when the protection plan was bought with it.', 'Explain that again, I do not get it.'),
      reply('The plan is what makes a saver fare refundable, and this booking was sold without one.', 'Why would that be?'),
      reply('Saver fares are cheaper because they give up refunds unless the plan is added at purchase.', 'That makes no sense.'),
    ];
    expect(rule.slice(1).map((turn) => turn.contentActs)).toEqual([[], [], []]);
    expect(detectStallLoop(rule, options)).toMatchObject({ kind: 'content', count: 4, lastId: rule[3]!.id });
    const asks = [
      reply('I will need your user ID before I can look at the booking.', 'Add a bag to my trip.'),
      reply('With your user ID in hand I can see the trip and its bag fees. What is it?', 'Is that really needed?'),
      reply('I cannot find the trip without your user ID; could you provide it?', 'I do not know what a user ID is.'),
    ];
    expect(asks[1]!.contentActs).toEqual([]);
    expect(detectStallLoop(asks, options)).toMatchObject({ kind: 'content', count: 3 });
  });

  it('starts afresh at a reply performing only acts the run has not (a refusal after requests), and does not count courtesies alone', () => {
    const turns = [
      reply('Could you tell me the booking code?', 'I want to move my trip.'),
      reply('I will need the booking code before I can do anything.', 'I do not have it here.'),
      reply('Unfortunately I cannot move a trip I cannot find.', 'Just do it.'),
    ];
    expect(detectStallLoop(turns, options)).toBeUndefined();
    const courtesies = [reply('You are welcome, have a good trip.', 'Great, that was all.'), reply('Glad I could help, take care.', 'Cheers then.'), reply('All the best, goodbye.', 'See you.')];
    expect(detectStallLoop(courtesies, options)).toBeUndefined();
  });

  it('does not count a reply that takes up what the user asked for earlier and the agent never answered', () => {
    const turns = [
      reply('Your reservation 4OG6T3 is a round trip in basic economy, one passenger.', 'First tell me about my last reservation. Then book San Francisco to New York for three.'),
      reply('Reservation 4OG6T3 lists one passenger only.', 'How many passengers did it list?'),
      reply('Sure, apart from 4OG6T3, let us book San Francisco to New York for three.', 'Now back to the San Francisco booking please.'),
    ];
    expect(detectStallLoop(turns, options)).toBeUndefined();
  });

  it('takes a short output from another tool as news, the same short output from the same tool not', () => {
    const direct = call('search_direct_flight', { origin: 'ATL', destination: 'LAS' }, '[]');
    const searches = [
      direct,
      reply('There are no nonstop flights from Atlanta to Las Vegas that day; would you like me to look at one-stop flights?', 'Please look.'),
      call('search_onestop_flight', { origin: 'ATL', destination: 'LAS' }, '[]'),
      reply('There are no one-stop flights either; would you like me to check other dates?', 'Hmm, I will think about it.'),
      reply('Would you like me to look at other dates then?', 'I am not sure.'),
    ];
    expect(detectStallLoop(searches, options)).toBeUndefined();
    const recomputed = [...searches.slice(0, 2), call('search_direct_flight', { destination: 'LAS', origin: 'ATL', date: 'same' }, '[]'), ...searches.slice(3)];
    expect(detectStallLoop(recomputed, options)).toMatchObject({ kind: 'content', count: 3 });
  });

  it('does not count a poll whose output changed one field (a status, a percentage): the same call answered otherwise is news', () => {
    const order = (status: string): string => `{"order_id":"#W6910208","user_id":"bruno_okafor_3562","status":"${status}","items":[{"name":"desk lamp","product_id":"5877631065","price":116}]}`;
    const polls = ['return requested', 'return label used', 'return in transit', 'refunded'].map((status) => call('get_order_details', { order_id: '#W6910208' }, order(status)));
    expect(detectStallLoop(polls, options)).toBeUndefined();
    const log = (percent: number): string => `xarray/tests/test_merge.py ${'.'.repeat(percent / 10)} [ ${percent}%] collected 140 items platform linux python 3.9 pytest 7.4 (Open file: n/a) (Current directory: /pydata__xarray) bash-$`;
    const tails = [23, 45, 68, 91].map((percent) => call('tail', { command: 'tail -n 2 /tmp/run.log' }, log(percent)));
    expect(detectStallLoop(tails, options)).toBeUndefined();
    // The same output under other spellings of the call is still the same output.
    const spelled = ['tail -n 2 /tmp/run.log', 'tail -2 /tmp/run.log', 'tail -n2 /tmp/run.log'].map((command) => call('tail', { command }, log(45)));
    expect(detectStallLoop(spelled, options)).toMatchObject({ kind: 'call', count: 3 });
  });

  it('finds the same diff read back through differently spelled git commands after a fix', () => {
    const diff = 'diff --git a/requests/models.py b/requests/models.py index 3f2a9c1..8d0e4b7 100644 --- a/requests/models.py +++ b/requests/models.py @@ -1285,6 +1285,7 @@ def prepare_content_length(self, body): + result = dict(result)';
    const turns = [
      call('edit', { command: 'edit 1287:1287\n        result = dict(result)\nend_of_edit' }, '[File: /repo/requests/models.py (1873 lines total)]\nFile updated.'),
      ...['git --no-pager diff', 'git diff .', 'git -c core.pager=cat diff'].map((command) => call('git', { command }, diff)),
    ];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'call', count: 3, lastId: turns[3]!.id });
  });

  it('a new successful change ends the loop before it', () => {
    const reruns = ['python check_totals.py', 'python3 check_totals.py', 'python ./check_totals.py'].map((command) => call('python', { command }, TRACEBACK, { isError: true }));
    const edit = call('edit', { command: 'edit 9:9\n    assert invoice.total() == 38\nend_of_edit' }, '[File: /repo/check_totals.py (12 lines total)]\nFile updated.');
    expect(detectStallLoop([...reruns, edit], options)).toBeUndefined();
  });
});

// Properties over episodes drawn from a small pool of user turns, replies and tool calls.
const USER = [undefined, 'Please, just this once.', 'Why not?', 'Yes, go ahead.', 'My code is RT55Q1.', 'And can you add a bag?', 'Hmm.'];
const REPLY = [...REFUSALS, 'Could you tell me the booking code?', 'I can offer you a $75 voucher.', 'The total is $300.', 'Done, anything else?'];
const stepArbitrary = fc.record({
  user: fc.constantFrom(...USER),
  kind: fc.constantFrom('reply', 'read', 'rerun', 'fail'),
  pick: fc.nat(20),
});
type Step = { user: string | undefined; kind: 'reply' | 'read' | 'rerun' | 'fail'; pick: number };

function episode(steps: readonly Step[]): AssistantTurnHashes[] {
  return steps.map(({ user, kind, pick }) => {
    if (kind === 'reply') return reply(REPLY[pick % REPLY.length]!, user);
    if (kind === 'read') return call('goto', { command: `goto ${200 + (pick % 3) * 30}` }, windowAt(200 + (pick % 3) * 30), { user });
    if (kind === 'rerun') return call('python', { command: pick % 2 === 0 ? 'python check_totals.py' : 'python3 check_totals.py' }, TRACEBACK, { isError: true, user });
    return call('search', { query: `total ${pick % 4}` }, `No matches for total ${pick % 4}`, { user });
  });
}

const stepsArbitrary = fc.array(stepArbitrary, { minLength: 0, maxLength: 14 });

test.prop([stepsArbitrary, fc.integer({ min: 2, max: 10 }), fc.integer({ min: 2, max: 4 })])('same input, same output; a loop is at least `repeats` long and inside the window', (steps, window, repeats) => {
  const turns = episode(steps);
  const settings = { ...DEFAULT_STALL_SETTINGS, window, repeats };
  const loop = detectStallLoop(turns, settings);
  expect(detectStallLoop(JSON.parse(JSON.stringify(turns)) as AssistantTurnHashes[], settings)).toEqual(loop);
  expect(detectStallLoop(turns.slice(-window), settings)).toEqual(loop);
  if (loop) {
    expect(loop.count).toBeGreaterThanOrEqual(repeats);
    expect(loop.count).toBeLessThanOrEqual(Math.min(window, turns.length));
    expect(turns.slice(-window).map((turn) => turn.id)).toContain(loop.lastId);
  }
});

test.prop([stepsArbitrary])('a new successful change of state ends any loop', (steps) => {
  const change = call('edit', { command: `edit 9:9\n    total = ${next}\nend_of_edit` }, `[File: /repo/check_totals.py (${next} lines total)]\nFile updated.`);
  expect(detectStallLoop([...episode(steps), change], options)).toBeUndefined();
});

// At most window − 1 steps, so that the reply appended drops nothing out of the window.
test.prop([fc.array(stepArbitrary, { maxLength: 7 }), fc.constantFrom(...USER)])('a reply naming a value not seen before never makes a loop', (steps, user) => {
  const turns = episode(steps);
  fc.pre(detectStallLoop(turns, options) === undefined);
  expect(detectStallLoop([...turns, reply(`I cannot refund it; your case number is CASE${900_000 + next}.`, user)], options)).toBeUndefined();
});

const STATUSES = ['pending', 'processing', 'shipped', 'in transit', 'out for delivery', 'delivered', 'return requested', 'refunded', 'cancelled', 'on hold'];
// Each answer carries a progress value the window has not held (it only grows). A poll whose
// answers only recombine values the window already holds (a status and a percentage going back
// to earlier ones) is no progress for the same-call rerun rule (loops7), so it is not generated
// here (seed -112049775: delivered 1%, pending 99%, pending 0%, cancelled 8%, cancelled 0%, delivered 99%).
test.prop([fc.uniqueArray(fc.nat(STATUSES.length * 100 - 1), { minLength: 1, maxLength: 10 }), fc.boolean(), fc.array(fc.constantFrom(...USER), { maxLength: 10 })], { examples: [[[15, 990, 0, 88, 8, 995], false, []]] })(
  'a poll whose output changes a value each time is never a loop (the same call, another answer)',
  (picks, withReplies, users) => {
    const progressOf = (pick: number, index: number): number => index * 100 + Math.floor(pick / STATUSES.length);
    const order = (pick: number, index: number): string =>
      `{"order_id":"#W6910208","user_id":"bruno_okafor_3562","status":"${STATUSES[pick % STATUSES.length]!}","progress":${progressOf(pick, index)},"items":[{"name":"desk lamp","price":116}]}`;
    const turns = picks.flatMap((pick, index) => {
      const poll = call('get_order_details', { order_id: '#W6910208' }, order(pick, index), { user: users[index] });
      return withReplies ? [poll, reply(`The order now shows ${STATUSES[pick % STATUSES.length]!}, at ${progressOf(pick, index)} units.`)] : [poll];
    });
    expect(detectStallLoop(turns, options)).toBeUndefined();
  },
);

// A user term no turn has said before (letters only: a digit would make it a value, an answer).
const FRESH = ['marmalade', 'harpsichord', 'tangerine', 'gazebo', 'walrus', 'zeppelin', 'origami', 'lagoon'];
test.prop([fc.array(stepArbitrary, { maxLength: 7 }), fc.constantFrom(...FRESH)])('a reply taking up a term the user newly brought up never makes a loop', (steps, fresh) => {
  const turns = episode(steps);
  fc.pre(detectStallLoop(turns, options) === undefined);
  expect(detectStallLoop([...turns, reply(`About the ${fresh}: noted.`, `What about my ${fresh}?`)], options)).toBeUndefined();
});

// Only after replies that performed acts: a run whose replies performed none yet (lexicon misses,
// "The total is $300." twice) cannot tell whether an act is another thing, and any reply joins it
// (seeds -1264840488 and -112049775 found such runs; dropping that join loses four loops of the
// second blind set).
test.prop([fc.array(stepArbitrary, { maxLength: 7 }), fc.constantFrom(...USER)])('a reply performing only an act no reply in the window performed never ends a loop', (steps, user) => {
  const turns = episode(steps).filter((turn) => !(turn.contentActs ?? []).includes('offer'));
  fc.pre(turns.every((turn) => turn.calls.length > 0 || turn.contentTerms.length === 0 || (turn.contentActs ?? []).length > 0));
  const offer = reply('Would you like me to look at other dates?', user);
  expect(offer.contentActs).toEqual(['offer']);
  const loop = detectStallLoop([...turns, offer], options);
  expect(loop?.lastId).not.toBe(offer.id);
});
