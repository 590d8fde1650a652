import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DeadEndTracker } from './dead-end-tracker.js';
import { CairnError } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_MAX_DEAD_ENDS, EXPERIENCES_PER_DEAD_END, MAX_DEAD_END_SOURCE_IDS } from './bound-registry.js';

/** One step of a long session: a tool call that fails or succeeds, an explicit dead end, or an outcome. */
type Step =
  | { kind: 'call'; tool: number; arg: number; fails: boolean; transient: boolean }
  | { kind: 'register'; arg: number }
  | { kind: 'outcome'; pick: number; hit: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('call' as const), tool: fc.integer({ min: 0, max: 3 }), arg: fc.integer({ min: 0, max: 60 }), fails: fc.boolean(), transient: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('register' as const), arg: fc.integer({ min: 0, max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('outcome' as const), pick: fc.nat(), hit: fc.boolean() }) },
);
const TOOLS = ['run', 'search_file', 'edit', 'book_flight'];

/** Feeds the same steps to each tracker (same message ids, same clock). */
function play(trackers: readonly DeadEndTracker[], steps: readonly Step[], clock: { now: number }, after?: () => void): void {
  steps.forEach((each, index) => {
    clock.now += 1000;
    if (each.kind === 'call') {
      const id = `c${index}`;
      const args = { command: `${TOOLS[each.tool]} target_${each.arg}.py` };
      const result = each.fails ? (each.transient ? '503 Service Unavailable: try again later' : `Error: target_${each.arg}.py failed with exit code 1`) : 'ok';
      const messages: CairnMessage[] = [
        { id: `a-${id}`, role: 'assistant', content: '', toolCalls: [{ id, name: TOOLS[each.tool]!, arguments: args }] },
        { id: `t-${id}`, role: 'tool', toolCallId: id, content: result, ...(each.fails ? { isError: true } : {}) },
      ];
      for (const tracker of trackers) for (const message of messages) tracker.observe(message);
    } else if (each.kind === 'register') {
      for (const tracker of trackers) tracker.register({ trace: { approach: `migrate the schema with plan ${each.arg}` }, reason: 'the user said it breaks production' });
    } else {
      // The same dead end in each tracker (by what was tried), only while every tracker holds it
      // (an evicted dead end is forgotten: an outcome for it is refused with UNKNOWN_MESSAGE).
      const listed = trackers[0]!.list();
      if (listed.length === 0) return;
      const approach = listed[each.pick % listed.length]!.trace.approach;
      const targets = trackers.map((tracker) => tracker.list().find((candidate) => candidate.trace.approach === approach));
      if (targets.some((target) => target === undefined)) return;
      trackers.forEach((tracker, at) => tracker.recordOutcome(targets[at]!.id, each.hit ? 'hit' : 'miss', 0.5));
    }
    after?.();
  });
}

// One semantic space for every tracker of a test, as in an engine (the log's vectoriser).
const vectorise = createLexicalVectoriser().vector;
const make = (clock: { now: number }, maxDeadEnds?: number): DeadEndTracker =>
  new DeadEndTracker({ sessionId: 's1', now: () => clock.now, vectorise, ...(maxDeadEnds === undefined ? {} : { maxDeadEnds }) });

describe('the dead-end registry is bounded', () => {
  propertyTest.prop([fc.array(step, { minLength: 50, maxLength: 400 }), fc.integer({ min: 1, max: 24 })], { numRuns: 40 })(
    'over long sessions: size ≤ maxDeadEnds, experiences and source ids bounded; a live dead end goes only when no stale or transient one is left',
    (steps, max) => {
      const clock = { now: 0 };
      const bounded = make(clock, max);
      let previousLive = new Set<string>();
      let previousIds = new Set<string>();
      play([bounded], steps, clock, () => {
        const listed = bounded.list();
        expect(listed.length).toBeLessThanOrEqual(max);
        expect(bounded.experiences().length).toBeLessThanOrEqual(EXPERIENCES_PER_DEAD_END * max);
        for (const deadEnd of listed) expect(deadEnd.sourceIds.length).toBeLessThanOrEqual(MAX_DEAD_END_SOURCE_IDS);
        // A live dead end that disappeared was evicted while every other entry was live and not transient.
        const ids = new Set(listed.map((deadEnd) => deadEnd.id));
        // (Only a new dead end evicts, and the step that learns it changes no other one.)
        const lost = [...previousLive].filter((id) => !ids.has(id));
        if (lost.length > 0) for (const deadEnd of listed) if (previousIds.has(deadEnd.id)) expect(deadEnd.stale !== true && deadEnd.transient !== true).toBe(true);
        previousLive = new Set(listed.filter((deadEnd) => deadEnd.stale !== true && deadEnd.transient !== true).map((deadEnd) => deadEnd.id));
        previousIds = ids;
      });
    },
  );

  propertyTest.prop([fc.array(step, { minLength: 30, maxLength: 150 }), fc.integer({ min: 4, max: 24 })], { numRuns: 15, endOnFailure: true })(
    'until the unbounded registry holds more than maxDeadEnds dead ends the guard may flag, the bounded guard flags every call the unbounded one flags',
    (steps, max) => {
      const clock = { now: 0 };
      const bounded = make(clock, max);
      const unbounded = make(clock, 1_000_000);
      let overflowed = false;
      play([bounded, unbounded], steps, clock, () => {
        // Dead ends the guard may still flag: live ones and stale ones by a state change (a warn).
        const flaggable = unbounded.list().filter((deadEnd) => deadEnd.transient !== true && (deadEnd.stale !== true || deadEnd.changedSince !== undefined));
        // Once more than that were flaggable the bounded one had to forget one; compare up to then.
        if (flaggable.length > max) overflowed = true;
        if (overflowed) return;
        for (const tool of TOOLS) {
          for (let arg = 0; arg <= 60; arg += 3) {
            const call = { name: tool, arguments: { command: `${tool} target_${arg}.py` } };
            if (unbounded.check(call).verdict !== 'allow') expect(bounded.check(call).verdict).not.toBe('allow');
          }
        }
      });
    },
  );

  propertyTest.prop([fc.array(step, { minLength: 20, maxLength: 200 }), fc.integer({ min: 1, max: 12 })], { numRuns: 30 })(
    'snapshot → restore keeps the bounded registry as it was, and it stays bounded after',
    (steps, max) => {
      const clock = { now: 0 };
      const tracker = make(clock, max);
      play([tracker], steps, clock);
      const restored = DeadEndTracker.fromJSON(JSON.parse(JSON.stringify(tracker.toJSON())), { sessionId: 's1', now: () => clock.now, vectorise, maxDeadEnds: max });
      expect(JSON.parse(JSON.stringify(restored.toJSON()))).toEqual(JSON.parse(JSON.stringify(tracker.toJSON())));
      play([tracker, restored], steps, clock);
      expect(JSON.parse(JSON.stringify(restored.toJSON()))).toEqual(JSON.parse(JSON.stringify(tracker.toJSON())));
      expect(restored.list().length).toBeLessThanOrEqual(max);
    },
  );
});

describe('maxDeadEnds', () => {
  test(`defaults to ${DEFAULT_MAX_DEAD_ENDS}; a snapshot from a larger registry restores within a smaller bound, stale ones going first`, () => {
    const clock = { now: 0 };
    const tracker = make(clock);
    const calls: CairnMessage[] = [];
    for (let index = 0; index < DEFAULT_MAX_DEAD_ENDS + 30; index++) {
      clock.now += 1;
      const id = `c${index}`;
      calls.push({ id: `a-${id}`, role: 'assistant', content: '', toolCalls: [{ id, name: 'lookup', arguments: { key: `k${index}` } }] });
      calls.push({ id: `t-${id}`, role: 'tool', toolCallId: id, content: `Error: no record k${index}`, isError: true });
    }
    for (const message of calls) tracker.observe(message);
    expect(tracker.list()).toHaveLength(DEFAULT_MAX_DEAD_ENDS);
    // The oldest failures went; the newest stay.
    expect(tracker.list().some((deadEnd) => deadEnd.trace.approach.includes('k0'))).toBe(false);
    expect(tracker.check({ name: 'lookup', arguments: { key: `k${DEFAULT_MAX_DEAD_ENDS + 29}` } }).verdict).toBe('warn');
    // The newest one succeeds (stale); a restore into 10 keeps 10 live ones, dropping the stale one first.
    tracker.observe({ id: 'a-ok', role: 'assistant', content: '', toolCalls: [{ id: 'ok', name: 'lookup', arguments: { key: `k${DEFAULT_MAX_DEAD_ENDS + 29}` } }] });
    tracker.observe({ id: 't-ok', role: 'tool', toolCallId: 'ok', content: 'found' });
    const restored = DeadEndTracker.fromJSON(tracker.toJSON(), { sessionId: 's1', now: () => clock.now, vectorise, maxDeadEnds: 10 });
    expect(restored.list()).toHaveLength(10);
    expect(restored.list().every((deadEnd) => deadEnd.stale !== true)).toBe(true);
    expect(restored.list().map((deadEnd) => deadEnd.id)).toContain(`de-${DEFAULT_MAX_DEAD_ENDS + 29}`);
  });

  test('rejects a bound that is not a whole number from 1', () => {
    for (const maxDeadEnds of [0, -1, 1.5, Number.NaN]) {
      expect(() => make({ now: 0 }, maxDeadEnds)).toThrow(CairnError);
    }
  });
});
