import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import type { BenchmarkSession } from '../runner/benchmark-types.js';
import { buildLocomoHaystack, createLocomoHaystackDataset, type HaystackOrigin } from './build-locomo-haystack.js';

const DAY = 86_400_000;
const NAMES = [
  ['Caroline', 'Melanie'],
  ['Jon', 'Gina'],
  ['John', 'Maria'],
  ['Tim', 'John'],
  ['Deborah', 'Jolene'],
] as const;
const WORDS = ['hey', 'pottery', 'camping', 'yesterday', 'dance', 'studio', 'painting', 'kids'];

/** A LoCoMo-like conversation: sessions of alternating speakers who mention each other. */
const conversationArbitrary = (id: string, names: readonly [string, string]) =>
  fc
    .record({
      sessions: fc.array(fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.boolean()), { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
      start: fc.integer({ min: 19_000, max: 19_500 }),
      gaps: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 5, maxLength: 5 }),
      evidence: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }),
    })
    .map(({ sessions, start, gaps, evidence }): BenchmarkSession => {
      let day = start;
      const messages: CairnMessage[] = sessions.flatMap((turns, session) => {
        if (session > 0) day += gaps[session - 1]!;
        return turns.map(([word, mention], turn): CairnMessage => {
          const speaker = turn % 2;
          return {
            id: `D${session + 1}:${turn + 1}`,
            role: speaker === 0 ? 'user' : 'assistant',
            name: names[speaker],
            content: mention ? `${word}, ${names[1 - speaker]}!` : word,
            timestamp: day * DAY + 13 * 3_600_000,
            metadata: { session: session + 1 },
          };
        });
      });
      const probes = evidence.map(([a, b], index) => ({ id: `${id}#${index}`, question: 'when?', answer: 'then', evidence: [messages[a % messages.length]!.id, messages[b % messages.length]!.id], atMessageIndex: messages.length }));
      return { id, messages, probes, replay: 'conversation' };
    });

const setArbitrary = fc
  .integer({ min: 2, max: 4 })
  .chain((count) => fc.tuple(...NAMES.slice(0, count).map((names, index) => conversationArbitrary(`conv-${index + 1}`, names))))
  .map((set): [BenchmarkSession, ...BenchmarkSession[]] => [set[0]!, ...set.slice(1)]);

const sessionsOf = (messages: readonly CairnMessage[], key: (message: CairnMessage) => string): Map<string, string[]> => {
  const groups = new Map<string, string[]>();
  for (const message of messages) groups.set(key(message), [...(groups.get(key(message)) ?? []), message.id]);
  return groups;
};
const origin = (message: CairnMessage) => message.metadata?.haystack as HaystackOrigin | undefined;

describe('buildLocomoHaystack', () => {
  test.prop([setArbitrary, fc.integer()])('holds every message once, the target verbatim, every session contiguous and in order', ([target, ...distractors], seed) => {
    const haystack = buildLocomoHaystack(target, distractors, { seed });
    expect(haystack.messages).toHaveLength([target, ...distractors].reduce((sum, conversation) => sum + conversation.messages.length, 0));
    expect(new Set(haystack.messages.map((message) => message.id)).size).toBe(haystack.messages.length);
    expect(haystack.messages.filter((message) => origin(message) === undefined)).toEqual(target.messages);
    const key = (message: CairnMessage) => `${origin(message)?.conversation ?? target.id}#${String(message.metadata?.session)}`;
    const groups = sessionsOf(haystack.messages, key);
    for (const conversation of [target, ...distractors]) {
      for (const [name, ids] of sessionsOf(conversation.messages, (message) => `${conversation.id}#${String(message.metadata?.session)}`)) {
        expect(groups.get(name)).toEqual(conversation === target ? ids : ids.map((id) => `${conversation.id}/${id}`));
      }
    }
    // each session is one contiguous run
    const runs = haystack.messages.filter((message, index) => index === 0 || key(message) !== key(haystack.messages[index - 1]!)).length;
    expect(runs).toBe(groups.size);
  });

  test.prop([setArbitrary, fc.integer()])('keeps the probes and their evidence, asked after the whole haystack', ([target, ...distractors], seed) => {
    const haystack = buildLocomoHaystack(target, distractors, { seed });
    expect(haystack.probes.map(({ atMessageIndex: _at, ...probe }) => probe)).toEqual(target.probes.map(({ atMessageIndex: _at, ...probe }) => probe));
    const byId = new Map(haystack.messages.map((message) => [message.id, message]));
    for (const probe of haystack.probes) {
      expect(probe.atMessageIndex).toBe(haystack.messages.length);
      for (const id of probe.evidence) expect(byId.get(id)).toEqual(target.messages.find((message) => message.id === id));
    }
  });

  test.prop([setArbitrary, fc.integer()])("gives distractors the target's speakers and no other speaker's name", ([target, ...distractors], seed) => {
    const haystack = buildLocomoHaystack(target, distractors, { seed });
    const targetNames = new Set(target.messages.map((message) => message.name));
    const others = new Set(distractors.flatMap((conversation) => conversation.messages.map((message) => message.name!)).filter((name) => !targetNames.has(name)));
    for (const message of haystack.messages.filter((candidate) => origin(candidate) !== undefined)) {
      const source = distractors.find((conversation) => conversation.id === origin(message)!.conversation)!.messages.find((candidate) => candidate.id === origin(message)!.id)!;
      expect(message.role).toBe(source.role);
      expect(message.name).toBe(target.messages.find((candidate) => candidate.role === source.role)?.name ?? message.name);
      for (const name of others) expect(message.content as string).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  test.prop([setArbitrary, fc.integer()])('keeps time moving forward, on whole minutes', ([target, ...distractors], seed) => {
    const times = buildLocomoHaystack(target, distractors, { seed }).messages.map((message) => message.timestamp!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.filter((time) => time % 60_000 !== 0)).toEqual([]);
  });

  test.prop([setArbitrary, fc.integer()])('gives the same haystack for the same seed', ([target, ...distractors], seed) => {
    expect(buildLocomoHaystack(target, distractors, { seed })).toEqual(buildLocomoHaystack(target, distractors, { seed }));
  });

  it('interleaves differently for another seed, and refuses duplicate ids', async () => {
    const [a, b, c] = fc.sample(setArbitrary.filter((set) => set.length === 3 && set.every((conversation) => new Set(conversation.messages.map((message) => message.metadata?.session)).size >= 3)), { numRuns: 1, seed: 4 })[0]!;
    const orders = new Set([1, 2, 3, 4, 5].map((seed) => buildLocomoHaystack(a!, [b!, c!], { seed }).messages.map((message) => message.id).join()));
    expect(orders.size).toBeGreaterThan(1);
    expect(() => buildLocomoHaystack(a!, [b!, b!])).toThrow(/two messages have the id/);
  });
});

describe('createLocomoHaystackDataset', () => {
  it('builds one haystack per target, each with all the other conversations', () => {
    const set = fc.sample(setArbitrary.filter((conversations) => conversations.length === 3), { numRuns: 1, seed: 9 })[0]!;
    const dataset = createLocomoHaystackDataset(set, { targets: ['conv-2'] });
    expect(dataset.name).toBe('locomo-haystack');
    expect(dataset.sessions.map((session) => [session.id, session.messages.length])).toEqual([['conv-2+2', set.reduce((sum, conversation) => sum + conversation.messages.length, 0)]]);
    expect(createLocomoHaystackDataset(set).sessions.map((session) => session.id)).toEqual(['conv-1+2', 'conv-2+2', 'conv-3+2']);
    expect(() => createLocomoHaystackDataset(set, { targets: ['conv-9'] })).toThrow(/not among/);
    expect(() => createLocomoHaystackDataset(set.slice(0, 1))).toThrow(/at least two/);
    expect(() => createLocomoHaystackDataset([set[0]!, set[0]!])).toThrow(/share the id/);
  });
});
