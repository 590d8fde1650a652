import type { DirectionTracker } from './direction-tracker.js';
import { graphProximity } from './graph-proximity.js';
import { inferWorkPhase } from '../log/index.js';
import type { ResolvedOptions } from '../options/index.js';
import { shareWithNeighbours } from './share-with-neighbours.js';
import { speakerFocus } from './speaker-focus.js';
import { type ActiveSignals, type TurnSignals } from './score-unit.js';
import { unitScorer } from './unit-scorer.js';
import { unitScores } from './unit-scores.js';
import type { SessionLog } from '../log/index.js';
import { blend, cosine, EMPTY_VECTOR, normalize, type SparseVector } from '../text/index.js';
import type { TermBag } from '../text/index.js';
import type { UnitState } from '../log/index.js';
import { denseCosine, type DenseVector } from './dense-vector.js';
import type { DenseEmbeddings } from './dense-embeddings.js';
import { denseMatch } from './dense-match.js';
import { unitTermIndex } from './unit-term-index.js';
import { onlyProximityMoved, proximityChanges, type ScoringPass } from './proximity-rescore.js';
import type { ResolvedDenseOptions, ResolvedDialogueOptions } from '../options/index.js';
import { askingFocus, selfDisclosureFocus, shareWithReplies } from './dialogue-focus.js';
import { answerFocus, answerKind, type AnswerKind } from './answer-cues.js';
import { questionExpansion } from './query-expansion.js';
import { sittingPrior } from './sitting-prior.js';

/** Cosine below this is not stretched to 1 by normalisation (noise stays noise). */
const INTENT_FLOOR = 0.25;
/** BM25 below this is not stretched to 1 by normalisation. */
const KEYWORD_FLOOR = 2;
const RECENT_TOOL_UNITS = 5;

/** The turn's direction inputs. @internal */
export interface TurnDirection {
  readonly scoring: SparseVector;
  readonly queryBag: TermBag | undefined;
  readonly signals: TurnSignals;
  /** How an embedder's similarity joins intent match. */
  readonly dense?: ResolvedDenseOptions;
  /** Dialogue cues of a question's view (absent: none). */
  readonly dialogue?: ResolvedDialogueOptions;
  /** What a question asks for (a time, a name or place), read from its words. */
  readonly answerKind?: AnswerKind;
}

/**
 * Moves the session direction for this turn and derives what units are scored against:
 * D_t from the query (or the latest user message and the last unit), the work phase of the
 * last units, recent and planned tools, and graph proximity to the focus. @internal
 */
export function directTurn(
  log: SessionLog,
  direction: DirectionTracker,
  options: ResolvedOptions,
  turn: number,
  query: string | undefined,
  plannedTools: readonly string[],
): TurnDirection & { sample: ReturnType<DirectionTracker['update']> } {
  const count = log.units.length;
  const queryVector = query ? log.vectoriser.vector(query) : undefined;
  let intent: SparseVector = queryVector ?? EMPTY_VECTOR;
  if (!queryVector) {
    const parts = [];
    if (log.latestUserUnit >= 0) parts.push({ vector: log.unitFeatures(log.latestUserUnit).vector, weight: 0.7 });
    if (count > 0 && count - 1 !== log.latestUserUnit) parts.push({ vector: log.unitFeatures(count - 1).vector, weight: 0.3 });
    if (parts.length > 0) intent = blend(parts);
  }
  const sample = direction.update(intent, turn);
  const queryBag = query ? log.vectoriser.bag(query) : undefined;
  // A question's direction also holds the conversation's own words for it (spelling variants of
  // its terms, the words that come with them), weighed below the question's (`dialogue`).
  const scoring = queryVector
    ? blend([
        { vector: direction.current, weight: 0.5 },
        { vector: queryVector, weight: 0.5 },
        ...questionExpansion(log, queryBag!, options.dialogue),
      ])
    : direction.current;
  const recentTools = new Set<string>();
  const lastTools: string[] = [];
  for (let index = Math.max(0, count - RECENT_TOOL_UNITS); index < count; index++) {
    for (const call of log.units[index]!.calls) {
      recentTools.add(call.name);
      if (index >= count - 3) lastTools.push(call.name);
    }
  }
  const planned = new Set(plannedTools);
  // A question says what the view is for: it is scored on what matches the question and what is
  // near its matches. Recency, the work phase and the author's role are priors for an agent's
  // next step, not for a question about the whole history.
  const question = queryBag !== undefined && queryBag.length > 0;
  const active: ActiveSignals = {
    intentMatch: scoring.ids.length > 0,
    keywordOverlap: question,
    phaseMatch: !question,
    toolRelevance: planned.size > 0 || recentTools.size > 0,
    causalProximity: true,
    temporalDecay: !question,
    roleImportance: !question,
    planRelevance: planned.size > 0,
  };
  const signals: TurnSignals = {
    weights: options.weights,
    active,
    workPhase: inferWorkPhase(lastTools, count > 0 && log.units[count - 1]!.isError),
    plannedTools: planned,
    recentTools,
    proximity: graphProximity(log.units, [log.latestUserUnit, count - 1, count - 2]),
    lastUnit: count - 1,
    halfLifeUnits: options.halfLifeUnits,
  };
  return { scoring, queryBag, signals, sample, dense: options.dense, dialogue: options.dialogue, answerKind: question ? answerKind(query!) : undefined };
}

/** Normalisers of the relative signals, kept from the last full rescore. @internal */
export interface Normalisers {
  intent: number;
  keyword: number;
}

/**
 * Scores units in [0, 1]: all of them (`all`, the normalisers are recomputed) or only the ones
 * never scored (`new`, the cached normalisers apply), so a steady turn costs what is new.
 * @internal
 */
export function scoreUnits(
  log: SessionLog,
  states: UnitState[],
  turn: number,
  direction: TurnDirection,
  normalisers: Normalisers,
  mode: 'all' | 'new',
  dense?: { embeddings: DenseEmbeddings; intent: DenseVector | undefined },
  reuse?: RawMatches,
): RawMatches {
  let indexes: number[];
  if (mode === 'all') {
    // Every unit, in one array of its final size (not grown by pushes: less to collect).
    indexes = new Array<number>(states.length);
    for (let index = 0; index < states.length; index++) indexes[index] = index;
  } else {
    indexes = [];
    for (let index = 0; index < states.length; index++) if (states[index]!.scoredTurn < 0) indexes.push(index);
  }
  const { signals } = direction;
  const raw = reuse && reuse.indexes.length === indexes.length ? reuse : rawMatches(log, indexes, direction, dense, mode === 'all');
  if (mode === 'all' && raw !== reuse) {
    normalisers.intent = Math.max(INTENT_FLOOR, maxOf(raw.intent));
    normalisers.keyword = Math.max(KEYWORD_FLOOR, maxOf(raw.keyword));
  }
  const score = unitScorer(signals);
  const { focus } = raw;
  const scoreAt = (offset: number): void => {
    const index = indexes[offset]!;
    let intentMatch = Math.min(1, raw.intent[offset]! / normalisers.intent);
    const keywordOverlap = Math.min(1, raw.keyword[offset]! / normalisers.keyword);
    if (raw.dense && raw.dense[offset]! >= 0) intentMatch = withDense(intentMatch, keywordOverlap, raw.dense[offset]!, direction.dense!.combine, direction.queryBag ? direction.dense!.share : direction.dense!.agentShare);
    const state = states[index]!;
    const combined = score(log.units[index]!, intentMatch, keywordOverlap);
    state.score = focus ? combined * focus[offset]! : combined;
    state.scoredTurn = turn;
  };
  const pass: ScoringPass = { states, turn, direction, intent: normalisers.intent, keyword: normalisers.keyword };
  const previous = raw === reuse ? passes.get(raw) : undefined;
  if (mode === 'all' && previous && onlyProximityMoved(previous, pass)) {
    // The same turn scored again with only graph proximity moved (a question's second pass, from
    // its best matches): every other unit's score would come out the same, bit for bit.
    for (const index of proximityChanges(previous.direction.signals.proximity, signals.proximity, indexes.length)) scoreAt(index);
  } else {
    // Every unit: the two matches first, then all the scores signal by signal (`unitScores`).
    const intentMatches = new Float64Array(indexes.length);
    const keywordOverlaps = new Float64Array(indexes.length);
    for (let offset = 0; offset < indexes.length; offset++) {
      intentMatches[offset] = Math.min(1, raw.intent[offset]! / normalisers.intent);
      keywordOverlaps[offset] = Math.min(1, raw.keyword[offset]! / normalisers.keyword);
      if (raw.dense && raw.dense[offset]! >= 0) intentMatches[offset] = withDense(intentMatches[offset]!, keywordOverlaps[offset]!, raw.dense[offset]!, direction.dense!.combine, direction.queryBag ? direction.dense!.share : direction.dense!.agentShare);
    }
    const scores = unitScores(signals, log.units, indexes, intentMatches, keywordOverlaps, log.traits);
    for (let offset = 0; offset < indexes.length; offset++) {
      const state = states[indexes[offset]!]!;
      state.score = focus ? scores[offset]! * focus[offset]! : scores[offset]!;
      state.scoredTurn = turn;
    }
  }
  passes.set(raw, pass);
  return raw;
}

/** What each scoring pass scored with, by its raw matches (a second pass reuses them). */
const passes = new WeakMap<RawMatches, ScoringPass>();

/** The query-dependent raw signals of the scored units, reusable by a second pass. @internal */
export interface RawMatches {
  readonly indexes: readonly number[];
  readonly intent: Float64Array;
  readonly keyword: Float64Array;
  /** For a question that names some of the speakers: each unit's share of its score to keep. */
  readonly focus?: Float64Array | undefined;
  /** Relative dense similarity in [0, 1] (`-1`: not embedded), when an embedder adds to intent match. */
  readonly dense?: Float64Array | undefined;
}

/**
 * Intent match with the dense similarity joined in: `add` blends the two by `share` (`agentShare`
 * on agent turns); `rerank` does so only for units that match the query lexically (others keep
 * their lexical share alone).
 */
function withDense(lexical: number, keyword: number, dense: number, combine: ResolvedDenseOptions['combine'], share: number): number {
  if (combine === 'rerank' && lexical <= 0 && keyword <= 0) return (1 - share) * lexical;
  return (1 - share) * lexical + share * dense;
}

function rawMatches(
  log: SessionLog,
  indexes: readonly number[],
  direction: TurnDirection,
  dense: { embeddings: DenseEmbeddings; intent: DenseVector | undefined } | undefined,
  recompute: boolean,
): RawMatches {
  const { queryBag, signals } = direction;
  // Terms every unit shares (a speaker's name, the task's own words) say little about which
  // unit matters: the direction is weighed by IDF before the cosine.
  const scoring = idfWeighted(direction.scoring, log.statistics);
  const replace = (direction.dense?.combine ?? 'replace') === 'replace';
  // Most units (a full rescore): through the term index, which visits only units sharing a term
  // with the direction or the question; the scores are the same as the merge walks below.
  const indexed = indexes.length > 0 && indexes.length * 2 >= log.units.length ? unitTermIndex(log).match(log, signals.active.intentMatch ? scoring : undefined, queryBag && signals.active.keywordOverlap ? queryBag : undefined) : undefined;
  // Every unit in log order (a full rescore: `indexes` ascend from 0) without an embedder replacing
  // intent match: the index's matches are these, by unit index (fresh arrays, only read from here on).
  const whole = indexed !== undefined && recompute && indexes.length === log.units.length && indexes[indexes.length - 1] === indexes.length - 1 && !(dense?.intent && replace);
  const intent = whole ? indexed.intent : new Float64Array(indexes.length);
  const keyword = whole ? indexed.keyword : new Float64Array(indexes.length);
  for (let offset = 0; offset < (whole ? 0 : indexes.length); offset++) {
    const index = indexes[offset]!;
    const unitDense = dense?.intent && replace ? dense.embeddings.unit(index, log.units[index]!.version) : undefined;
    if (indexed) {
      intent[offset] = unitDense && dense?.intent ? Math.max(0, denseCosine(unitDense, dense.intent)) : indexed.intent[index]!;
      keyword[offset] = indexed.keyword[index]!;
      continue;
    }
    const features = log.unitFeatures(index);
    // An injected embedder replaces lexical intent match where both sides are embedded.
    intent[offset] = unitDense && dense?.intent ? Math.max(0, denseCosine(unitDense, dense.intent)) : signals.active.intentMatch ? Math.max(0, cosine(features.vector, scoring)) : 0;
    keyword[offset] = queryBag && signals.active.keywordOverlap ? log.statistics.bm25(queryBag, features.bag) : 0;
  }
  const relative = dense?.intent && !replace ? denseMatch(log, indexes, dense.embeddings, dense.intent, dense.embeddings.spread, recompute).relative : undefined;
  // For a question, a reply matches through the message it answers, and a prompt through its
  // reply. An agent turn's intent already is the latest exchange, so its matches stay their own.
  if (!queryBag) return { indexes, intent, keyword, dense: relative };
  // A question that names some of the conversation's speakers asks what they said; what a
  // speaker tells in the first person, and the reply to a matching question, count more
  // (dialogue cues, `dialogue-focus.ts`).
  // A question that asks when, or who or where, is answered by a message that names a time, or
  // someone or somewhere (answer cues, `answer-cues.ts`); a message that asks answers less.
  const { dialogue, answerKind: kind } = direction;
  const selfFocus = selfDisclosureFocus(log, indexes, speakerFocus(log, queryBag, indexes), dialogue?.selfDisclosureShare ?? 1);
  const answered = answerFocus(log, indexes, selfFocus, kind, kind === 'time' ? (dialogue?.timeShare ?? 1) : (dialogue?.nameShare ?? 1));
  const focus = askingFocus(log, indexes, answered, dialogue?.askingShare ?? 1);
  // On a long history, a sitting about the question's subject wins over scattered single matches.
  const shared = (values: Float64Array) => sittingPrior(log, shareWithReplies(log, shareWithNeighbours(values, indexes), indexes, dialogue?.replyShare ?? 0), values, indexes, dialogue?.sittingShare ?? 0, dialogue?.sittingTop ?? 1);
  return { indexes, intent: shared(intent), keyword: shared(keyword), focus, dense: relative && shared(relative) };
}

function idfWeighted(vector: SparseVector, statistics: SessionLog['statistics']): SparseVector {
  const weights = new Float32Array(vector.weights.length);
  for (let index = 0; index < weights.length; index++) weights[index] = vector.weights[index]! * statistics.idf(vector.ids[index]!);
  return normalize({ ids: vector.ids, weights });
}

function maxOf(values: Float64Array): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max;
}
