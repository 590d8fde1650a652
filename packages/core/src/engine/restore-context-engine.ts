import { createEngineForRestore, type ContextEngine } from './context-engine.js';
import type { ContextEngineOptions } from '../options/index.js';
import { CairnError } from '../log/index.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type VectorJson } from './snapshot.js';
import type { SparseVector } from '../text/index.js';
import type { Fidelity } from '../log/index.js';
import type { GradientKind } from '../direction/index.js';
import { validateMessages } from '../log/index.js';
import { DeadEndTracker } from '../dead-ends/index.js';
import { preloadSharedDeadEnds } from './share-dead-ends.js';
import { ResourceLedger } from '../sovereignty/index.js';
import { restorePages } from '../pages/index.js';
import { restorePlaybook } from './restore-playbook.js';
import { parseBranchSnapshots } from './parse-branch-snapshots.js';
import { restoreBackgroundMemo } from '../render/index.js';
import { buildRestoredIndexes } from './restore-indexes.js';

const FIDELITIES: ReadonlySet<string> = new Set<Fidelity>(['full', 'compressed', 'placeholder']);
const GRADIENT_KINDS: ReadonlySet<string> = new Set<GradientKind>(['still', 'advancing', 'jump', 'regression', 'oscillation']);

function gradientKind(value: unknown, path: string): GradientKind {
  if (typeof value !== 'string' || !GRADIENT_KINDS.has(value)) throw corrupt(path, 'is not a gradient kind');
  return value as GradientKind;
}

function corrupt(path: string, problem: string, cause?: unknown): CairnError {
  return new CairnError({
    code: 'INVALID_SNAPSHOT',
    message: `Invalid snapshot: ${path} ${problem}. Pass an object made by engine.snapshot() (and JSON round-tripped at most).`,
    details: { path },
    cause,
  });
}

function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw corrupt(path, 'is not an object');
  return value as Record<string, unknown>;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw corrupt(path, 'is not an array');
  return value;
}

function finite(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw corrupt(path, 'is not a finite number');
  return value;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string') throw corrupt(path, 'is not a string');
  return value;
}

function vector(value: unknown, path: string, vocabularySize: number): SparseVector {
  const json = record(value, path) as unknown as VectorJson;
  const ids = list(json.ids, `${path}.ids`).map((id, index) => finite(id, `${path}.ids[${index}]`));
  const weights = list(json.weights, `${path}.weights`).map((weight, index) => finite(weight, `${path}.weights[${index}]`));
  if (ids.length !== weights.length) throw corrupt(path, 'has ids and weights of different lengths');
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index]!;
    if (!Number.isInteger(id) || id < 0 || id >= vocabularySize || (index > 0 && id <= ids[index - 1]!)) throw corrupt(`${path}.ids[${index}]`, 'is not a sorted vocabulary id');
  }
  return { ids: Int32Array.from(ids), weights: Float32Array.from(weights) };
}

/**
 * Restores an engine from `engine.snapshot()` (the `bootstrap` phase). The snapshot is checked
 * whole first: a corrupt, foreign or newer snapshot throws `INVALID_SNAPSHOT` and no engine is
 * made. Token counts are recounted with this engine's token counter, never trusted from the
 * snapshot (a tampered count would give views over budget).
 *
 * @param snapshot - What `engine.snapshot()` returned, possibly through `JSON.stringify`/`parse`.
 * @param options - Engine options (the token counter, weights, …); the session id comes from the snapshot.
 * @throws CairnError `INVALID_SNAPSHOT`
 *
 * @example
 * ```ts
 * const saved = JSON.stringify(engine.snapshot());
 * const again = restoreContextEngine(JSON.parse(saved));
 * ```
 */
export function restoreContextEngine(snapshot: unknown, options: ContextEngineOptions = {}): ContextEngine {
  const root = record(snapshot, 'snapshot');
  if (root.format !== SNAPSHOT_FORMAT) throw corrupt('snapshot.format', `is ${JSON.stringify(root.format)}, not "${SNAPSHOT_FORMAT}"`);
  if (root.version !== SNAPSHOT_VERSION) throw corrupt('snapshot.version', `is ${JSON.stringify(root.version)}; this package reads version ${SNAPSHOT_VERSION}`);
  const sessionId = text(root.sessionId, 'snapshot.sessionId');
  const engine = createEngineForRestore({ ...options, sessionId });
  const state = engine.state;
  state.phase = 'bootstrap';
  const vocabulary = list(root.vocabulary, 'snapshot.vocabulary').map((term, index) => text(term, `snapshot.vocabulary[${index}]`));
  for (const term of vocabulary) state.log.vectoriser.vocabulary.idOf(term);
  if (state.log.vectoriser.vocabulary.size !== vocabulary.length) throw corrupt('snapshot.vocabulary', 'holds duplicate terms');
  const rawMessages = list(root.messages, 'snapshot.messages');
  const tokens = list(root.tokens, 'snapshot.tokens').map((value, index) => finite(value, `snapshot.tokens[${index}]`));
  if (tokens.length !== rawMessages.length || tokens.some((value) => value < 0 || !Number.isInteger(value))) throw corrupt('snapshot.tokens', 'does not hold one token count per message');
  let messages;
  try {
    messages = validateMessages(rawMessages, { hasMessage: () => false, isOpenCall: () => false }, { maxContentChars: state.options.maxContentChars, maxDataChars: state.options.maxDataChars, strictToolStructure: false });
  } catch (error) {
    throw corrupt('snapshot.messages', `holds an invalid message (${(error as Error).message})`, error);
  }
  // Token counts are never taken from the snapshot: a tampered or stale count would give views
  // over budget. They are recounted (the checks above keep rejecting malformed ones).
  state.log.append(messages);
  const pinned = list(root.pinned, 'snapshot.pinned').map((id, index) => text(id, `snapshot.pinned[${index}]`));
  for (const id of pinned) if (!state.log.hasMessage(id)) throw corrupt('snapshot.pinned', `names "${id}", which is not in the log`);
  for (const id of pinned) state.pinned.add(id);
  engine.afterAppend(0);
  for (const id of pinned) {
    const position = messages.findIndex((message) => message.id === id);
    state.log.pinUnit(state.log.entries[position]!.unit);
  }
  if (root.resources !== undefined) state.resources = ResourceLedger.fromJSON(root.resources, (id) => state.log.hasMessage(id), 'snapshot.resources');
  const units = list(root.units, 'snapshot.units');
  if (units.length !== state.units.length) throw corrupt('snapshot.units', `has ${units.length} entries for ${state.units.length} units`);
  units.forEach((value, index) => {
    const path = `snapshot.units[${index}]`;
    const unit = record(value, path);
    if (unit.id !== state.log.units[index]!.id) throw corrupt(`${path}.id`, `is ${JSON.stringify(unit.id)}, expected "${state.log.units[index]!.id}"`);
    if (typeof unit.fidelity !== 'string' || !FIDELITIES.has(unit.fidelity)) throw corrupt(`${path}.fidelity`, 'is not a fidelity');
    Object.assign(state.units[index]!, {
      fidelity: unit.fidelity as Fidelity,
      placeholderSince: finite(unit.placeholderSince, `${path}.placeholderSince`),
      score: finite(unit.score, `${path}.score`),
      scoredTurn: finite(unit.scoredTurn, `${path}.scoredTurn`),
      causalForced: unit.causalForced === true,
    });
  });
  for (const [index, entry] of list(root.summaries, 'snapshot.summaries').entries()) {
    const pair = list(entry, `snapshot.summaries[${index}]`);
    state.summaries.set(text(pair[0], `snapshot.summaries[${index}][0]`), text(pair[1], `snapshot.summaries[${index}][1]`));
  }
  state.turn = finite(root.turn, 'snapshot.turn');
  state.lastBudget = finite(root.lastBudget, 'snapshot.lastBudget');
  if (state.lastBudget < 1) throw corrupt('snapshot.lastBudget', 'is not a budget (at least 1 token)');
  state.lastView = list(root.lastView, 'snapshot.lastView').map((key, index) => text(key, `snapshot.lastView[${index}]`));
  state.lastViewTokens = finite(root.lastViewTokens, 'snapshot.lastViewTokens');
  if (state.lastViewTokens < 0) throw corrupt('snapshot.lastViewTokens', 'is negative');
  state.regradedTurn = finite(root.regradedTurn, 'snapshot.regradedTurn');
  const normalisers = record(root.normalisers, 'snapshot.normalisers');
  state.normalisers = { intent: finite(normalisers.intent, 'snapshot.normalisers.intent'), keyword: finite(normalisers.keyword, 'snapshot.normalisers.keyword') };
  state.lastSignature = text(root.lastSignature, 'snapshot.lastSignature');
  state.unitsAtRescore = finite(root.unitsAtRescore, 'snapshot.unitsAtRescore');
  state.lastQuery = root.lastQuery === null || root.lastQuery === undefined ? undefined : text(root.lastQuery, 'snapshot.lastQuery');
  const direction = record(root.direction, 'snapshot.direction');
  const size = vocabulary.length;
  state.direction.global = vector(direction.global, 'snapshot.direction.global', size);
  state.direction.current = vector(direction.current, 'snapshot.direction.current', size);
  state.direction.previous = vector(direction.previous, 'snapshot.direction.previous', size);
  state.direction.scoredWith = direction.scoredWith === null ? undefined : vector(direction.scoredWith, 'snapshot.direction.scoredWith', size);
  for (const [index, sample] of list(direction.history, 'snapshot.direction.history').entries()) {
    const entry = record(sample, `snapshot.direction.history[${index}]`);
    state.direction.history.push({
      turn: finite(entry.turn, `snapshot.direction.history[${index}].turn`),
      drift: finite(entry.drift, `snapshot.direction.history[${index}].drift`),
      gradient: finite(entry.gradient, `snapshot.direction.history[${index}].gradient`),
      kind: gradientKind(entry.kind, `snapshot.direction.history[${index}].kind`),
    });
  }
  state.direction.recent = (direction.recent === undefined ? [] : list(direction.recent, 'snapshot.direction.recent')).map((entry, index) =>
    vector(entry, `snapshot.direction.recent[${index}]`, size),
  );
  const trackerOptions = { sessionId, now: state.options.now, vectorise: (value: string) => state.log.vectoriser.vector(value), ...state.options.deadEndRegistry };
  if (root.deadEnds === undefined) {
    // A snapshot from before the registry: learn it again from the log.
    for (const message of messages) state.deadEnds.observe(message);
  } else {
    try {
      state.deadEnds = DeadEndTracker.fromJSON(root.deadEnds, trackerOptions);
    } catch (error) {
      throw corrupt('snapshot.deadEnds', `is not a dead-end registry (${(error as Error).message})`, error);
    }
  }
  if (root.registeredDeadEnds !== undefined) {
    for (const [index, id] of list(root.registeredDeadEnds, 'snapshot.registeredDeadEnds').entries()) state.registeredDeadEnds.add(text(id, `snapshot.registeredDeadEnds[${index}]`));
  }
  // The constructor preloaded into a tracker the snapshot replaced: start from the snapshot's.
  state.preloadedDeadEnds.clear();
  if (root.preloadedDeadEnds !== undefined) {
    for (const [index, id] of list(root.preloadedDeadEnds, 'snapshot.preloadedDeadEnds').entries()) state.preloadedDeadEnds.add(text(id, `snapshot.preloadedDeadEnds[${index}]`));
  }
  preloadSharedDeadEnds(state);
  try {
    restorePages(state.pages, root.pages);
  } catch (error) {
    throw corrupt('snapshot.pages', `is not a page state (${(error as Error).message})`, error);
  }
  restorePlaybook(state, root.playbook, messages);
  state.background = restoreBackgroundMemo(root.background, state.pages, state.units.length, state.options.tokenCounter);
  const branches = parseBranchSnapshots(root.branches);
  state.phase = 'idle';
  try {
    engine.restoreBranches(branches);
  } catch (error) {
    throw corrupt('snapshot.branches', `does not fit the session (${(error as Error).message})`, error);
  }
  buildRestoredIndexes(state);
  return engine;
}
