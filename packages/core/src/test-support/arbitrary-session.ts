/**
 * Test support: valid agent sessions for property and unit tests.
 *
 * A session is an optional system message, then turns: user messages (some pinned), plain
 * assistant messages, and tool exchanges (an assistant message with 1–3 tool calls followed by
 * one `tool` result per call, some failed). Content is drawn from a small vocabulary plus ids
 * (`ORD-1234`), numbers and paths, so scoring has terms to match, at lengths from empty to
 * about 3,000 characters. Ids are unique (`m1`, `m2`, … and calls `c1`, `c2`, …).
 *
 * Text is generated from a seed by a small PRNG rather than by fast-check arrays, so a failing
 * case shrinks on the seed and the word count, and generation stays fast.
 */
import fc from 'fast-check';
import type { CairnMessage, ToolCall } from '../log/index.js';

export const WORDS = [
  'flight', 'booking', 'customer', 'refund', 'order', 'invoice', 'search', 'results', 'error', 'timeout',
  'retry', 'database', 'query', 'index', 'deploy', 'test', 'failed', 'passed', 'config', 'user',
  'the', 'a', 'of', 'to', 'and', 'is', 'was', 'with', 'for', 'please', 'check', 'again', 'now', 'later',
  'paris', 'london', 'tokyo', 'morning', 'evening', 'seat', 'window', 'aisle', 'price', 'total',
];
/** Speaker names of {@link ArbitrarySessionOptions.speakers} ('Paris' is also a word of the texts). */
export const SPEAKER_NAMES = ['Ana', 'Ben Ortiz', 'Paris'];
export const TOOL_NAMES = ['search_flights', 'book_flight', 'read_file', 'run_tests', 'grep', 'get_order'];
const PATHS = ['src/app.ts', 'src/db/index.ts', '/var/log/app.log', 'tests/test_orders.py', 'README.md', 'packages/core/src/unit.ts'];
const ID_PREFIXES = ['ORD', 'CUST', 'INV', 'BK', 'TKT'];

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** One token of generated text: mostly words, sometimes an id, a number or a path. */
function token(random: () => number): string {
  const roll = random();
  if (roll < 0.8) return pick(random, WORDS);
  if (roll < 0.88) return `${pick(random, ID_PREFIXES)}-${1000 + Math.floor(random() * 9000)}`;
  if (roll < 0.94) return String(Math.floor(random() * 100000));
  return pick(random, PATHS);
}

/** Deterministic text of `words` tokens from `seed`, with a line break now and then. */
export function generateText(seed: number, words: number): string {
  const random = prng(seed);
  const parts: string[] = [];
  for (let index = 0; index < words; index++) {
    parts.push(token(random));
    if (index < words - 1 && random() < 0.08) parts.push('\n');
  }
  return parts.join(' ').replace(/ \n /g, '\n');
}

/** What one text is made of: a seed and a word count (about 7 characters a word). */
export interface TextSpec {
  seed: number;
  words: number;
}

export type TurnSpec =
  | { kind: 'user'; text: TextSpec; pinned: boolean }
  | { kind: 'assistant'; text: TextSpec }
  | {
      kind: 'tool';
      text: TextSpec;
      calls: { tool: number; argument: TextSpec; result: TextSpec; isError: boolean }[];
      /** Results arrive after the next turn's messages (still valid: they answer open calls). */
      deferred: boolean;
      /** Leave the last call unanswered. */
      dropLast: boolean;
    };

export interface SessionSpec {
  system: TextSpec | undefined;
  turns: TurnSpec[];
}

/** Options of {@link arbitrarySession} and {@link arbitrarySessionSpec}. */
export interface ArbitrarySessionOptions {
  /** Turns after the optional system message. @default { min: 1, max: 30 } */
  minTurns?: number;
  maxTurns?: number;
  /** Largest word count of one text (about 7 characters a word). @default 450 */
  maxWords?: number;
  /** Let some tool exchanges' results arrive one turn late. @default false */
  deferResults?: boolean;
  /** Let some tool exchanges leave their last call unanswered. @default false */
  dropResults?: boolean;
  /** Chance of a system message. @default true (may be present) */
  system?: boolean;
  /**
   * Name the speakers of user and assistant messages (from {@link SPEAKER_NAMES}; some stay
   * unnamed), as in a chat between people. @default false
   */
  speakers?: boolean;
}

function textSpec(maxWords: number): fc.Arbitrary<TextSpec> {
  const small = Math.min(maxWords, 12);
  const medium = Math.min(maxWords, 80);
  return fc.record({
    seed: fc.nat({ max: 0xffff }),
    words: fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: small }) },
      { weight: 3, arbitrary: fc.integer({ min: 0, max: medium }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: maxWords }) },
    ),
  });
}

/** The structure of a session; map it with {@link sessionFromSpec}. */
export function arbitrarySessionSpec(options: ArbitrarySessionOptions = {}): fc.Arbitrary<SessionSpec> {
  const { minTurns = 1, maxTurns = 30, maxWords = 450, deferResults = false, dropResults = false, system = true } = options;
  const text = textSpec(maxWords);
  const shortText = textSpec(Math.min(maxWords, 15));
  const turn: fc.Arbitrary<TurnSpec> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('user' as const), text, pinned: fc.constant(false) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('user' as const), text: shortText, pinned: fc.boolean() }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('assistant' as const), text }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('tool' as const),
        text: shortText,
        calls: fc.array(
          fc.record({ tool: fc.nat({ max: TOOL_NAMES.length - 1 }), argument: shortText, result: text, isError: fc.boolean() }),
          { minLength: 1, maxLength: 3 },
        ),
        deferred: deferResults ? fc.boolean() : fc.constant(false),
        dropLast: dropResults ? fc.boolean() : fc.constant(false),
      }),
    },
  );
  return fc.record({
    system: system ? fc.option(text, { nil: undefined }) : fc.constant(undefined),
    turns: fc.array(turn, { minLength: minTurns, maxLength: maxTurns }),
  });
}

/** Turns a session structure into messages with unique ids. */
export function sessionFromSpec(spec: SessionSpec, idPrefix = '', speakers = false): CairnMessage[] {
  const messages: CairnMessage[] = [];
  // A speaker per text, from its seed; one text in four stays unnamed.
  const named = (message: CairnMessage, seed: number): CairnMessage => (speakers && seed % 4 < 3 ? { ...message, name: SPEAKER_NAMES[seed % 4]! } : message);
  let nextMessage = 1;
  let nextCall = 1;
  const messageId = () => `${idPrefix}m${nextMessage++}`;
  if (spec.system) {
    messages.push({ id: messageId(), role: 'system', content: `You are a travel and coding agent. ${generateText(spec.system.seed, spec.system.words)}` });
  }
  let pending: CairnMessage[] = [];
  for (const turn of spec.turns) {
    const late = pending;
    pending = [];
    if (turn.kind === 'user') {
      const message: CairnMessage = named({ id: messageId(), role: 'user', content: generateText(turn.text.seed, turn.text.words) }, turn.text.seed);
      if (turn.pinned) message.metadata = { pinned: true };
      messages.push(message);
    } else if (turn.kind === 'assistant') {
      messages.push(named({ id: messageId(), role: 'assistant', content: generateText(turn.text.seed, turn.text.words) }, turn.text.seed));
    } else {
      const calls: ToolCall[] = turn.calls.map((call) => ({
        id: `${idPrefix}c${nextCall++}`,
        name: TOOL_NAMES[call.tool]!,
        arguments: { query: generateText(call.argument.seed, call.argument.words), limit: call.argument.words },
      }));
      messages.push({ id: messageId(), role: 'assistant', content: generateText(turn.text.seed, turn.text.words), toolCalls: calls });
      const results: CairnMessage[] = [];
      turn.calls.forEach((call, index) => {
        if (turn.dropLast && index === turn.calls.length - 1) return;
        const result: CairnMessage = {
          id: messageId(),
          role: 'tool',
          toolCallId: calls[index]!.id,
          name: calls[index]!.name,
          content: generateText(call.result.seed, call.result.words),
        };
        if (call.isError) result.isError = true;
        results.push(result);
      });
      if (turn.deferred) pending = results;
      else messages.push(...results);
    }
    messages.push(...late);
  }
  messages.push(...pending);
  return messages;
}

/** Valid `CairnMessage[]` sessions. */
export function arbitrarySession(options: ArbitrarySessionOptions = {}): fc.Arbitrary<CairnMessage[]> {
  return arbitrarySessionSpec(options).map((spec) => sessionFromSpec(spec, '', options.speakers));
}

/** Options of {@link buildSession}. */
export interface BuildSessionOptions {
  /** Turns after the system message. */
  turns: number;
  seed: number;
  /** Start with a system message. @default true */
  system?: boolean;
  /** Largest word count of a text. @default 300 */
  maxWords?: number;
  idPrefix?: string;
}

/**
 * A deterministic session for unit tests: a system message, then turns cycling through a user
 * message, a tool exchange (1–3 calls, about one in five failed) and an assistant answer, with
 * lengths drawn from `seed`.
 */
export function buildSession({ turns, seed, system = true, maxWords = 300, idPrefix = '' }: BuildSessionOptions): CairnMessage[] {
  const random = prng(seed);
  const words = (max: number) => Math.floor(random() * (max + 1));
  const spec: SessionSpec = { system: system ? { seed: seed + 1, words: 20 } : undefined, turns: [] };
  for (let index = 0; index < turns; index++) {
    const textSeed = Math.floor(random() * 0xffff);
    switch (index % 3) {
      case 0:
        spec.turns.push({ kind: 'user', text: { seed: textSeed, words: 3 + words(30) }, pinned: false });
        break;
      case 1: {
        const count = 1 + Math.floor(random() * 3);
        const calls = Array.from({ length: count }, () => ({
          tool: Math.floor(random() * TOOL_NAMES.length),
          argument: { seed: Math.floor(random() * 0xffff), words: 1 + words(6) },
          result: { seed: Math.floor(random() * 0xffff), words: words(maxWords) },
          isError: random() < 0.2,
        }));
        spec.turns.push({ kind: 'tool', text: { seed: textSeed, words: words(10) }, calls, deferred: false, dropLast: false });
        break;
      }
      default:
        spec.turns.push({ kind: 'assistant', text: { seed: textSeed, words: 5 + words(60) } });
    }
  }
  return sessionFromSpec(spec, idPrefix);
}

/** One unit of a session as the engine groups it (a call and its results form one unit). */
export interface SessionUnit {
  /** Id of the lead message. */
  id: string;
  kind: 'system' | 'user' | 'assistant' | 'tool-exchange' | 'orphan-result';
  /** Ids of its messages, lead first, then results in arrival order. */
  messageIds: string[];
  /** Calls never answered. */
  openCalls: ToolCall[];
  pinned: boolean;
}

/**
 * Groups a log into units the way the engine documents it: an assistant message with tool calls
 * and every result that answers one of its open calls (whenever it arrives) form one unit; a
 * result whose call is unknown or already answered is an orphan unit of its own.
 */
export function groupUnits(messages: readonly CairnMessage[], pinnedIds: ReadonlySet<string> = new Set()): SessionUnit[] {
  const units: SessionUnit[] = [];
  const openCall = new Map<string, SessionUnit>();
  for (const message of messages) {
    const owner = message.role === 'tool' && message.toolCallId !== undefined ? openCall.get(message.toolCallId) : undefined;
    if (owner) {
      owner.messageIds.push(message.id);
      owner.openCalls = owner.openCalls.filter((call) => call.id !== message.toolCallId);
      openCall.delete(message.toolCallId!);
      if (pinnedIds.has(message.id)) owner.pinned = true;
      continue;
    }
    const kind: SessionUnit['kind'] =
      message.role === 'tool' ? 'orphan-result' : message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0 ? 'tool-exchange' : message.role;
    const unit: SessionUnit = {
      id: message.id,
      kind,
      messageIds: [message.id],
      openCalls: [...(message.toolCalls ?? [])],
      pinned: message.role === 'system' || message.metadata?.pinned === true || pinnedIds.has(message.id),
    };
    for (const call of unit.openCalls) openCall.set(call.id, unit);
    units.push(unit);
  }
  return units;
}

/**
 * Indexes of the units the engine must keep (system, pinned, the latest user message, the hot
 * set after it, and a last unit with open calls), as documented in `assemble-view.ts`.
 */
export function mandatoryUnits(units: readonly SessionUnit[], hotUnits = 2): Set<number> {
  let latestUser = -1;
  units.forEach((unit, index) => {
    if (unit.kind === 'user') latestUser = index;
  });
  const mandatory = new Set<number>();
  units.forEach((unit, index) => {
    if (unit.kind === 'system' || unit.pinned || index === latestUser) mandatory.add(index);
    else if (index > latestUser && index >= units.length - hotUnits) mandatory.add(index);
    else if (index === units.length - 1 && unit.openCalls.length > 0) mandatory.add(index);
  });
  return mandatory;
}
