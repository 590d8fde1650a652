import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { AskedAgainRuns } from './requested-repeats.js';
import { outputNumbers, risesByOne, steadyOutputText } from './steady-output.js';

const loops = { window: 8, repeats: 3 };
const stall = { ...loops, ...DEFAULT_STALL_SETTINGS };
const near = { ...loops, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

/** An assistant reply, after what the user said (if anything). */
function reply(text: string, user?: string): AssistantTurnHashes {
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  return hashAssistantTurn({ id: `m${next++}`, role: 'assistant', content: text }, [], { terms: true, prompt });
}

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, user?: string): AssistantTurnHashes {
  const id = `m${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `${id}u`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true, prompt });
}

/** Any detector of the default configuration (exact, near, stall) raises after some message (the engine checks after each). */
const anyRaises = (turns: readonly AssistantTurnHashes[]): boolean =>
  turns.some((_, index) => {
    const seen = turns.slice(0, index + 1);
    return Boolean(detectLoop(seen, loops) ?? detectNearLoop(seen, near) ?? detectStallLoop(seen, stall));
  });

describe('loops12: a duration named by its field is masked', () => {
  const search = (took: number, pending: number): AssistantTurnHashes =>
    call('search_rooms', { building: 'north', seats: 12 }, `{"building": "north", "seats": 12, "took_ms": ${took}, "pending_requests": ${pending}, "rooms": []}`);

  it('masks the number after a key ending in a unit of seconds or finer; keeps other fields', () => {
    expect(steadyOutputText('{"query_ms":373,"elapsed_seconds": 2.5,"items":5,"max_retries":3}')).toBe('{"query_ms":#,"elapsed_seconds": #,"items":5,"max_retries":3}');
    expect(steadyOutputText('recalc_ms=42 rooms=0')).toBe('recalc_ms=# rooms=0');
  });

  it('finds the same empty search whose timing field alone moves; not one whose pending count moves', () => {
    expect(detectStallLoop([search(373, 4), search(125, 4), search(281, 4)], stall)).toMatchObject({ kind: 'call', count: 3, toolName: 'search_rooms' });
    expect(anyRaises([search(373, 4), search(125, 3), search(281, 2)])).toBe(false);
  });

  const key = fc.stringMatching(/^[a-z]{1,8}$/).chain((stem) => fc.constantFrom(`${stem}_ms`, `${stem}_s`, `${stem}-sec`, `${stem}_seconds`, `${stem}_us`));
  const amount = fc.oneof(fc.integer({ min: 0, max: 99_999 }).map(String), fc.float({ min: 0, max: 9_999, noNaN: true }).map((value) => value.toFixed(2)));
  test.prop([key, amount, amount])('two outputs differing only in a duration named by its field are the same outcome', (name, first, second) => {
    expect(steadyOutputText(`{"${name}":${first},"rows":0}`)).toBe(steadyOutputText(`{"${name}":${second},"rows":0}`));
  });

  const plainKey = fc.stringMatching(/^[a-z]{1,10}$/).filter((name) => !/(?:ns|us|ms|s|sec|secs|seconds?)$/.test(name));
  test.prop([plainKey, fc.integer({ min: 0, max: 99_999 })])('never masks a number after a key naming no unit', (name, value) => {
    const text = `{"${name}":${value}}`;
    expect(steadyOutputText(text)).toBe(text);
  });
});

describe('loops12: the call made again because the user asked for it again', () => {
  const play = (user?: string): AssistantTurnHashes => call('play_audio', { text: 'Wo ist der Bahnhof?', rate: 'slow' }, '{"played": true, "voice": "de-DE-B"}', user);

  it('does not count the identical call made right after each "once more"', () => {
    expect(anyRaises([play('How do I say "where is the station" in German? Let me hear it.'), play('Once more, please.'), play('Noch einmal, bitte!'), play('Sorry, one more time.')])).toBe(false);
  });

  it('still finds the identical call made again unasked, and a call made twice more after one "again"', () => {
    expect(detectLoop([play('Let me hear it.'), play(), play()], loops)).toMatchObject({ kind: 'call', count: 3 });
    expect(anyRaises([play('Let me hear it.'), play('Again, please.'), play(), play()])).toBe(true);
  });

  test.prop([fc.array(fc.boolean(), { minLength: 1, maxLength: 12 })])('grants no more than the count at the latest "again", and never lowers it', (asks) => {
    const runs = new AskedAgainRuns();
    let granted = 0;
    asks.forEach((asked, index) => {
      const now = runs.see('k', index + 1, asked);
      expect(now).toBeGreaterThanOrEqual(granted);
      expect(now).toBe(asked ? index + 1 : granted);
      granted = now;
    });
  });
});

describe('loops12: a counter rising by one with each call is no news', () => {
  const status = (turn: number, gold: number, where = 'Cellar. Exits: up.'): string => `The door is locked and does not move.\n${where}\n[Step ${turn} | Gold ${gold} | Key: none]`;
  const push = (turn: number, gold = 10, where?: string): AssistantTurnHashes => call('act', { verb: 'push', object: 'door' }, status(turn, gold, where));

  it('finds the same act answered alike while only its step counter rises; not one whose gold or place moves', () => {
    expect(detectStallLoop([push(41), push(42), push(43)], stall)).toMatchObject({ kind: 'call', count: 3, toolName: 'act' });
    expect(anyRaises([push(41, 10), push(42, 15), push(43, 20)])).toBe(false);
    expect(anyRaises([push(41, 10, 'Cellar. Exits: up.'), push(42, 10, 'Hall. Exits: north, down.'), push(43, 10, 'Library. Exits: south.')])).toBe(false);
  });

  it('reads a part of a whole and a numbered name as news, not as counters', () => {
    const job = (done: number): AssistantTurnHashes => call('job_status', { job: 'reindex' }, `reindex: ${done}/3 shards done, state running`);
    expect(anyRaises([job(1), job(2), job(3)])).toBe(false);
    expect(outputNumbers('ticket t-91 step 4 of 2/3')).toEqual({ shape: 'ticket t-91 step # of 2/3', numbers: [4] });
  });

  const numbers = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 10 });
  test.prop([numbers, fc.array(fc.boolean(), { minLength: 10, maxLength: 10 })])('counters rising by one are read as such; any number that fell or jumped is not', (before, rise) => {
    const now = before.map((value, index) => (rise[index] ? value + 1 : value));
    expect(risesByOne(before, now)).toBe(rise.slice(0, before.length).some(Boolean));
    expect(risesByOne(before, now.map((value, index) => (index === 0 ? value + 2 : value)))).toBe(false);
    expect(risesByOne(now, before)).toBe(false);
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 8 })])('outputs differing only in standalone numbers have the same shape', (values) => {
    const text = (list: readonly number[]): string => list.map((value, index) => `field${'abcdefgh'[index]} ${value}`).join(' | ');
    expect(outputNumbers(text(values))!.shape).toBe(outputNumbers(text(values.map((value) => value + 1)))!.shape);
    expect(outputNumbers(text(values))!.numbers).toEqual(values);
  });
});

describe('loops12: a closing restated past the loop count while nothing is awaited', () => {
  const thanks = ['Thanks, that is all for today.', 'Many thanks to you!', 'Thank you, you too.', 'Cheers, bye!', 'Appreciate it, bye now.'];
  const courtesies = ['You are welcome, have a good day.', 'My pleasure, enjoy your evening.', 'Thank you as well, take care.', 'Glad I could help, all the best.', 'Goodbye, and have a lovely weekend.'];
  /** A request put off by the user (the agent's question answered), then `rounds` courtesies each after the user's thanks. */
  const closing = (rounds: number): AssistantTurnHashes[] => [
    reply('Could you give me the order number or the e-mail on the order?', 'I want to change my delivery day, but I do not have the order number here.'),
    reply(courtesies[0]!, 'My customer number is 448120, but I will come back once I have the order number.'),
    ...courtesies.slice(1, rounds).map((text, index) => reply(text, thanks[index])),
  ];

  it('finds courtesies said again and again after the user closed, with no question open', () => {
    expect(detectStallLoop(closing(5), stall)).toMatchObject({ kind: 'content', near: true });
  });

  it('does not count courtesies while the agent waits for an answer it asked for, nor a short closing', () => {
    const waits = ['Sure, take your time.', 'No rush, I will be here.', 'Of course, whenever you find it.', 'Take all the time you need.', 'No problem, I am still here.'];
    const still = ['Hold on, let me look for it.', 'Still searching my drawer.', 'Checking the other folder now.', 'Nearly there, one moment.', 'Still looking, sorry.'];
    const waiting = [reply('Which parcel number is it?', 'I want to re-route a parcel.'), ...waits.map((text, index) => reply(text, still[index]))];
    expect(anyRaises(waiting), 'waiting').toBe(false);
    expect(anyRaises(closing(3)), 'short').toBe(false);
  });

  it('does not count small talk whose replies take up each new thing the user says', () => {
    const topics = ['tulips', 'roses', 'orchids', 'lilies', 'daisies', 'peonies'];
    const chat = [reply('Could you give me the order number or the e-mail on the order?', 'I want to change my delivery day, but I do not have the order number here.'), reply(courtesies[0]!, 'My customer number is 448120, but I will come back once I have the order number.')];
    for (const topic of topics) chat.push(reply(`Lovely, ${topic} are a fine choice for the garden.`, `I also love ${topic} in the garden.`));
    expect(detectStallLoop(chat, stall)).toBeUndefined();
  });
});
