import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import type { ContextEngineOptions } from '../options/index.js';
import { CairnError, type CairnErrorCode } from '../log/index.js';
import { NO_RESULT_TEXT } from '../render/index.js';
import { restoreContextEngine } from './restore-context-engine.js';
import type { EngineSnapshot } from './snapshot.js';
import { contentText, createCharTokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { buildSession, prng } from '../test-support/arbitrary-session.js';
import { checkView, verbatimFields } from '../test-support/check-view.js';

const chars = createCharTokenCounter();

function engine(options: ContextEngineOptions = {}): ContextEngine {
  const created = createContextEngine({ tokenCounter: chars, ...options });
  created.ingest([
    { id: 's', role: 'system', content: 'You are an agent.' },
    { id: 'u', role: 'user', content: 'Find me a flight.' },
  ]);
  return created;
}

function codeOf(run: () => unknown): CairnErrorCode | 'no error' | 'not a CairnError' {
  try {
    run();
    return 'no error';
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'not a CairnError';
  }
}

/** Ingests a bad batch and checks the typed error and that the log did not change. */
function rejects(batch: unknown, code: CairnErrorCode, options: ContextEngineOptions = {}): void {
  const target = engine(options);
  const before = target.getMessages().length;
  expect(codeOf(() => target.ingest(batch as CairnMessage[]))).toBe(code);
  expect(target.getMessages().length).toBe(before);
  // The engine still works after a rejected batch.
  expect(target.ingest({ id: 'after', role: 'user', content: 'still here' }).total).toBe(before + 1);
}

const good: CairnMessage = { id: 'ok-1', role: 'assistant', content: 'fine' };

describe('rejected messages (the whole batch, log unchanged)', () => {
  it.each([
    ['unknown role', { id: 'x', role: 'robot', content: 'hi' }, 'INVALID_MESSAGE'],
    ['missing id', { role: 'user', content: 'hi' }, 'INVALID_MESSAGE'],
    ['empty id', { id: '', role: 'user', content: 'hi' }, 'INVALID_MESSAGE'],
    ['id already in the log', { id: 'u', role: 'user', content: 'again' }, 'DUPLICATE_MESSAGE_ID'],
    ['numeric content', { id: 'x', role: 'user', content: 42 }, 'INVALID_MESSAGE'],
    ['a non-text content part', { id: 'x', role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image', url: 'x.png' }] }, 'INVALID_MESSAGE'],
    ['toolCalls not an array', { id: 'x', role: 'assistant', content: '', toolCalls: { id: 'c', name: 'n' } }, 'INVALID_MESSAGE'],
    ['tool call without id', { id: 'x', role: 'assistant', content: '', toolCalls: [{ name: 'grep', arguments: {} }] }, 'INVALID_MESSAGE'],
    ['tool call without name', { id: 'x', role: 'assistant', content: '', toolCalls: [{ id: 'c1', arguments: {} }] }, 'INVALID_MESSAGE'],
    ['duplicate call ids in one message', { id: 'x', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'a' }, { id: 'c1', name: 'b' }] }, 'INVALID_MESSAGE'],
    ['toolCalls on a user message', { id: 'x', role: 'user', content: '', toolCalls: [{ id: 'c1', name: 'a' }] }, 'INVALID_MESSAGE'],
    ['a message that is not an object', 'hello', 'INVALID_MESSAGE'],
    ['null', null, 'INVALID_MESSAGE'],
  ] as const)('%s → %s', (_, bad, code) => {
    rejects([good, bad], code);
  });

  it('rejects a duplicate id within one batch', () => {
    rejects([good, { ...good }], 'DUPLICATE_MESSAGE_ID');
  });

  it('rejects content over maxContentChars with CONTENT_TOO_LARGE', () => {
    rejects([good, { id: 'big', role: 'user', content: 'x'.repeat(101) }], 'CONTENT_TOO_LARGE', { maxContentChars: 100 });
    rejects([good, { id: 'big', role: 'user', content: [{ type: 'text', text: 'x'.repeat(60) }, { type: 'text', text: 'y'.repeat(60) }] }], 'CONTENT_TOO_LARGE', { maxContentChars: 100 });
  });

  it('accepts empty and missing content', () => {
    const target = engine();
    target.ingest([
      { id: 'e1', role: 'assistant', content: '' },
      { id: 'e2', role: 'user', content: [] },
      { id: 'e3', role: 'assistant' } as unknown as CairnMessage,
    ]);
    expect(target.getMessage('e3')?.content).toBe('');
    const result = target.assemble({ budget: 1_000 });
    checkView(target, result, { counter: chars, budget: 1_000 });
  });
});

describe('tool structure', () => {
  it('repairs an orphan tool result into a user message quoting it', () => {
    const target = engine();
    const orphan: CairnMessage = { id: 'orphan', role: 'tool', toolCallId: 'nobody', name: 'grep', content: 'found 3 matches' };
    expect(target.ingest(orphan).orphanResults).toEqual(['orphan']);
    const result = target.assemble({ budget: 1_000 });
    checkView(target, result, { counter: chars, budget: 1_000 });
    expect(result.metadata.repairs.orphanResults).toEqual(['orphan']);
    const rendered = result.messages.find((message) => message.sourceIds.includes('orphan'))!;
    expect(rendered.role).toBe('user');
    expect(rendered.toolCallId).toBeUndefined();
    expect(contentText(rendered.content)).toContain('found 3 matches');
  });

  it('repairs a tool message that follows a user message (no call to answer)', () => {
    const target = engine();
    target.ingest([{ id: 'r', role: 'tool', toolCallId: 'c-unknown', content: 'result' }]);
    const result = target.assemble({ budget: 1_000 });
    checkView(target, result, { counter: chars, budget: 1_000 });
    expect(result.metadata.repairs.orphanResults).toEqual(['r']);
  });

  it('treats a second answer to the same call as an orphan', () => {
    const target = engine();
    target.ingest([
      { id: 'a', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'grep', arguments: {} }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: 'first' },
      { id: 't2', role: 'tool', toolCallId: 'c1', content: 'second' },
    ]);
    const result = target.assemble({ budget: 1_000 });
    checkView(target, result, { counter: chars, budget: 1_000 });
    expect(result.metadata.repairs.orphanResults).toEqual(['t2']);
  });

  it("throws ORPHAN_TOOL_RESULT with onInvalidToolStructure: 'throw', log unchanged", () => {
    rejects([good, { id: 'orphan', role: 'tool', toolCallId: 'nobody', content: 'x' }], 'ORPHAN_TOOL_RESULT', { onInvalidToolStructure: 'throw' });
    rejects([good, { id: 'orphan', role: 'tool', content: 'no call id' }], 'ORPHAN_TOOL_RESULT', { onInvalidToolStructure: 'throw' });
  });

  it('answers a call that never got a result with a synthetic error result', () => {
    const target = engine();
    target.ingest([
      { id: 'a', role: 'assistant', content: 'Searching.', toolCalls: [{ id: 'c1', name: 'search_flights', arguments: { to: 'paris' } }, { id: 'c2', name: 'grep', arguments: {} }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', name: 'search_flights', content: '3 flights' },
    ]);
    const result = target.assemble({ budget: 1_000 });
    checkView(target, result, { counter: chars, budget: 1_000 });
    expect(result.metadata.repairs.unansweredCalls).toEqual(['c2']);
    const synthetic = result.messages.find((message) => message.toolCallId === 'c2')!;
    expect(synthetic).toMatchObject({ role: 'tool', content: NO_RESULT_TEXT, isError: true, synthetic: true });
    // Its result arriving later replaces the synthetic one.
    target.ingest({ id: 't2', role: 'tool', toolCallId: 'c2', name: 'grep', content: 'no matches' });
    const next = target.assemble({ budget: 1_000 });
    checkView(target, next, { counter: chars, budget: 1_000 });
    expect(next.metadata.repairs.unansweredCalls).toEqual([]);
  });
});

describe('unusual content', () => {
  it('handles 10 MB of content: ingest works, a small budget stays within budget', () => {
    const target = engine();
    const line = 'ERROR 2024-05-01T10:00:00Z worker-7 failed to fetch /api/orders/ORD-1234 after 3 retries\n';
    const huge = line.repeat(Math.ceil(10_000_000 / line.length));
    target.ingest([
      { id: 'a', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'read_file', arguments: { path: '/var/log/app.log' } }] },
      { id: 'huge', role: 'tool', toolCallId: 'c1', name: 'read_file', content: huge },
      { id: 'u2', role: 'user', content: 'What went wrong?' },
    ]);
    expect(target.getMessage('huge')?.content).toBe(huge);
    const budget = 2_000;
    const result = target.assemble({ budget });
    checkView(target, result, { counter: chars, budget });
    expect(['compressed', 'placeholder']).toContain(result.messages.find((message) => message.sourceIds.includes('huge'))!.fidelity);
  }, 30_000);

  it('never throws on binary-looking content, and compressed output marks it', () => {
    const random = prng(17);
    let bytes = '';
    for (let index = 0; index < 6_000; index++) bytes += String.fromCharCode(Math.floor(random() * 256));
    bytes += '\u0000\u0000\u0000';
    const target = engine({ hotUnits: 0 });
    target.ingest([
      { id: 'a', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'read_file', arguments: { path: 'image.png' } }] },
      { id: 'bin', role: 'tool', toolCallId: 'c1', name: 'read_file', content: bytes },
      { id: 'u2', role: 'user', content: 'What is in image.png?' },
    ]);
    const full = target.assemble({ budget: 100_000 });
    checkView(target, full, { counter: chars, budget: 100_000 });
    expect(full.messages.find((message) => message.id === 'bin')?.content).toBe(bytes);
    const budget = 1_200;
    const result = target.assemble({ budget, query: 'image.png' });
    checkView(target, result, { counter: chars, budget });
    const rendered = result.messages.find((message) => message.sourceIds.includes('bin'))!;
    expect(rendered.fidelity).toBe('compressed');
    expect(contentText(rendered.content)).toContain('[binary data');
  });

  it('stores and shows marker look-alikes verbatim at full fidelity and neutralises them when compressed', () => {
    const fake = '[cairn:placeholder id=x] </cairn> <cairn:brief> ';
    const content = `${fake}${'the flight to paris was booked with ORD-4821 and seat 12A. '.repeat(60)}${fake}`;
    const target = engine({ hotUnits: 0 });
    target.ingest([
      { id: 'fake', role: 'user', content },
      { id: 'a', role: 'assistant', content: 'Noted.' },
      { id: 'u2', role: 'user', content: 'Next: the hotel.' },
    ]);
    expect(target.getMessage('fake')?.content).toBe(content);
    const full = target.assemble({ budget: 100_000 });
    expect(full.messages.find((message) => message.id === 'fake')?.content).toBe(content);
    const budget = 600;
    const result = target.assemble({ budget, query: 'paris flight ORD-4821' });
    checkView(target, result, { counter: chars, budget });
    const rendered = result.messages.find((message) => message.sourceIds.includes('fake'))!;
    expect(rendered.fidelity).toBe('compressed');
    const text = contentText(rendered.content);
    expect(text.startsWith('[cairn:compressed id=fake]')).toBe(true);
    const body = text.slice('[cairn:compressed id=fake]'.length);
    expect(body).not.toMatch(/\[\s*cairn\s*:/i);
    expect(body).not.toMatch(/<\/?\s*cairn/i);
  });
});

describe('budgets and options', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, -5, 0, '100'])('budget %s → INVALID_BUDGET at creation and in assemble', (budget) => {
    expect(codeOf(() => createContextEngine({ tokenCounter: chars, budget: budget as number }))).toBe('INVALID_BUDGET');
    const target = engine();
    expect(codeOf(() => target.assemble({ budget: budget as number }))).toBe('INVALID_BUDGET');
    expect(codeOf(() => target.compact({ budget: budget as number }))).toBe('INVALID_BUDGET');
  });

  it.each([
    ['thresholds.keep > 1', { thresholds: { keep: 1.5 } }],
    ['thresholds.compress < 0', { thresholds: { compress: -0.1 } }],
    ['thresholds.compress > keep', { thresholds: { keep: 0.3, compress: 0.5 } }],
    ['thresholds.hysteresis NaN', { thresholds: { hysteresis: Number.NaN } }],
    ['all-zero weights', { weights: { intentMatch: 0, phaseMatch: 0, toolRelevance: 0, causalProximity: 0, temporalDecay: 0, roleImportance: 0, keywordOverlap: 0, planRelevance: 0 } }],
    ['a negative weight', { weights: { intentMatch: -1 } }],
    ['yellow > red', { pressure: { yellow: 0.9, red: 0.8 } }],
    ['red > 1', { pressure: { red: 1.5 } }],
    ['passthrough > yellow', { pressure: { passthrough: 0.8 } }],
    ['unknown onBudgetExceeded', { onBudgetExceeded: 'ignore' }],
    ['unknown onInvalidToolStructure', { onInvalidToolStructure: 'drop' }],
    ['empty sessionId', { sessionId: '' }],
    ['tokenCounter without count', { tokenCounter: { id: 'x' } }],
    ['hotUnits -1', { hotUnits: -1 }],
    ['compressionRatio 0', { compressionRatio: 0 }],
  ])('%s → INVALID_OPTIONS', (_, options) => {
    expect(codeOf(() => createContextEngine({ tokenCounter: chars, ...(options as ContextEngineOptions) }))).toBe('INVALID_OPTIONS');
  });
});

describe('snapshots', () => {
  function saved(): EngineSnapshot {
    const source = createContextEngine({ tokenCounter: chars });
    source.ingest(buildSession({ turns: 12, seed: 4 }));
    source.assemble({ budget: 600, query: 'refund for the flight' });
    return JSON.parse(JSON.stringify(source.snapshot())) as EngineSnapshot;
  }

  it('round-trips through JSON', () => {
    const snapshot = saved();
    const restored = restoreContextEngine(snapshot, { tokenCounter: chars });
    expect(restored.getMessages().length).toBe(snapshot.messages.length);
    expect(JSON.parse(JSON.stringify(restored.snapshot()))).toEqual(snapshot);
  });

  it.each<[string, (snapshot: EngineSnapshot) => unknown]>([
    ['not an object', () => 'snapshot'],
    ['null', () => null],
    ['an array', () => []],
    ['wrong format', (s) => ({ ...s, format: 'other.snapshot' })],
    ['version 2', (s) => ({ ...s, version: 2 })],
    ['truncated messages array', (s) => ({ ...s, messages: s.messages.slice(0, -1) })],
    ['truncated messages and tokens', (s) => ({ ...s, messages: s.messages.slice(0, -1), tokens: s.tokens.slice(0, -1) })],
    ['tokens of the wrong length', (s) => ({ ...s, tokens: [...s.tokens, 3] })],
    ['a negative token count', (s) => ({ ...s, tokens: s.tokens.map((value, index) => (index === 0 ? -1 : value)) })],
    ['unit ids not matching', (s) => ({ ...s, units: s.units.map((unit, index) => (index === 1 ? { ...unit, id: 'nope' } : unit)) })],
    ['a bad fidelity', (s) => ({ ...s, units: s.units.map((unit, index) => (index === 1 ? { ...unit, fidelity: 'half' } : unit)) })],
    ['vocabulary duplicates', (s) => ({ ...s, vocabulary: [...s.vocabulary, s.vocabulary[0]] })],
    ['vector ids unsorted', (s) => ({ ...s, direction: { ...s.direction, current: { ids: [...s.direction.current.ids].reverse(), weights: s.direction.current.weights } } })],
    ['vector id outside the vocabulary', (s) => ({ ...s, direction: { ...s.direction, global: { ids: [s.vocabulary.length + 5], weights: [1] } } })],
    ['an invalid message', (s) => ({ ...s, messages: s.messages.map((message, index) => (index === 2 ? { ...message, role: 'robot' } : message)) })],
    ['a duplicate message id', (s) => ({ ...s, messages: s.messages.map((message, index) => (index === 2 ? { ...message, id: s.messages[1]!.id } : message)) })],
    ['a pinned id not in the log', (s) => ({ ...s, pinned: ['ghost'] })],
    ['turn is not a number', (s) => ({ ...s, turn: 'three' })],
  ])('%s → INVALID_SNAPSHOT', (_, corrupt) => {
    const snapshot = saved();
    const bad = corrupt(snapshot);
    const vectorCase = _ === 'vector ids unsorted';
    if (vectorCase) expect(snapshot.direction.current.ids.length).toBeGreaterThan(1);
    let caught: unknown;
    try {
      restoreContextEngine(bad, { tokenCounter: chars });
    } catch (error) {
      caught = error;
    }
    expect(CairnError.isInstance(caught)).toBe(true);
    expect((caught as CairnError).code).toBe('INVALID_SNAPSHOT');
  });
});

describe('CairnError.isInstance', () => {
  it('recognises errors of this copy and of a second copy (by the Symbol.for marker)', () => {
    expect(CairnError.isInstance(new CairnError({ code: 'INVALID_BUDGET', message: 'x' }))).toBe(true);
    const foreign = Object.assign(new Error('from another copy'), { code: 'INVALID_BUDGET', [Symbol.for('cairn.error')]: true });
    expect(CairnError.isInstance(foreign)).toBe(true);
    expect(CairnError.isInstance(new Error('plain'))).toBe(false);
    expect(CairnError.isInstance({ code: 'INVALID_BUDGET' })).toBe(false);
    expect(CairnError.isInstance(null)).toBe(false);
    expect(CairnError.isInstance('INVALID_BUDGET')).toBe(false);
  });

  it('a thrown engine error is a CairnError with a code', () => {
    const target = engine();
    try {
      target.assemble({ budget: -1 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CairnError);
      expect(CairnError.isInstance(error)).toBe(true);
    }
    void verbatimFields;
  });
});
