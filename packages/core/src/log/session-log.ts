import { inferWorkPhase } from './infer-work-phase.js';
import { markerField } from '../text/index.js';
import type { LexicalVectoriser } from '../text/index.js';
import { cosine } from '../text/index.js';
import { mergeTermBags, packTermFeatures, type SparseVector, type TermBag } from '../text/index.js';
import { TermStatistics } from '../text/index.js';
import { argumentsText, contentText, countMessageTokens, type TokenCounter } from './token-counter.js';
import type { CairnMessage } from './types.js';
import type { LogEntry, Unit, UnitKind } from './unit.js';
import { UnitTraits } from './unit-traits.js';

/**
 * The bag a logged message keeps once its unit's merged bag is settled (see `unitFeatures`):
 * nothing reads it after that. Empty, shared.
 */
const SETTLED_BAG: TermBag = Object.freeze({ ids: new Int32Array(0), counts: new Float32Array(0), length: 0 });

const MAX_ENTITY_EDGES = 6;
const SIMILARITY_WINDOW = 8;
const SIMILARITY_EDGE_MIN = 0.3;
const MAX_LINK_KEYS = 16;
/** A term links units when at most this many messages used it so far (rare terms name things). */
const LINK_KEY_MAX_FREQUENCY = 4;
const SPECIFIC_TERM = /\d.*\d.*\d|_|^.{10,}$/;

/**
 * Trims a unit's growable arrays to their length once it takes no more messages (all its calls
 * answered): an array grown by `push` keeps room for about 16 more elements, which a settled
 * unit never uses (heap per logged message). Same elements, same order.
 */
function settleArrays(unit: Unit): void {
  if (unit.edges.length > 0) unit.edges = unit.edges.slice();
  if (unit.positions.length > 1) unit.positions = unit.positions.slice();
}

/** The text a message contributes to scoring: content, tool names and arguments. @internal */
export function featureText(message: CairnMessage): string {
  let text = contentText(message.content);
  if (message.toolCalls) for (const call of message.toolCalls) text += `\n${call.name} ${argumentsText(call.arguments)}`;
  if (message.name) text += `\n${message.name}`;
  return text;
}

/**
 * The append-only session log: every original message forever, its cached token count and
 * features, grouped into units, with the semantic context graph's edges. @internal
 */
export class SessionLog {
  readonly entries: LogEntry[] = [];
  readonly units: Unit[] = [];
  readonly statistics = new TermStatistics();
  /** Each unit's kind, pinned and error flags and work phase as codes by unit index (kept as they change). */
  readonly traits = new UnitTraits();
  private readonly byId = new Map<string, number>();
  /** Every call by id: its unit and its entry in the unit's `calls` (one lookup, however many parallel calls). */
  private readonly callById = new Map<string, { unit: number; call: Unit['calls'][number]; offset: number }>();
  /**
   * The last unit that used each link key, by the key's term id (-1: none yet): an array of
   * ids, not a map of strings — a session has a new key or two in most messages (ids, numbers).
   */
  private lastUnitWithEntity = new Int32Array(1024).fill(-1);
  /** Per term id: 0 not read yet, 1 names something specific (`SPECIFIC_TERM`), 2 does not. */
  private specificTerms = new Uint8Array(1024);
  private lastUserUnit = -1;
  /**
   * The bag of the latest unit opened and its vector, as `linkSimilar` computed them: the unit's
   * features (`unitFeatures`, read when the next unit links) reuse the vector when its merged bag
   * is that bag (a unit of one message) instead of computing it again.
   */
  private latestVector: { bag: TermBag; vector: SparseVector } | undefined;
  /** The reply-to edge to the latest user unit: one object shared by every unit that replies to it (edges are never changed). */
  private replyEdge: Unit['edges'][number] | undefined;
  /**
   * The full cost of every settled unit (all calls answered, not an orphan result), summed as
   * units settle: such a unit's full rendering is its stored messages, so its cost is its
   * `messageTokens`. With {@link irregularUnits} it gives a turn's history tokens without a pass
   * over the log. Token counts are whole numbers, so the sum is exact in any order.
   */
  settledFullTokens = 0;
  /** Units whose full cost is not their message tokens: calls still open, or an orphan result. */
  readonly irregularUnits = new Set<number>();
  /** Largest token count of a unit id, and of a tool name (cut at 32 characters). */
  maxIdTokens = 0;
  maxToolNameTokens = 0;

  constructor(
    readonly counter: TokenCounter,
    readonly vectoriser: LexicalVectoriser,
  ) {}

  /** Pins a unit (it stays pinned): the one way a unit's `pinned` is set after it is opened. */
  pinUnit(index: number): void {
    const unit = this.units[index]!;
    unit.pinned = true;
    this.traits.record(unit);
  }

  /** True when a message with this id is stored. */
  hasMessage(id: string): boolean {
    return this.byId.has(id);
  }

  /** The log position of the message with this id. */
  position(id: string): number | undefined {
    return this.byId.get(id);
  }

  /** True when a call with this id was made and is not answered yet. */
  isOpenCall(id: string): boolean {
    const known = this.callById.get(id);
    return known !== undefined && known.call.answer < 0;
  }

  /** The arguments of the tool call with this id, as its assistant message gave them. */
  callArguments(callId: string): unknown {
    const known = this.callById.get(callId);
    if (known === undefined) return undefined;
    const lead = this.entries[this.units[known.unit]!.positions[0]!]!.message;
    return lead.toolCalls?.[known.offset]?.arguments;
  }

  /** The stored message with this id. */
  message(id: string): CairnMessage | undefined {
    const position = this.byId.get(id);
    return position === undefined ? undefined : this.entries[position]!.message;
  }

  /** Index of the unit holding the latest user message (-1 when none). */
  get latestUserUnit(): number {
    return this.lastUserUnit;
  }

  /**
   * Appends validated messages; `tokens` may carry counts restored from a snapshot. The whole
   * batch is counted first: a token counter that throws leaves the log unchanged.
   */
  append(messages: readonly CairnMessage[], tokens?: readonly number[]): void {
    const counted = messages.map((message, offset) => ({
      tokens: tokens?.[offset] ?? countMessageTokens(message, this.counter),
      // As markers write them (see markerField): the bounds of placeholder costs use these.
      idTokens: this.counter.count(markerField(message.id)),
      toolNameTokens: (message.toolCalls ?? []).reduce((most, call) => Math.max(most, this.counter.count(markerField(call.name.slice(0, 32)))), 0),
    }));
    messages.forEach((message, offset) => this.appendOne(message, counted[offset]!));
  }

  private appendOne(message: CairnMessage, counted: { tokens: number; idTokens: number; toolNameTokens: number }): void {
    const position = this.entries.length;
    const { tokens } = counted;
    const text = featureText(message);
    const bag = this.vectoriser.bag(text);
    this.statistics.addDocument(bag);
    const entities = this.linkKeys(bag);

    const answered = message.role === 'tool' && message.toolCallId !== undefined ? this.callById.get(message.toolCallId) : undefined;
    let unit: Unit;
    if (answered !== undefined && answered.call.answer < 0) {
      unit = this.units[answered.unit]!;
      answered.call.answer = position;
      unit.openCalls--;
      unit.positions.push(position);
      unit.messageTokens += tokens;
      if (unit.openCalls === 0 && unit.kind !== 'orphan-result') {
        this.irregularUnits.delete(unit.index);
        this.settledFullTokens += unit.messageTokens;
      }
      // The work phase depends on the call names and on whether a result failed: recompute it
      // only when that changes (once per unit, not once per parallel result).
      if (message.isError && !unit.isError) {
        unit.isError = true;
        unit.workPhase = inferWorkPhase(unit.calls.map((candidate) => candidate.name), true);
        this.traits.record(unit);
      }
      unit.version++;
    } else {
      unit = this.openUnit(message, position, tokens, bag);
      this.maxIdTokens = Math.max(this.maxIdTokens, counted.idTokens);
      this.maxToolNameTokens = Math.max(this.maxToolNameTokens, counted.toolNameTokens);
    }
    // The entity keys link the unit now and are not kept (nothing reads them later).
    const entry: LogEntry = { message, position, tokens, unit: unit.index, bag };
    this.entries.push(entry);
    this.byId.set(message.id, position);
    this.linkEntities(unit, entities);
    if (unit.openCalls === 0) settleArrays(unit);
  }

  private openUnit(message: CairnMessage, position: number, tokens: number, bag: TermBag): Unit {
    const kind: UnitKind =
      message.role === 'tool' ? 'orphan-result' : message.role === 'assistant' && message.toolCalls ? 'tool-exchange' : message.role;
    const calls = (message.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name, answer: -1 }));
    const unit: Unit = {
      index: this.units.length,
      id: message.id,
      kind,
      positions: [position],
      calls,
      messageTokens: tokens,
      openCalls: calls.length,
      isError: message.isError === true,
      pinned: message.role === 'system' || message.metadata?.pinned === true,
      workPhase: inferWorkPhase(calls.map((call) => call.name), message.isError === true),
      edges: [],
      version: 0,
      // Every cache slot from the start: all units keep one shape, so the per-unit loops of a
      // turn read them through one hidden class instead of a dozen.
      bagCache: undefined,
      compressedCache: undefined,
      squeezedCache: undefined,
      placeholderCache: undefined,
    };
    this.units.push(unit);
    this.traits.record(unit);
    if (unit.openCalls === 0 && kind !== 'orphan-result') this.settledFullTokens += tokens;
    else this.irregularUnits.add(unit.index);
    calls.forEach((call, offset) => this.callById.set(call.id, { unit: unit.index, call, offset }));
    if (kind === 'assistant' || kind === 'tool-exchange') {
      if (this.lastUserUnit >= 0) unit.edges.push((this.replyEdge ??= { to: this.lastUserUnit, kind: 'reply-to' }));
    }
    if (kind === 'user') {
      this.lastUserUnit = unit.index;
      this.replyEdge = undefined;
    }
    this.linkSimilar(unit, bag);
    return unit;
  }

  private linkEntities(unit: Unit, entities: readonly number[]): void {
    let added = 0;
    for (const key of entities) {
      if (key >= this.lastUnitWithEntity.length) {
        const grown = new Int32Array(Math.max(key + 1, 2 * this.lastUnitWithEntity.length)).fill(-1);
        grown.set(this.lastUnitWithEntity);
        this.lastUnitWithEntity = grown;
      }
      const previous = this.lastUnitWithEntity[key]!;
      this.lastUnitWithEntity[key] = unit.index;
      if (previous < 0 || previous === unit.index || added >= MAX_ENTITY_EDGES) continue;
      if (unit.edges.some((edge) => edge.to === previous)) continue;
      unit.edges.push({ to: previous, kind: 'entity' });
      added++;
    }
  }

  /**
   * The term ids of a message's terms that name specific things (ids, numbers of three digits or
   * more, snake_case or long identifiers) and are still rare in the session: the semantic context
   * graph links units through them. Taken from the term bag ingest already computed.
   */
  private linkKeys(bag: TermBag): number[] {
    const keys: number[] = [];
    const { vocabulary } = this.vectoriser;
    for (let index = 0; index < bag.ids.length && keys.length < MAX_LINK_KEYS; index++) {
      const id = bag.ids[index]!;
      if (this.statistics.documentFrequency(id) > LINK_KEY_MAX_FREQUENCY) continue;
      if (id >= this.specificTerms.length) {
        const grown = new Uint8Array(Math.max(id + 1, 2 * this.specificTerms.length));
        grown.set(this.specificTerms);
        this.specificTerms = grown;
      }
      // Whether a term names something specific is read once per term (a term's text never changes).
      if (this.specificTerms[id] === 0) this.specificTerms[id] = SPECIFIC_TERM.test(vocabulary.termOf(id)!) ? 1 : 2;
      if (this.specificTerms[id] === 1) keys.push(id);
    }
    return keys;
  }

  private linkSimilar(unit: Unit, bag: TermBag): void {
    if (unit.kind === 'system') return;
    const vector = this.vectoriser.vectorOfBag(bag);
    let best = -1;
    let bestSimilarity = SIMILARITY_EDGE_MIN;
    for (let index = unit.index - 1; index >= 0 && index >= unit.index - SIMILARITY_WINDOW; index--) {
      const similarity = cosine(vector, this.unitFeatures(index).vector);
      if (similarity > bestSimilarity) {
        bestSimilarity = similarity;
        best = index;
      }
    }
    this.latestVector = { bag, vector };
    if (best >= 0 && !unit.edges.some((edge) => edge.to === best)) unit.edges.push({ to: best, kind: 'similar' });
  }

  /** The merged term bag and vector of a unit (cached until a message joins it). */
  unitFeatures(unitIndex: number): { bag: TermBag; vector: import('../text/index.js').SparseVector } {
    const unit = this.units[unitIndex]!;
    const cached = unit.bagCache;
    if (cached && cached.version === unit.version) return cached;
    const messages = unit.positions.length;
    // The bag depends on the unit's messages only: a version bump that added none (a summary)
    // keeps it and its vector.
    if (cached && cached.messages === messages) {
      const again = { ...cached, version: unit.version };
      unit.bagCache = again;
      return again;
    }
    const bags = unit.positions.map((position) => this.entries[position]!.bag);
    const merged = bags.length === 1 ? bags[0]! : mergeTermBags(bags);
    const vector = this.latestVector?.bag === merged ? this.latestVector.vector : this.vectoriser.vectorOfBag(merged);
    // A unit whose calls are all answered takes no more messages, so its bag and vector are all
    // that is read from now on: they are packed into one buffer and its messages' own bags are let
    // go (heap per logged message). A unit still waiting for results keeps them as they are.
    const settled = unit.openCalls === 0;
    const features = settled ? packTermFeatures(merged, vector) : { bag: merged, vector };
    const cache = { version: unit.version, messages, bag: features.bag, vector: features.vector };
    unit.bagCache = cache;
    if (settled) {
      for (const position of unit.positions) {
        if (this.entries[position]!.bag !== SETTLED_BAG) this.entries[position] = { ...this.entries[position]!, bag: SETTLED_BAG };
      }
    }
    return cache;
  }

  /** The stored messages of a unit, lead first. */
  unitMessages(unitIndex: number): CairnMessage[] {
    return this.units[unitIndex]!.positions.map((position) => this.entries[position]!.message);
  }
}
