import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { answersAskAgain, asksAgain } from './asks-again.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { steadyOutputText } from './steady-output.js';

const loops = { window: 8, repeats: 3 };
const stall = { ...loops, ...DEFAULT_STALL_SETTINGS };
const near = { ...loops, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

/** An assistant reply, after what the user said (if anything). */
function reply(text: string, user?: string): AssistantTurnHashes {
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  return hashAssistantTurn({ id: `l${next++}`, role: 'assistant', content: text }, [], { terms: true, prompt });
}

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, { isError = false, user }: { isError?: boolean; user?: string } = {}): AssistantTurnHashes {
  const id = `l${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `${id}u`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result, isError }], { terms: true, prompt });
}

/** Any detector of the default configuration (exact, near, stall) raises after some message (the engine checks after each). */
const anyRaises = (turns: readonly AssistantTurnHashes[]): boolean =>
  turns.some((_, index) => {
    const seen = turns.slice(0, index + 1);
    return Boolean(detectLoop(seen, loops) ?? detectNearLoop(seen, near) ?? detectStallLoop(seen, stall));
  });

describe('loops11: compact ages masked like clock readings', () => {
  const table = (ready: string, age: string): string => `NAME           READY   UP-TO-DATE   AVAILABLE   AGE\ncheckout-api   ${ready}     3            1           ${age}`;
  const get = (ready: string, age: string): AssistantTurnHashes => call('run_command', { cmd: 'kubectl get deployment checkout-api -n shop' }, table(ready, age));

  it('masks ages and uptimes written compactly; keeps amounts, versions and delays written out', () => {
    expect(steadyOutputText('checkout-api 1/3 3 1 12m')).toBe('checkout-api 1/3 3 1 #');
    expect(steadyOutputText('up 5m12s, restarted 3h ago, 2d4h old, 47s')).toBe('up #, restarted # ago, # old, #');
    expect(steadyOutputText('budget $12m, release v1.2m, eta 20 min, pod-12m3')).toBe('budget $12m, release v1.2m, eta 20 min, pod-12m3');
  });

  it('finds a deployment polled while only its age moves; not one whose ready count moves', () => {
    expect(detectStallLoop(['12m', '13m', '14m'].map((age) => get('1/3', age)), stall)).toMatchObject({ kind: 'call', count: 3, toolName: 'run_command' });
    expect(detectStallLoop([get('1/3', '12m'), get('2/3', '13m'), get('3/3', '14m')], stall)).toBeUndefined();
  });

  // Words (none starting with a unit's letter, so none reads as `12 s` or `3 min`) and whole numbers.
  const plain = fc.stringMatching(/^[a-lo-rt-z][a-z/_.-]{0,11}$/);
  test.prop([fc.array(fc.oneof(plain, fc.integer({ min: 0, max: 99_999 }).map(String)), { minLength: 1, maxLength: 12 })])('never changes a token that is no age, clock reading or id', (tokens) => {
    const text = tokens.join(' ');
    expect(steadyOutputText(text)).toBe(text);
  });

  const age = fc
    .tuple(fc.integer({ min: 0, max: 999 }), fc.constantFrom('d', 'h', 'm', 's'), fc.array(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.constantFrom('h', 'm', 's')), { maxLength: 2 }))
    .map(([value, unit, rest]) => `${value}${unit}${rest.map(([more, smaller]) => `${more}${smaller}`).join('')}`);
  test.prop([age, age])('two tables differing only in their ages are the same outcome, whatever the ages', (first, second) => {
    expect(steadyOutputText(table('1/3', first).toLowerCase())).toBe(steadyOutputText(table('1/3', second).toLowerCase()));
  });
});

describe('loops11: a change made again only while nothing has moved', () => {
  const REPORT = '[File: /repo/src/lines.py (1400 lines total)]\n(758 more lines above)\n761:        # edited\n762:        return result\n763:\nFile updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.';
  const edit = (code: string): AssistantTurnHashes => call('edit', { command: `edit 761:761\n        result = ${code}\nend_of_edit` }, REPORT);
  const run = (error: string): AssistantTurnHashes => call('python', { command: 'python reproduce.py' }, `Traceback (most recent call last):\n  File "/repo/src/lines.py", line 761\n${error}`, { isError: true });

  it('does not take new edits of one line, each answered with the same report, for one edit made again while each run fails another way', () => {
    const errors = ["TypeError: normalize() got an unexpected keyword argument 'strict'", "AttributeError: 'NoneType' object has no attribute 'strip'", "AssertionError: expected None, got 'None'"];
    const turns = [run('ValueError: invalid docstring'), ...['normalize(value, strict=False)', 'normalize(value.strip())', 'normalize(str(value))'].flatMap((code, index) => [edit(code), run(errors[index]!)])];
    expect(anyRaises(turns)).toBe(false);
  });

  it('still finds new edits of one line answered with the same report while the run fails the same way', () => {
    const same = "TypeError: normalize() got an unexpected keyword argument 'strict'";
    const turns = [run(same), ...['normalize(value, strict=False)', 'normalize(value, strict=None)', 'normalize(value, strict=True)'].flatMap((code) => [edit(code), run(same)])];
    expect(detectStallLoop(turns, stall)).toMatchObject({ kind: 'call', near: true });
  });
});

describe('loops11: a change naming no number is made again only when worded alike', () => {
  const CHECKLIST = '# HANDOFF\n1. State the task and the definition of done.\n2. Name the input files.\n3. Name who reviews the result.\n4. Report blockers within ten minutes.';
  /** The checklist read, after a worker's report (if any). */
  const read = (user?: string): AssistantTurnHashes => call('read_file', { path: 'HANDOFF.md' }, CHECKLIST, user === undefined ? {} : { user });
  const dispatch = (worker: string, task: string): AssistantTurnHashes => call('dispatch', { worker, task }, `dispatched to ${worker}`);

  it('does not count a checklist read before each hand-off of another task to another worker', () => {
    const steps = [
      ['scraper', 'Collect the listings into listings.csv.'],
      ['analyst', 'Compute median rent by floor and size band from listings.csv.'],
      ['writer', 'Write the two-page report from stats.json.'],
      ['checker', 'Check every figure in report.md against stats.json.'],
    ] as const;
    const turns = steps.flatMap(([worker, task], index) => [read(index === 0 ? undefined : `${steps[index - 1]![0]}: done.`), dispatch(worker, task)]);
    expect(anyRaises(turns)).toBe(false);
  });

  it('still finds the checklist read again around the same hand-off sent again', () => {
    const turns = [0, 1, 2].flatMap((round) => [read(round === 0 ? undefined : 'scraper: nothing arrived.'), dispatch('scraper', 'Collect the listings into listings.csv.')]);
    expect(detectStallLoop(turns, stall)).toMatchObject({ kind: 'call', count: 3 });
  });
});

describe('loops11: the answer a user asks for again', () => {
  const DIRECTIONS = 'From Seoul Station take line 4 for 7 stops and get off at Gangnam; leave by exit 3.';

  it('reads a request to hear something again in several languages, and not a plain question', () => {
    for (const text of ['Sorry, could you say that once more?', 'Repeat that, please.', '¿Me lo repites otra vez?', 'Peux-tu répéter encore une fois ?', 'Kannst du das noch einmal sagen?', 'Nog een keer graag.', 'もう一度お願いします。', '请再说一遍。', '천천히 다시 한 번만요.', '마지막으로 한 번만 더요.']) expect(asksAgain(text)).toBe(true);
    for (const text of ['Where is exit 3?', 'Thanks, I wrote it all down.', 'Gainsborough Street 12', '고마워요, 다 적었어요.', 'Repeatedly failing builds are the issue.']) expect(asksAgain(text)).toBe(false);
  });

  it('does not count directions given word for word again each time the user asks to hear them again', () => {
    const turns = [reply(DIRECTIONS, 'How do I get from Seoul Station to Gangnam?'), reply(DIRECTIONS, 'Sorry, once more please, I am writing it down.'), reply(DIRECTIONS, 'Slowly, again please.'), reply(DIRECTIONS, 'One last time, for my grandmother.')];
    expect(anyRaises(turns)).toBe(false);
  });

  it('still finds the same directions given again unasked, a refusal repeated to "again", and an answer reworded to "check again"', () => {
    const unasked = [reply(DIRECTIONS, 'How do I get from Seoul Station to Gangnam?'), reply(DIRECTIONS, 'Which exit was it?'), reply(DIRECTIONS, 'And how many stops?')];
    expect(detectLoop(unasked, loops)).toMatchObject({ kind: 'content', count: 3 });
    const refusal = 'Unfortunately I cannot refund a basic economy ticket; it is not eligible for a refund.';
    const pushed = [reply(refusal, 'I want a refund for my ticket.'), reply(refusal, 'I am asking you again: refund it.'), reply(refusal, 'Again, please refund it!')];
    expect(detectLoop(pushed, loops)).toMatchObject({ kind: 'content', count: 3 });
    const reworded = [
      reply('You are a silver member; with economy you can take 4 free checked bags.', 'How many bags can I take? I think I am gold.'),
      reply('As a silver member in economy you are entitled to 4 free checked bags.', 'Could you check again whether I am gold?'),
      reply('You are confirmed as a silver member, so 4 free checked bags in economy.', 'Please check again, I am sure I am gold.'),
    ];
    expect(anyRaises(reworded)).toBe(true);
    expect(answersAskAgain(reworded[1]!, reworded[0]!.contentHash)).toBe(false);
  });

  const texts = fc.constantFrom(DIRECTIONS, 'Take bus 41 to the museum.', 'Unfortunately I cannot change that booking.', 'It leaves at 15:40 from gate 12.');
  const users = fc.option(fc.constantFrom('Once more, please.', 'Where is it?', 'Again?', 'Thanks.', 'Could you check again?'), { nil: undefined });
  test.prop([fc.array(fc.tuple(texts, users), { minLength: 1, maxLength: 10 })])('the same turns give the same answer, and fewer than 3 of one reply never raise', (script) => {
    const turns = script.map(([text, user]) => reply(text, user));
    expect(detectLoop(turns, loops)).toEqual(detectLoop(turns, loops));
    expect(detectNearLoop(turns, near)).toEqual(detectNearLoop(turns, near));
    expect(detectStallLoop(turns, stall)).toEqual(detectStallLoop(turns, stall));
    const counts = new Map<string, number>();
    for (const [text] of script) counts.set(text, (counts.get(text) ?? 0) + 1);
    if ([...counts.values()].every((count) => count < 3)) expect(detectLoop(turns, loops)).toBeUndefined();
  });
});

describe('loops11: the exact and near detectors read the repeats the user asked for', () => {
  const FLAKY = 'FAILED tests/test_cache.py::test_expiry - AssertionError: assert 2 == 3\n1 failed, 41 passed';
  const rerun = (user?: string): AssistantTurnHashes => call('shell', { command: 'pytest tests/test_cache.py' }, FLAKY, { isError: true, ...(user === undefined ? {} : { user }) });

  it('does not count the identical run the user asked for three times, and counts the fourth', () => {
    const asked = [rerun('The cache test is flaky: run it 3 times and tell me how often it fails.'), rerun(), rerun()];
    expect(detectLoop(asked, loops)).toBeUndefined();
    expect(detectNearLoop(asked, near)).toBeUndefined();
    expect(detectLoop([...asked, rerun()], loops)).toMatchObject({ kind: 'call', count: 4 });
    expect(detectNearLoop([...asked, rerun()], near)).toMatchObject({ kind: 'call', count: 4 });
  });

  it('still finds the identical run made three times unasked', () => {
    const unasked = [rerun('The cache test fails; please fix it.'), rerun(), rerun()];
    expect(detectLoop(unasked, loops)).toMatchObject({ kind: 'call', count: 3 });
    expect(detectNearLoop(unasked, near)).toMatchObject({ kind: 'call', count: 3 });
  });
});
