import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createCharTokenCounter, SessionLog, type CairnMessage } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import { arbitrarySessionSpec, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { renderPlaceholderRunParts } from './render-unit.js';
import { referencePlaceholderRunParts } from './test-support/reference-placeholder-run.js';

/** Renames each tool call (and its result) to one of `tools` names, so runs meet more tools than the tally keeps in arrays. */
function renamed(messages: readonly CairnMessage[], tools: number, seed: number): CairnMessage[] {
  const names = new Map<string, string>();
  let next = seed;
  return messages.map((message) => {
    if (message.toolCalls) {
      return {
        ...message,
        toolCalls: message.toolCalls.map((call) => {
          next = (Math.imul(next, 1103515245) + 12345) >>> 0;
          const name = `tool_${(next >>> 8) % tools}`;
          names.set(call.id, name);
          return { ...call, name };
        }),
      };
    }
    if (message.role === 'tool' && message.toolCallId !== undefined && names.has(message.toolCallId)) return { ...message, name: names.get(message.toolCallId)! };
    return message;
  });
}

describe('renderPlaceholderRunParts: a merged run is the message the map-and-push version built', () => {
  test.prop(
    [arbitrarySessionSpec({ minTurns: 2, maxTurns: 80, maxWords: 12, deferResults: true, dropResults: true }), fc.integer({ min: 1, max: 60 }), fc.nat(), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 8 }), fc.boolean()],
    { numRuns: 200 },
  )('the same content, ids, role and pieces for every run of two or more units, with few or many distinct tools, with and without page ids, before and after more messages are appended', (spec, tools, seed, runs, pageIds) => {
    const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
    const messages = renamed(sessionFromSpec(spec), tools, seed);
    const context = { log, counter: createCharTokenCounter(), compressionRatio: 0.3, summaries: new Map<string, string>(), ...(pageIds ? { pageId: (unit: number) => `p${unit >> 2}` } : {}) };
    // Rendered after a first batch and again after the rest (the ids read so far are extended).
    const cut = seed % (messages.length + 1);
    for (const batch of [messages.slice(0, cut), messages.slice(cut)]) {
      log.append(batch);
      if (log.units.length < 2) continue;
      // The whole log as one run too (the most tools a run can meet).
      for (const [a, b] of [...runs, [0, log.units.length]]) {
        const first = a! % (log.units.length - 1);
        const last = first + 1 + (b! % (log.units.length - first - 1));
        const units = log.units.slice(first, last + 1);
        const actual = renderPlaceholderRunParts(units, context, []);
        const expected = referencePlaceholderRunParts(units, context);
        expect(actual.message).toEqual(expected.message);
        expect([...actual.message.sourceIds]).toEqual([...expected.message.sourceIds]);
        expect(actual.parts).toEqual(expected.parts);
      }
    }
  });

  test.prop([fc.array(fc.record({ tool: fc.nat({ max: 59 }), calls: fc.integer({ min: 1, max: 3 }), isError: fc.boolean(), answered: fc.boolean(), user: fc.boolean() }), { minLength: 20, maxLength: 120 }), fc.boolean(), fc.nat()], { numRuns: 100 })(
    'long runs of tool exchanges that call up to sixty different tools, all answered or some not, appended in two batches: the same message as the map-and-push version',
    (turns, allAnswered, cutAt) => {
      const messages: CairnMessage[] = [{ id: 's', role: 'system', content: 'agent' }];
      turns.forEach((turn, index) => {
        if (turn.user) messages.push({ id: `u${index}`, role: 'user', content: `question ${index}` });
        const calls = Array.from({ length: turn.calls }, (_, call) => ({ id: `c${index}-${call}`, name: `tool_${(turn.tool * (call + 1)) % 60}`, arguments: { n: call } }));
        messages.push({ id: `a${index}`, role: 'assistant', content: '', toolCalls: calls });
        for (const call of turn.answered || allAnswered ? calls : calls.slice(1)) messages.push({ id: `r${call.id}`, role: 'tool', toolCallId: call.id, name: call.name, content: `result ${call.id}`, ...(turn.isError ? { isError: true } : {}) });
      });
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      const context = { log, counter: createCharTokenCounter(), compressionRatio: 0.3, summaries: new Map<string, string>() };
      const cut = cutAt % (messages.length + 1);
      for (const batch of [messages.slice(0, cut), messages.slice(cut)]) {
        log.append(batch);
        for (let first = 0; first < log.units.length - 1; first += 7) {
          for (const last of [first + 1, Math.floor((first + log.units.length) / 2), log.units.length - 1]) {
            if (last <= first) continue;
            const units = log.units.slice(first, last + 1);
            const actual = renderPlaceholderRunParts(units, context, []);
            const expected = referencePlaceholderRunParts(units, context);
            expect(actual.message).toEqual(expected.message);
            expect(actual.parts).toEqual(expected.parts);
          }
        }
      }
    },
  );
});
