import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { defaultMaxDataChars, type ContextEngineOptions } from '../options/index.js';
import { CairnError, type CairnErrorCode } from '../log/index.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { countMessageTokens, createCharTokenCounter, type TokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';

const chars = createCharTokenCounter();

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

function codeOf(run: () => unknown): CairnErrorCode | 'no error' | 'not a CairnError' {
  const error = errorOf(run);
  if (error === undefined) return 'no error';
  return CairnError.isInstance(error) ? error.code : 'not a CairnError';
}

function started(options: ContextEngineOptions = {}): ContextEngine {
  const engine = createContextEngine({ tokenCounter: chars, ...options });
  engine.ingest([
    { id: 's', role: 'system', content: 'You are an agent.' },
    { id: 'u', role: 'user', content: 'Find me a flight.' },
  ]);
  return engine;
}

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = { next: value };
  return value;
}

function call(id: string, args: unknown): CairnMessage {
  return { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}-call`, name: 'search', arguments: args }] };
}

/** The batch is rejected with `code`, nothing of it is stored, and the engine keeps working (views, snapshots). */
function rejectsWhole(batch: CairnMessage[], code: CairnErrorCode, options: ContextEngineOptions = {}): CairnError {
  const engine = started(options);
  const error = errorOf(() => engine.ingest(batch));
  expect(CairnError.isInstance(error) && error.code).toBe(code);
  expect(engine.getMessages().map((message) => message.id)).toEqual(['s', 'u']);
  expect(() => engine.assemble({ budget: 500 })).not.toThrow();
  const again = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), { tokenCounter: chars });
  expect(again.getMessages()).toHaveLength(2);
  return error as CairnError;
}

describe('a rejected batch changes nothing (issue 12, item 12)', () => {
  const first: CairnMessage = { id: 'first', role: 'user', content: 'this one is fine' };
  it('circular tool arguments', () => {
    const args: Record<string, unknown> = { query: 'x' };
    args.self = args;
    const error = rejectsWhole([first, call('a1', args)], 'INVALID_MESSAGE');
    expect(error.message).toMatch(/circular/);
    expect(error.details).toMatchObject({ id: 'a1', path: 'toolCalls[0].arguments.self' });
  });
  it('BigInt tool arguments', () => {
    expect(rejectsWhole([first, call('a1', { count: 10n })], 'INVALID_MESSAGE').message).toMatch(/BigInt/);
  });
  it('a toJSON that throws', () => {
    const args = { toJSON: () => { throw new Error('nope'); } };
    expect(rejectsWhole([first, call('a1', args)], 'INVALID_MESSAGE').message).toMatch(/toJSON\(\) that threw \(nope\)/);
  });
  it('a getter that throws', () => {
    const args = Object.defineProperty({}, 'secret', { enumerable: true, get: () => { throw new Error('locked'); } });
    expect(rejectsWhole([first, call('a1', args)], 'INVALID_MESSAGE').message).toMatch(/locked/);
  });
  it('100,000-deep tool arguments', () => {
    expect(rejectsWhole([first, call('a1', deep(100_000))], 'INVALID_MESSAGE').message).toMatch(/nested deeper than 256/);
  });
  it('circular or BigInt metadata (item 17: accepted before, then snapshot() threw)', () => {
    const metadata: Record<string, unknown> = {};
    metadata.loop = metadata;
    rejectsWhole([first, { id: 'm', role: 'user', content: 'hi', metadata }], 'INVALID_MESSAGE');
    rejectsWhole([first, { id: 'm', role: 'user', content: 'hi', metadata: { size: 1n } }], 'INVALID_MESSAGE');
  });
  it('a custom token counter that throws on the second message', () => {
    const counter: TokenCounter = { id: 'fragile', count: (text) => { if (text.includes('boom')) throw new Error('cannot count'); return text.length; } };
    const error = rejectsWhole([first, { id: 'second', role: 'user', content: 'boom' }], 'INVALID_OPTIONS', { tokenCounter: counter });
    expect(error.message).toMatch(/tokenCounter \("fragile"\): count\(\) threw \(cannot count\)/);
    expect((error.cause as Error).message).toBe('cannot count');
  });
  it('JSON data that needs no change is stored as JSON would see it (toJSON called, undefined left out)', () => {
    const engine = started();
    engine.ingest(call('a1', { when: new Date(0), skip: undefined, list: [undefined, 1], nan: Number.NaN }));
    expect(engine.getMessage('a1')!.toolCalls![0]!.arguments).toEqual({ when: '1970-01-01T00:00:00.000Z', list: [null, 1], nan: null });
  });
});

describe('token counts from a custom counter are checked (issue 12, item 17)', () => {
  it.each([
    ['NaN', Number.NaN],
    ['a negative count', -5],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['not a number', '7' as unknown as number],
  ])('%s is a typed INVALID_OPTIONS error and nothing is stored', (_, value) => {
    const counter: TokenCounter = { id: 'bad', count: (text) => (text.includes('odd') ? value : text.length) };
    rejectsWhole([{ id: 'x', role: 'user', content: 'an odd one' }], 'INVALID_OPTIONS', { tokenCounter: counter });
  });
  it('a fractional count is rounded up', () => {
    const engine = createContextEngine({ tokenCounter: { id: 'half', count: (text) => text.length / 2 } });
    engine.ingest({ id: 'x', role: 'user', content: 'abc' });
    expect(engine.assemble({ budget: 100 }).metadata.tokens).toBe(4 + 2);
  });
});

describe('the stored log cannot be changed from outside (issue 12, item 13)', () => {
  it('mutating arguments or metadata after ingest changes neither history nor counts', () => {
    const engine = started();
    const args = { query: 'paris' };
    const metadata = { source: 'web', tags: ['a'] };
    engine.ingest([{ ...call('a1', args) }, { id: 't1', role: 'tool', toolCallId: 'a1-call', content: 'ok', metadata }]);
    const before = JSON.stringify(engine.getMessages());
    args.query = 'x'.repeat(40_000);
    metadata.tags.push('b'.repeat(1_000));
    expect(JSON.stringify(engine.getMessages())).toBe(before);
    const { metadata: viewMetadata, messages } = engine.assemble({ budget: 100_000 });
    let sum = 0;
    for (const message of messages) sum += countMessageTokens(message, chars);
    expect(viewMetadata.tokens).toBe(sum);
    expect(sum).toBeLessThan(200);
  });
  it('messages from getMessages() and getMessage() are frozen all the way down', () => {
    const engine = started();
    engine.ingest([call('a1', { filters: { city: 'paris' } }), { id: 't1', role: 'tool', toolCallId: 'a1-call', content: 'ok', metadata: { nested: { n: 1 } } }]);
    const stored = engine.getMessages();
    const lead = stored[2]!;
    expect(Object.isFrozen(lead)).toBe(true);
    expect(Object.isFrozen(lead.toolCalls![0]!.arguments)).toBe(true);
    expect(Object.isFrozen((lead.toolCalls![0]!.arguments as { filters: object }).filters)).toBe(true);
    expect(Object.isFrozen((engine.getMessage('t1')!.metadata as { nested: object }).nested)).toBe(true);
    expect(() => {
      ((lead.toolCalls![0]!.arguments as { filters: { city: string } }).filters).city = 'x'.repeat(40_000);
    }).toThrow(TypeError);
    expect(engine.getMessage('a1')!.toolCalls![0]!.arguments).toEqual({ filters: { city: 'paris' } });
  });
});

describe('unbounded inputs (issue 12, item 16)', () => {
  it('maxDataChars bounds tool arguments and metadata', () => {
    const error = rejectsWhole([call('a1', { blob: 'x'.repeat(2_000) })], 'CONTENT_TOO_LARGE', { maxDataChars: 1_000 });
    expect(error.details).toMatchObject({ id: 'a1', maxDataChars: 1_000 });
    rejectsWhole([{ id: 'm', role: 'user', content: 'hi', metadata: { blob: ['y'.repeat(600), 'z'.repeat(600)] } }], 'CONTENT_TOO_LARGE', { maxDataChars: 1_000 });
    // Arguments and metadata count together.
    rejectsWhole([{ ...call('a1', { blob: 'x'.repeat(600) }), metadata: { more: 'm'.repeat(600) } }], 'CONTENT_TOO_LARGE', { maxDataChars: 1_000 });
  });
  it('by default maxDataChars follows maxContentChars (4× + 4,096: room for an adapter copy of the message)', () => {
    expect(defaultMaxDataChars(1_000)).toBe(8_096);
    rejectsWhole([call('a1', { blob: 'x'.repeat(9_000) })], 'CONTENT_TOO_LARGE', { maxContentChars: 1_000 });
    const engine = started({ maxContentChars: 1_000 });
    engine.ingest([{ ...call('a1', { blob: 'x'.repeat(2_000) }), metadata: { copy: 'c'.repeat(1_000) } }]);
    expect(engine.getMessages()).toHaveLength(3);
  });
  it('an invalid maxDataChars is INVALID_OPTIONS', () => {
    expect(codeOf(() => createContextEngine({ maxDataChars: 0 }))).toBe('INVALID_OPTIONS');
  });
  it('huge arguments are refused without being copied whole (a 1e6-element array against a small limit)', () => {
    const huge = new Array(1_000_000).fill('data');
    const started_ = Date.now();
    rejectsWhole([call('a1', { huge })], 'CONTENT_TOO_LARGE', { maxDataChars: 10_000 });
    expect(Date.now() - started_).toBeLessThan(1_000);
  });
  it('a message with 10,000 parallel calls ingests in linear time', () => {
    const time = (calls: number): number => {
      const engine = createContextEngine({ tokenCounter: chars });
      const batch: CairnMessage[] = [
        { id: 'u', role: 'user', content: 'fan out' },
        { id: 'a', role: 'assistant', content: '', toolCalls: Array.from({ length: calls }, (_, index) => ({ id: `c${index}`, name: 'fetch', arguments: { page: index } })) },
        ...Array.from({ length: calls }, (_, index): CairnMessage => ({ id: `t${index}`, role: 'tool', toolCallId: `c${index}`, content: `page ${index}` })),
      ];
      const start = Date.now();
      engine.ingest(batch);
      const elapsed = Date.now() - start;
      expect(engine.getMessages()).toHaveLength(calls + 2);
      return elapsed;
    };
    time(500);
    const small = time(1_000);
    const large = time(10_000);
    // Quadratic work would take 100× as long for 10× the calls; allow generous noise for linear.
    expect(large).toBeLessThan(Math.max(30 * small, 1_500));
  });
});
