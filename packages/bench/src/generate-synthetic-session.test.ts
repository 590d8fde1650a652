import type { CairnMessage } from '@cairn/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { findToolPairingProblems } from './find-tool-pairing-problems.js';
import { generateSyntheticSession } from './generate-synthetic-session.js';
import type { SyntheticSession, SyntheticSessionKind } from './synthetic-session-types.js';

const KINDS: readonly SyntheticSessionKind[] = ['coding', 'support', 'mixed'];
const text = (message: CairnMessage): string => (typeof message.content === 'string' ? message.content : message.content.map((part) => part.text).join(''));

/** Asserts every invariant the generator promises. */
const checkInvariants = (session: SyntheticSession, target: number): void => {
  const { messages, probes, facts } = session;
  const indexById = new Map(messages.map((message, index) => [message.id, index]));
  expect(indexById.size).toBe(messages.length);
  expect(findToolPairingProblems(messages)).toEqual([]);
  expect(messages.length).toBeGreaterThanOrEqual(Math.floor(target * 0.9));
  expect(messages.length).toBeLessThanOrEqual(Math.ceil(target * 1.1));
  expect(messages[0]?.role).toBe('system');
  expect(new Set(probes.map((probe) => probe.id)).size).toBe(probes.length);
  for (const probe of probes) {
    expect(probe.evidence.length).toBeGreaterThan(0);
    expect(probe.atMessageIndex).toBeLessThanOrEqual(messages.length);
    expect(messages[probe.atMessageIndex]?.role).not.toBe('tool');
    for (const id of probe.evidence) {
      expect(indexById.has(id)).toBe(true);
      expect(indexById.get(id)!).toBeLessThan(probe.atMessageIndex);
    }
    expect(probe.evidence.some((id) => text(messages[indexById.get(id)!]!).includes(probe.answer))).toBe(true);
  }
  for (const fact of facts) {
    const message = messages[indexById.get(fact.messageId)!];
    expect(message).toBeDefined();
    expect(text(message!)).toContain(fact.text);
    for (const anchor of fact.anchors) expect(fact.text).toContain(anchor);
  }
  messages.forEach((message, index) => expect(message.timestamp).toBe(1_700_000_000_000 + index * 30_000));
};

describe('generateSyntheticSession', () => {
  it.each(KINDS)('builds a valid default-size %s session', (kind) => {
    const session = generateSyntheticSession({ seed: 1, kind });
    checkInvariants(session, 600);
    expect(session.id).toBe(`synthetic-${kind}-s1-n600`);
    expect(session.messages[0]?.id).toBe('s1-m0001');
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 200, max: 2000 }), fc.constantFrom(...KINDS)], { numRuns: 30 })(
    'keeps its invariants over seeds, sizes and kinds',
    (seed, target, kind) => {
      checkInvariants(generateSyntheticSession({ seed, messages: target, kind }), target);
    },
  );

  test.prop([fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(...KINDS)], { numRuns: 10 })('is deterministic per seed', (seed, kind) => {
    expect(generateSyntheticSession({ seed, messages: 300, kind })).toEqual(generateSyntheticSession({ seed, messages: 300, kind }));
  });

  it('differs between seeds beyond the ids', () => {
    const strip = (session: SyntheticSession): string[] => session.messages.map(text);
    expect(strip(generateSyntheticSession({ seed: 1 }))).not.toEqual(strip(generateSyntheticSession({ seed: 2 })));
    expect(generateSyntheticSession({ seed: 1 }).facts.map((fact) => fact.anchors)).not.toEqual(generateSyntheticSession({ seed: 2 }).facts.map((fact) => fact.anchors));
  });

  it('has the shape of a long agent session', () => {
    const { messages, probes, facts } = generateSyntheticSession({ seed: 42 });
    const assistantsWithCalls = messages.filter((message) => (message.toolCalls?.length ?? 0) > 0);
    const results = messages.filter((message) => message.role === 'tool');
    expect(assistantsWithCalls.some((message) => message.toolCalls!.length >= 2)).toBe(true);
    expect(results.filter((message) => message.isError === true).length).toBeGreaterThanOrEqual(4);
    expect(results.some((message) => text(message).length >= 1000)).toBe(true);
    expect(results.every((message) => text(message).length <= 8000)).toBe(true);
    expect(messages.filter((message) => message.role === 'user').length).toBeGreaterThan(20);
    expect(new Set(probes.map((probe) => probe.kind))).toEqual(new Set(['fact', 'constraint', 'dead-end']));
    expect(facts.map((fact) => fact.id)).toEqual(expect.arrayContaining(['customer-id', 'booking-code', 'file-path', 'approver', 'monthly-budget', 'no-prod-migrations', 'forbidden-library']));
    // facts are planted early, probes asked late
    const lastFactIndex = Math.max(...facts.map((fact) => messages.findIndex((message) => message.id === fact.messageId)));
    expect(lastFactIndex).toBeLessThan(messages.length * 0.1);
    for (const probe of probes) expect(probe.atMessageIndex).toBeGreaterThanOrEqual(messages.length * 0.75);
  });

  it('repeats failed calls verbatim and the repeats fail again', () => {
    for (const kind of KINDS) {
      const { messages } = generateSyntheticSession({ seed: 9, kind });
      const resultByCallId = new Map(messages.filter((message) => message.role === 'tool').map((message) => [message.toolCallId, message]));
      const failedCalls = new Set<string>();
      let repeatedFailures = 0;
      for (const message of messages) {
        for (const call of message.toolCalls ?? []) {
          const key = `${call.name} ${JSON.stringify(call.arguments)}`;
          const failed = resultByCallId.get(call.id)?.isError === true;
          if (failedCalls.has(key) && failed) repeatedFailures += 1;
          if (failed) failedCalls.add(key);
        }
      }
      expect(repeatedFailures).toBeGreaterThanOrEqual(2);
    }
  });

  it('has dead-end probes whose evidence is failed results of one call', () => {
    const { messages, probes } = generateSyntheticSession({ seed: 3, kind: 'coding' });
    const byId = new Map(messages.map((message) => [message.id, message]));
    const deadEnds = probes.filter((probe) => probe.kind === 'dead-end');
    expect(deadEnds.length).toBe(2);
    for (const probe of deadEnds) {
      expect(probe.evidence.length).toBeGreaterThanOrEqual(2);
      for (const id of probe.evidence) {
        expect(byId.get(id)?.isError).toBe(true);
        expect(text(byId.get(id)!)).toContain(probe.answer);
      }
    }
  });

  it('rejects invalid options', () => {
    expect(() => generateSyntheticSession({ seed: 1, messages: 199 })).toThrow(/messages/);
    expect(() => generateSyntheticSession({ seed: 1, messages: 2001 })).toThrow(RangeError);
    expect(() => generateSyntheticSession({ seed: 1.5 })).toThrow(/seed/);
    expect(() => generateSyntheticSession({ seed: 1, kind: 'chat' as SyntheticSessionKind })).toThrow(/Unrecognized kind/);
  });
});
