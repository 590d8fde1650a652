import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { DeadEndTracker } from './dead-end-tracker.js';
import { createLexicalVectoriser } from '../text/index.js';
import type { CairnMessage } from '../log/index.js';

const TRANSIENT = ['503 Service Unavailable', 'HTTP/1.1 429 Too Many Requests', 'Error: read ECONNRESET', 'request timed out after 30s', 'Error: socket hang up'];
const PERMANENT = ['cat: a.txt: No such file or directory', 'Permission denied', "TypeError: 'NoneType' object is not iterable", 'HTTP 404 Not Found', "error: unknown option `--forse'"];
const UNKNOWN = ['deploy step 4 returned 17', 'the job ended in state X', 'result: NOPE', 'exit code 9'];
const call = { name: 'bash', arguments: { command: './job.sh --all' } };

function tracker(unknownFailureBlockAfter?: number): DeadEndTracker {
  return new DeadEndTracker({ sessionId: 'p', now: () => 0, vectorise: createLexicalVectoriser().vector, ...(unknownFailureBlockAfter === undefined ? {} : { unknownFailureBlockAfter }) });
}
/** One failed attempt of the call (a flagged tool error), with a fresh call id. */
function fail(target: DeadEndTracker, output: string, index: number): void {
  const id = `c${index}`;
  const messages: CairnMessage[] = [
    { id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id, name: call.name, arguments: call.arguments }] },
    { id: `t${index}`, role: 'tool', toolCallId: id, content: output, isError: true },
  ];
  for (const message of messages) target.observe(message);
}

describe('three failure classes (properties)', () => {
  propertyTest.prop([fc.array(fc.constantFrom(...TRANSIENT), { minLength: 1, maxLength: 25 })])('a transient failure is never blocked, however many times it is repeated', (outputs) => {
    const guard = tracker();
    outputs.forEach((output, index) => {
      fail(guard, output, index);
      expect(guard.check(call).verdict).toBe('allow');
    });
  });

  propertyTest.prop([fc.constantFrom(...PERMANENT), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 6 })])(
    'a permanent failure repeated with nothing changed is always blocked (from its second failure, whatever N is)',
    (output, times, blockAfter) => {
      const guard = tracker(blockAfter);
      for (let index = 0; index < times; index++) fail(guard, output, index);
      expect(guard.check(call)).toMatchObject({ verdict: 'block', failureClass: 'permanent' });
    },
  );

  propertyTest.prop([fc.constantFrom(...UNKNOWN), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2, max: 6 })])(
    'an unknown failure is never blocked on its first repeat; blocked exactly once it failed identically N times',
    (output, times, blockAfter) => {
      const guard = tracker(blockAfter);
      for (let index = 0; index < times; index++) fail(guard, output, index);
      const verdict = guard.check(call);
      expect(verdict.failureClass).toBe('unknown');
      expect(verdict.verdict).toBe(times >= blockAfter ? 'block' : 'warn');
      if (times === 1) expect(verdict.reason).toContain(output);
    },
  );

  propertyTest.prop([fc.array(fc.constantFrom(...TRANSIENT, ...PERMANENT, ...UNKNOWN), { minLength: 1, maxLength: 20 })])(
    'mixed failures: the verdict follows the latest failure; a transient latest failure is never flagged, an unknown one never blocked before N identical failures',
    (outputs) => {
      const guard = tracker();
      outputs.forEach((output, index) => {
        fail(guard, output, index);
        const verdict = guard.check(call).verdict;
        if (TRANSIENT.includes(output)) expect(verdict).toBe('allow');
        else expect(verdict).not.toBe('allow');
        if (UNKNOWN.includes(output)) {
          // Identical failures in a row, ending with this one.
          let streak = 1;
          while (index - streak >= 0 && outputs[index - streak] === output) streak++;
          if (streak < 3) expect(verdict).toBe('warn');
          else expect(verdict).toBe('block');
        }
      });
    },
  );
});
