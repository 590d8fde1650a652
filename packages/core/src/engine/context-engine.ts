import { checkAssembleOptions, checkBudget, checkQuery, type ContextEngineOptions, type LoopSignal } from '../options/index.js';
import { CairnError, contentText, inferWorkPhase, validateMessages, type CairnMessage, type EnginePhase } from '../log/index.js';
import type { AfterTurnInput, AfterTurnResult, AssembleOptions, AssembleResult, CompactOptions, CompactResult, DirectionState, EngineState } from '../render/index.js';
import { assembleView } from './assemble-view.js';
import { assemblePagedContext } from './assemble-paged-context.js';
import { compactState } from './compact-state.js';
import { buildSnapshot, type EngineSnapshot } from './snapshot.js';
import { topTerms } from '../text/index.js';
import { lessonsBrief, type LessonsBrief } from './lessons-brief.js';
import { discoverHotExperiences, experienceAlignment, type DeadEnd, type GuardVerdict, type ProposedToolCall, type RegisterDeadEndInput } from '../dead-ends/index.js';
import { preloadSharedDeadEnds, publishSharedDeadEnds } from './share-dead-ends.js';
import type { ContextBranch, ContextEngine, IngestResult } from './context-engine-interface.js';
import { createBranch, restoreBranches, type BranchParent } from './branch-engine.js';
import { BranchRegistry, type EngineBranchSnapshot, type RegisteredBranch } from './branch-registry.js';
import { turnBrief } from './turn-brief.js';
import { resourceClassOf, tagResources } from './tag-resources.js';
import { attachSovereigntyMetadata, expandHistory, projectHistory } from './sovereignty-projection.js';
import { senseVitality, turnWindow, type AssistantTurnHashes, type BranchInfo, type BranchOptions, type BranchStatus, type TurnVitality, type ContextWindow, type Crystal, type Projection, type ResourceClass, type ResourceTag, type TurnSlice } from '../sovereignty/index.js';
import { crystallizeState, type CrystallizeOptions } from './crystallize.js';
import { initialEngineState } from './initial-engine-state.js';
import { summarizeUnits } from './summarize-units.js';
import { summarizePages } from './summarize-pages.js';
import { reportVitality, withPressure } from './engine-vitality.js';
import { consolidatePages, consolidatedManifest, zoomPages, type ConsolidateResult, type PageManifest, type PageType, type ZoomRequest, type ZoomResult } from '../pages/index.js';
import { applyKnown, deadEndOfBullet, mergePlaybookByEmbedder, preloadPlaybook, publishPlaybook, recordBulletOutcome, reflectPlaybook, type PlaybookBullet, type PlaybookDelta } from '../playbook/index.js';
import { playbookExperienceContext } from './playbook-experience-context.js';
import { observeIngested, orphanResultsSince } from './observe-ingested.js';
import { applyDeadEndDelta, readPlaybook, type GetPlaybookOptions } from './playbook-dead-ends.js';
import { warmCompressions, type WarmOptions, type WarmResult } from './warm-compressions.js';
import { freezeBackgroundPages } from './freeze-background-pages.js';

export type { ContextEngine, IngestResult } from './context-engine-interface.js';

class Engine implements ContextEngine {
  readonly state: EngineState;
  /** The branches made under this engine (open ones by name, closed ones as records). @internal */
  readonly branchRegistry = new BranchRegistry();
  /** Token counts of recent brief texts and lines (a cache; never part of the state). */
  readonly #briefTokens = new Map<string, number>();
  /** Context sovereignty: the options as given (branches are made with them), branch names used, hashes of assistant messages, the loop in force. */
  readonly #options: ContextEngineOptions;
  readonly #turnHashes = new WeakMap<CairnMessage, AssistantTurnHashes>();
  #loop: LoopSignal | undefined;

  constructor(options: ContextEngineOptions) {
    this.#options = options;
    this.state = initialEngineState(options);
    const resolved = this.state.options;
    if (resolved.deadEndBrief || resolved.sovereignty.loops?.notice) {
      const deadEnds = resolved.deadEndBrief ? (maxTokens: number) => this.brief(maxTokens) : undefined;
      this.state.brief = ({ maxTokens }) => turnBrief(this.#loop, maxTokens, (text) => this.state.options.tokenCounter.count(text), deadEnds);
    }
    preloadSharedDeadEnds(this.state);
    if (this.state.playbook && resolved.playbook.share) preloadPlaybook(this.state.playbook, resolved.playbook.share, resolved.sessionId);
  }

  get sessionId(): string {
    return this.state.options.sessionId;
  }

  get phase(): EnginePhase {
    return this.state.phase;
  }

  ingest(input: CairnMessage | readonly CairnMessage[]): IngestResult {
    const batch = Array.isArray(input) ? (input as readonly CairnMessage[]) : [input as CairnMessage];
    const { log, options } = this.state;
    this.state.phase = 'ingest';
    let messages: CairnMessage[];
    const unitsBefore = log.units.length;
    const entriesBefore = log.entries.length;
    try {
      messages = validateMessages(batch, log, {
        maxContentChars: options.maxContentChars,
        maxDataChars: options.maxDataChars,
        strictToolStructure: options.onInvalidToolStructure === 'throw',
      });
      // Counts the whole batch before appending any of it: a failing token counter appends nothing.
      log.append(messages);
    } catch (error) {
      this.state.phase = 'idle';
      throw error;
    }
    this.afterAppend(unitsBefore);
    freezeBackgroundPages(this.state);
    observeIngested(this.state, messages);
    if (this.state.playbook && options.playbook.share) publishPlaybook(this.state.playbook, options.playbook.share, options.sessionId);
    publishSharedDeadEnds(this.state);
    this.state.phase = 'idle';
    return { added: messages.length, total: log.entries.length, orphanResults: orphanResultsSince(log, entriesBefore) };
  }

  /** New units start full and unscored; the global intent is set from the first user messages. */
  afterAppend(unitsBefore: number): void {
    const { log, units, direction, pinned } = this.state;
    for (let index = unitsBefore; index < log.units.length; index++) {
      const unit = log.units[index]!;
      if (pinned.has(unit.id)) log.pinUnit(index);
      units.push({ fidelity: 'full', placeholderSince: -1, score: 0, scoredTurn: -1 });
      if (unit.kind === 'user' && direction.global.ids.length === 0) direction.global = log.unitFeatures(index).vector;
    }
  }

  assemble(options: AssembleOptions = {}): AssembleResult {
    const checked = checkAssembleOptions(options);
    this.state.phase = 'assemble';
    const vitality = this.#sense('assemble', checked.progress, 0);
    this.#loop = this.state.options.sovereignty.loops?.notice ? vitality.loop : undefined;
    try {
      const result = withPressure(this.state, vitality.pressure, () => (checked.format === 'xml' ? assemblePagedContext(this.state, checked) : assembleView(this.state, checked)));
      vitality.pulse.pressure = result.metadata.usage;
      attachSovereigntyMetadata(this.state, result, reportVitality(this.state, vitality));
      return result;
    } finally {
      this.state.phase = 'idle';
    }
  }

  /** Senses the turn's vitality (pulse, loop, adaptive pressure levels) from the log; no tokens. */
  #sense(source: 'assemble' | 'afterTurn', progress: number | undefined, usage: number): TurnVitality {
    const { options, log, turn } = this.state;
    return senseVitality(log, { sovereignty: options.sovereignty, sessionId: options.sessionId, pressure: options.pressure, turn: source === 'assemble' ? turn + 1 : turn, time: options.now(), source, usage, progress, cache: this.#turnHashes });
  }

  branch(name: string, options?: BranchOptions): ContextBranch {
    return createBranch(this.#asBranchParent(), name, options);
  }

  #asBranchParent(): BranchParent {
    return { engine: this, path: [this.sessionId], ingest: (messages) => this.ingest(messages), makeEngine: (options) => new Engine(options), options: this.#options };
  }

  /** Makes again the branches a snapshot recorded (restore only). @internal */
  restoreBranches(records: readonly EngineBranchSnapshot[]): void {
    restoreBranches(this.#asBranchParent(), records);
  }

  listBranches(): (BranchInfo & { status: BranchStatus })[] {
    return this.branchRegistry.list();
  }

  openBranch(name: string): ContextBranch {
    return this.branchRegistry.get<ContextBranch & RegisteredBranch>(name, [this.sessionId]);
  }

  afterTurn(result: AfterTurnInput = {}): AfterTurnResult {
    if (result.messages && result.messages.length > 0) this.ingest(result.messages);
    this.state.phase = 'afterTurn';
    const { log, lastViewTokens, lastBudget } = this.state;
    let added = 0;
    for (let index = log.entries.length - (result.messages?.length ?? 0); index < log.entries.length; index++) added += log.entries[index]!.tokens;
    const usage = (lastViewTokens + added) / lastBudget;
    const vitality = this.#sense('afterTurn', undefined, usage);
    let compacted = false;
    if (usage > vitality.pressure.red) {
      withPressure(this.state, vitality.pressure, () => this.compact({ budget: lastBudget }));
      compacted = true;
    }
    this.state.phase = 'idle';
    return { usage, compacted, metadata: { sovereignty: reportVitality(this.state, vitality) } };
  }

  compact(options: CompactOptions = {}): CompactResult {
    const budget = options.budget === undefined ? this.state.lastBudget : checkBudget(options.budget);
    this.state.phase = 'compact';
    try {
      return compactState(this.state, budget, options.strategy ?? 'auto');
    } finally {
      this.state.phase = 'idle';
    }
  }

  getDirectionState(): DirectionState {
    const { direction, log, phase } = this.state;
    const lastUnits = log.units.slice(-3);
    const samples = direction.history;
    return {
      globalIntent: topTerms(direction.global, log.vectoriser.vocabulary, 8),
      direction: topTerms(direction.current, log.vectoriser.vocabulary, 8),
      drift: samples.length > 0 ? samples[samples.length - 1]!.drift : 0,
      gradient: samples.length > 0 ? { size: samples[samples.length - 1]!.gradient, kind: samples[samples.length - 1]!.kind } : { size: 0, kind: 'still' },
      phase,
      workPhase: inferWorkPhase(
        lastUnits.flatMap((unit) => unit.calls.map((call) => call.name)),
        lastUnits.length > 0 && lastUnits[lastUnits.length - 1]!.isError,
      ),
      history: samples,
      deadEndMatches: this.state.deadEnds.list({ topK: 5, direction: direction.current }).filter((deadEnd) => !deadEnd.stale),
      hotExperiences: discoverHotExperiences([...this.state.deadEnds.experiences(), ...(this.state.playbook?.experiences ?? [])], { now: this.state.options.now() }),
    };
  }

  snapshot(): EngineSnapshot {
    const snapshot = buildSnapshot(this.state);
    const branches = this.branchRegistry.toJSON();
    return branches.length > 0 ? { ...snapshot, branches } : snapshot;
  }

  getMessage(id: string): CairnMessage | undefined {
    return this.state.log.message(id);
  }

  getMessages(): readonly CairnMessage[] {
    return this.state.log.entries.map((entry) => entry.message);
  }

  /** The view's lessons within `maxTokens`: the dead-end brief, then the playbook's bullets. */
  brief(maxTokens: number): LessonsBrief | undefined {
    return lessonsBrief(this.state, maxTokens, this.#briefTokens);
  }

  checkToolCall(call: ProposedToolCall): GuardVerdict {
    if (typeof call !== 'object' || call === null || typeof call.name !== 'string') {
      throw new CairnError({ code: 'INVALID_MESSAGE', message: 'checkToolCall needs { name: string, arguments }.' });
    }
    return this.state.deadEnds.check(call);
  }

  registerDeadEnd(input: RegisterDeadEndInput): DeadEnd {
    if (typeof input !== 'object' || input === null || typeof input.reason !== 'string' || typeof input.trace !== 'object' || input.trace === null) {
      throw new CairnError({ code: 'INVALID_MESSAGE', message: 'registerDeadEnd needs { trace: { toolName?, arguments?, approach? }, reason: string }.' });
    }
    const deadEnd = this.state.deadEnds.register(input);
    this.state.registeredDeadEnds.add(deadEnd.id);
    return deadEnd;
  }

  recordOutcome(id: string, outcome: 'hit' | 'miss'): void {
    if (this.state.playbook && recordBulletOutcome(this.state.playbook, id, outcome, playbookExperienceContext(this.state))) return;
    // A bullet that mirrors a dead end (mis-de-3) records on the dead end.
    if (typeof id === 'string') id = deadEndOfBullet(id) ?? id;
    const { deadEnds, log } = this.state;
    const known = deadEnds.list().some((deadEnd) => deadEnd.id === id || deadEnd.sourceIds.includes(id));
    if (!known) {
      const message = log.message(id);
      if (!message) throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `recordOutcome: "${id}" is neither a dead end nor a logged message.`, details: { id } });
      if (outcome === 'hit') return;
      const call = message.toolCalls?.[0];
      const registered = deadEnds.register({
        trace: { toolName: call?.name, arguments: call?.arguments, approach: contentText(message.content).slice(0, 200) || call?.name || id },
        reason: 'recorded as a miss',
      });
      deadEnds.recordOutcome(registered.id, 'miss');
      return;
    }
    deadEnds.recordOutcome(id, outcome, experienceAlignment(deadEnds.list(), id, this.state.direction.current));
  }

  getPlaybook(options?: GetPlaybookOptions): PlaybookBullet[] {
    return readPlaybook(this.state, options);
  }

  applyPlaybookDelta(delta: PlaybookDelta): PlaybookBullet | undefined {
    if (!this.state.playbook) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'This engine has no playbook: create it without playbook: { enabled: false }.' });
    if (typeof delta !== 'object' || delta === null) throw new CairnError({ code: 'INVALID_MESSAGE', message: "applyPlaybookDelta needs a delta: { op: 'add' | 'count' | 'merge' | 'prune', … }." });
    const mirrored = applyDeadEndDelta(this.state, delta, (id, outcome) => this.recordOutcome(id, outcome));
    if (mirrored) return mirrored.bullet;
    return applyKnown(this.state.playbook, delta) ?? (delta.op === 'prune' ? undefined : this.state.playbook.playbook.get((delta as { id?: string }).id ?? ''));
  }

  listDeadEnds({ topK }: { topK?: number } = {}): DeadEnd[] {
    return this.state.deadEnds.list({ topK, direction: this.state.direction.current });
  }

  pin(ids: readonly string[]): void {
    const { log, pinned } = this.state;
    for (const id of ids) {
      const message = log.message(id);
      if (!message) {
        throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `Cannot pin "${id}": no message with that id is in the log. Ingest it first.`, details: { id } });
      }
    }
    for (const id of ids) {
      pinned.add(id);
      const position = log.entries.findIndex((entry) => entry.message.id === id);
      log.pinUnit(log.entries[position]!.unit);
    }
    tagResources(this.state, ids, 'preserved', 'promote', 'pin');
  }

  tag(ids: readonly string[], resourceClass: ResourceClass, reason?: string): ResourceTag[] {
    return tagResources(this.state, ids, resourceClass, 'tag', reason);
  }

  promote(ids: readonly string[], resourceClass: ResourceClass, reason?: string): ResourceTag[] {
    return tagResources(this.state, ids, resourceClass, 'promote', reason);
  }

  resourceClass(id: string): ResourceClass | undefined {
    return resourceClassOf(this.state, id);
  }

  resourceLedger(): readonly ResourceTag[] {
    return this.state.resources.history();
  }

  project(options: { targetPressure: number; budget?: number }): Projection {
    return projectHistory(this.state, options);
  }

  expand(projection: Projection): Projection {
    return expandHistory(this.state, projection);
  }

  crystallize(options?: CrystallizeOptions): Crystal {
    return crystallizeState(this.state, options);
  }

  window(): ContextWindow<TurnSlice> {
    return turnWindow(this.getMessages());
  }

  async prepare(options: { query?: string } = {}): Promise<number> {
    const query = checkQuery(checkAssembleOptions(options).query);
    const { dense, log } = this.state;
    if (!dense) return 0;
    return dense.prepare(log, query?.trim() ? query : undefined);
  }

  async reflect(reflectOptions: { minMessages?: number } = {}): Promise<number> {
    const { playbook, options, log } = this.state;
    if (!playbook) return 0;
    const applied = options.playbook.reflector ? await reflectPlaybook(playbook, options.playbook.reflector, log.entries.map((entry) => entry.message), reflectOptions.minMessages) : 0;
    return options.embedder ? applied + (await mergePlaybookByEmbedder(playbook, options.embedder, options.playbook.mergeSimilarity)) : applied;
  }

  summarize(): Promise<number> {
    return summarizeUnits(this.state);
  }

  summarizePages(): Promise<number> {
    return summarizePages(this.state);
  }

  consult(request: ZoomRequest): ZoomResult {
    return zoomPages(this.state.pages, 'Consult', request, this.state.options.pages, this.state.turn);
  }

  shelve(request: ZoomRequest): ZoomResult {
    return zoomPages(this.state.pages, 'Shelve', request, this.state.options.pages, this.state.turn);
  }

  getPage(id: string): PageManifest | undefined {
    const unit = typeof id === 'string' ? this.state.pages.resolve(id) : undefined;
    const container = unit === undefined && typeof id === 'string' ? this.state.pages.consolidation?.get(id) : undefined;
    if (container) return consolidatedManifest(this.state.pages, container, this.state.turn, this.state.units);
    return unit === undefined ? undefined : this.state.pages.manifest(unit, this.state.units[unit], this.state.turn);
  }

  listPages(type: PageType | 'all' = 'Original'): PageManifest[] {
    const { pages } = this.state;
    const manifests: PageManifest[] = [];
    if (type !== 'Consolidated') for (let unit = 0; unit < pages.size; unit++) manifests.push(pages.manifest(unit, this.state.units[unit], this.state.turn));
    if (type !== 'Original') for (const page of pages.consolidation?.all() ?? []) manifests.push(consolidatedManifest(pages, page, this.state.turn, this.state.units));
    return manifests;
  }

  consolidate(): ConsolidateResult {
    return consolidatePages(this.state.pages, this.state.options.now, this.state.turn);
  }

  warm(options?: WarmOptions): WarmResult {
    return warmCompressions(this.state, options);
  }
}

/**
 * Creates a context engine.
 *
 * @param options - Every option is optional; see {@link ContextEngineOptions} for defaults.
 * @returns A new, empty engine.
 * @throws CairnError `INVALID_OPTIONS` or `INVALID_BUDGET` for options that make no sense.
 *
 * @example
 * ```ts
 * const engine = createContextEngine({ budget: 8_000 });
 * engine.ingest([{ id: 'u1', role: 'user', content: 'Book the 9am flight, never the red-eye.' }]);
 * const { messages, metadata } = engine.assemble({ query: 'which flight?' });
 * ```
 */
export function createContextEngine(options: ContextEngineOptions = {}): ContextEngine {
  return new Engine(options);
}

/** @internal */
export function createEngineForRestore(options: ContextEngineOptions): Engine {
  return new Engine(options);
}

export type { Engine };
