import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
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
});
