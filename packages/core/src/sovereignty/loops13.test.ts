import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { JitteredChanges, NUMERIC_JITTER, jittered } from './jittered-changes.js';
import { movesOnlyCounters, risesByOne } from './steady-output.js';

const loops = { window: 8, repeats: 3 };
const stall = { ...loops, ...DEFAULT_STALL_SETTINGS };
const near = { ...loops, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

/** An assistant message with one tool call and its result. */
function call(name: string, args: Record<string, unknown>, result: string): AssistantTurnHashes {
  const id = `m${next++}`;
  return hashAssistantTurn({ id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] }, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true });
}

/** Any detector of the default configuration (exact, near, stall) raises after some message (the engine checks after each). */
const anyRaises = (turns: readonly AssistantTurnHashes[]): boolean =>
  turns.some((_, index) => {
    const seen = turns.slice(0, index + 1);
    return Boolean(detectLoop(seen, loops) ?? detectNearLoop(seen, near) ?? detectStallLoop(seen, stall));
  });

describe('loops13: a change whose argument numbers only jitter, answered alike, is made again', () => {
  const empty = '{"sheet": "scan-12", "cells": [], "note": "the region holds no recognised characters; the image has no text layer to read"}';
  const crop = (box: readonly number[], result = empty): AssistantTurnHashes => call('crop_region', { sheet: 'scan-12', box }, result);

  it('finds a box nudged by a point or two, each time answered with the same long report', () => {
    const turns = [crop([40, 198, 516, 370]), crop([39, 200, 517, 370]), crop([40, 199, 518, 372])];
    expect(turns.every((turn) => turn.calls[0]!.changed)).toBe(true);
    expect(detectStallLoop(turns, stall)).toMatchObject({ kind: 'call', count: 3, toolName: 'crop_region' });
  });

  it('does not count boxes moved to other regions, nor a nudged box homing in on its target', () => {
    expect(anyRaises([crop([40, 198, 516, 370]), crop([40, 420, 516, 600]), crop([300, 198, 560, 370])]), 'other regions').toBe(false);
    const found = (cells: number): string => `{"sheet": "scan-12", "cells": ${cells}, "note": "the region holds ${cells} recognised cells of the table; the rest lies outside the box"}`;
    expect(anyRaises([crop([40, 198, 516, 370], found(4)), crop([39, 200, 517, 370], found(7)), crop([40, 199, 518, 372], found(9))]), 'homing in').toBe(false);
  });

  const numbers = fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 1, maxLength: 8 });
  test.prop([numbers, fc.array(fc.constantFrom(-1, 0, 1), { minLength: 8, maxLength: 8 })])('moves of one are jitter; equal lists and lists of another length are not', (before, moves) => {
    const now = before.map((value, index) => value + moves[index]!);
    expect(jittered(before, now)).toBe(now.some((value, index) => value !== before[index]));
    expect(jittered(now, before)).toBe(jittered(before, now));
    expect(jittered(before, before)).toBe(false);
    expect(jittered(before, [...now, 1])).toBe(false);
  });

  test.prop([numbers, fc.nat({ max: 7 })])('a number moved past the tolerance is never jitter', (before, at) => {
    const index = at % before.length;
    const value = before[index]!;
    const now = before.map((other, position) => (position === index ? other + Math.ceil(Math.max(1, NUMERIC_JITTER * (Math.abs(value) + 1_000))) + 1 + 1_000 : other));
    expect(jittered(before, now)).toBe(false);
  });

  test.prop([fc.array(fc.constantFrom(-1, 0, 1), { minLength: 1, maxLength: 10 })])('a chain of nudges answered alike keeps the first key', (steps) => {
    const changes = new JitteredChanges();
    const [first] = crop([40, 198, 516, 370]).calls;
    expect(changes.key(first!, 'same', 'first')).toBe('first');
    let box = [40, 198, 516, 370];
    steps.forEach((step, index) => {
      const moved = box.map((value, position) => (position === index % box.length ? value + step : value));
      const [nudged] = crop(moved).calls;
      expect(changes.key(nudged!, 'same', `own${index}`)).toBe('first');
      box = moved;
    });
    const [last] = crop(box).calls;
    expect(changes.key(last!, 'another outcome', 'else')).toBe('else');
  });
});

describe('loops13: a read differing from the last round only in the handle the change handed out', () => {
  /** A round: the job restarted (a new run number each time), then its log read, naming that run. */
  const round = (run: number, error = 'Error: secret DEPLOY_KEY is not available to jobs on unprotected branches'): AssistantTurnHashes[] => [
    call('restart_job', { pipeline: 4410, job: 'ship' }, `{"pipeline": 4410, "job": "ship", "run": ${run}, "status": "failed"}`),
    call('read_job_log', { pipeline: 4410, job: 'ship' }, `run ${run}\n$ ./ship.sh\n${error}\nexit code 1`),
  ];

  it('finds rounds whose log reports the same refusal under each new run number', () => {
    const turns = [...round(8864614), ...round(6989685), ...round(2969869)];
    expect(turns[0]!.calls[0]!.changed && !turns[1]!.calls[0]!.changed).toBe(true);
    expect(detectStallLoop(turns, stall)).toMatchObject({ kind: 'call', toolName: 'read_job_log' });
  });

  it('does not count rounds whose log changes, nor a log whose other number moves', () => {
    const errors = ['Error: secret DEPLOY_KEY is not available', 'Error: image push denied: quota exceeded', 'Error: smoke test timed out'];
    expect(anyRaises([...round(8864614, errors[0]), ...round(6989685, errors[1]), ...round(2969869, errors[2])]), 'changing log').toBe(false);
    expect(anyRaises([...round(8864614, 'Error: 12 tests failed'), ...round(6989685, 'Error: 7 tests failed'), ...round(2969869, 'Error: 3 tests failed')]), 'failures falling').toBe(false);
  });

  const values = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 10 });
  test.prop([values, values])('with no handles it is risesByOne; a number moved to a handle is no news', (before, now) => {
    expect(movesOnlyCounters(before, now, new Set())).toBe(risesByOne(before, now));
    const handles = new Set(now);
    expect(movesOnlyCounters(before, now, handles)).toBe(before.length === now.length && now.some((value, index) => value !== before[index]));
  });

  test.prop([values, fc.nat({ max: 9 })])('a number moved to a value neither one more nor a handle is news', (before, at) => {
    const index = at % before.length;
    const now = before.map((value, position) => (position === index ? value + 2 : value));
    expect(movesOnlyCounters(before, now, new Set([before[index]! + 1]))).toBe(false);
  });
});

describe('loops13: a reply echoing a push to do it again takes up no new request', () => {
  /** An assistant reply, after what the user said. */
  const reply = (text: string, user: string): AssistantTurnHashes => {
    const id = `m${next++}`;
    return hashAssistantTurn({ id, role: 'assistant', content: text }, [], { terms: true, prompt: [{ id: `${id}u`, role: 'user', content: user }] });
  };
  const opening = [
    call('list_orders', { customer: 'C-5521' }, '{"customer": "C-5521", "orders": [{"order": "O-118", "refunds": 1}, {"order": "O-131", "refunds": 0}]}'),
    reply('I have looked through all your orders, and none of them was refunded twice, so I cannot refund O-118 again.', 'I was refunded twice for O-118 and want to keep only one, please confirm.'),
    reply('I understand. I have gone over your orders again: none of them was refunded twice.', 'That cannot be right. I saw two refunds on my card statement. Can you double-check?'),
  ];

  it('finds the refusal restated while its words echo "check once more"', () => {
    expect(anyRaises([...opening, reply('Checking your orders once more: every one of them was refunded at most once.', 'Please check my orders one more time, I am sure!')])).toBe(true);
  });

  it('does not count a reply that takes up a new request made without "again"', () => {
    expect(anyRaises([...opening, reply('Looking at the card statement lines you mention: the bank shows one refund of O-118, on March 4.', 'Look at my card statement lines from March 4 and March 9 instead.')])).toBe(false);
  });
});
