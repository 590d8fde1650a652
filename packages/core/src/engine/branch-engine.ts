import { CairnError, type CairnMessage } from '../log/index.js';
import type { ContextEngineOptions } from '../options/index.js';
import type { AfterTurnInput, AfterTurnResult, AssembleOptions, AssembleResult, CompactOptions, CompactResult, DirectionState } from '../render/index.js';
import type { DeadEnd, GuardVerdict, ProposedToolCall, RegisterDeadEndInput } from '../dead-ends/index.js';
import {
  buildMergeMessages,
  checkBranchName,
  checkForkPoint,
  entropyTokens,
  MergeStrategy,
  type BranchInfo,
  type BranchOptions,
  type BranchStatus,
  type MergeResult,
} from '../sovereignty/index.js';
import type { ContextBranch, ContextEngine, IngestResult } from './context-engine-interface.js';
import type { EngineState } from '../render/index.js';
import type { EngineSnapshot } from './snapshot.js';
import { ResourceLedger, turnStarts, turnWindow, type ContextWindow, type Crystal, type Projection, type ResourceClass, type ResourceTag, type TurnSlice } from '../sovereignty/index.js';
import type { CrystallizeOptions } from './crystallize.js';
import type { BranchRegistry, EngineBranchSnapshot, RegisteredBranch } from './branch-registry.js';
import type { WarmOptions, WarmResult } from './warm-compressions.js';
import type { ConsolidateResult, PageManifest, PageType, ZoomRequest, ZoomResult } from '../pages/index.js';
import type { PlaybookBullet, PlaybookDelta } from '../playbook/index.js';

/** An engine with its state in reach (the engine class, seen structurally to keep imports one way). @internal */
export type Engine = ContextEngine & { readonly state: EngineState; readonly branchRegistry: BranchRegistry; afterAppend(unitsBefore: number): void };

/** What a parent hands to {@link createBranch}. @internal */
export interface BranchParent {
  /** The parent's engine (for a branch of a branch: the parent branch's child engine). */
  engine: Engine;
  /** The parent's scope path. */
  path: readonly string[];
  /** Appends to the parent (through its guard, for a branch of a branch). */
  ingest: (messages: readonly CairnMessage[]) => IngestResult;
  /** Makes an empty engine with the parent's options under another session id. */
  makeEngine: (options: ContextEngineOptions) => Engine;
  /** The options the parent was made with. */
  options: ContextEngineOptions;
}

/**
 * Forks an engine from its origin (the parent's window focused on the fork turn): the child's log
 * holds the first `at` messages of the origin's history — the parent's own message objects, with
 * the parent's token counts (nothing is copied or recounted) — its units the parent's fidelity
 * decisions, pins and summaries.
 * @internal
 */
function forkEngine(parent: BranchParent, sessionId: string, origin: ContextWindow<TurnSlice>, at: number): Engine {
  const child = parent.makeEngine({ ...parent.options, sessionId });
  const from = parent.engine.state;
  const to = child.state;
  const shared = origin.extract().history.slice(0, at);
  to.log.append(
    shared,
    shared.map((_, position) => from.log.entries[position]!.tokens),
  );
  for (const id of from.pinned) if (to.log.hasMessage(id)) to.pinned.add(id);
  // Resource classes of the shared part carry over (the ledger's entries for ids the child holds).
  to.resources = ResourceLedger.fromJSON(from.resources.toJSON().filter((entry) => to.log.hasMessage(entry.id)), (id) => to.log.hasMessage(id));
  child.afterAppend(0);
  // A unit cut by the fork point (a call whose results come later) starts over: its decision is not copied.
  to.units.forEach((unit, index) => {
    if (to.log.units[index]!.positions.length === from.log.units[index]!.positions.length) Object.assign(unit, from.units[index]);
  });
  for (const message of shared) to.deadEnds.observe(message);
  for (const [id, text] of from.summaries) if (to.log.hasMessage(id)) to.summaries.set(id, text);
  to.turn = from.turn;
  to.lastBudget = from.lastBudget;
  to.lastQuery = from.lastQuery;
  return child;
}

class Branch implements ContextBranch, RegisteredBranch {
  #status: BranchStatus = 'open';
  readonly depth: number;

  constructor(
    readonly name: string,
    readonly path: readonly string[],
    readonly forkAt: number,
    readonly entropyTokens: number,
    readonly origin: ContextWindow<TurnSlice>,
    private readonly child: Engine,
    private readonly parent: BranchParent,
  ) {
    this.depth = path.length - 1;
  }

  get status(): BranchStatus {
    return this.#status;
  }

  get sessionId(): string {
    return this.child.sessionId;
  }

  get phase() {
    return this.child.phase;
  }

  private checkOpen(operation: string): void {
    if (this.#status !== 'open') {
      throw new CairnError({
        code: 'BRANCH_CLOSED',
        message: `Cannot ${operation} branch "${this.path.join('/')}": it was ${this.#status}. Open a new branch to explore again.`,
        details: { path: [...this.path], status: this.#status },
      });
    }
  }

  ingest(messages: CairnMessage | readonly CairnMessage[]): IngestResult {
    this.checkOpen('ingest into');
    return this.child.ingest(messages);
  }

  afterTurn(result?: AfterTurnInput): AfterTurnResult {
    if (result?.messages && result.messages.length > 0) this.checkOpen('ingest into');
    return this.child.afterTurn(result);
  }

  branch(name: string, options?: BranchOptions): ContextBranch {
    this.checkOpen('branch from');
    return createBranch(this.asParent(), name, options);
  }

  /** This branch as the parent of its own branches. */
  asParent(): BranchParent {
    return { engine: this.child, path: this.path, ingest: (messages) => this.ingest(messages), makeEngine: this.parent.makeEngine, options: this.parent.options };
  }

  listBranches(): (BranchInfo & { status: BranchStatus })[] {
    return this.child.listBranches();
  }

  openBranch(name: string): ContextBranch {
    return this.child.openBranch(name);
  }

  ownMessages(): CairnMessage[] {
    return this.child.state.log.entries.slice(this.forkAt).map((entry) => entry.message);
  }

  branchSnapshots(): EngineBranchSnapshot[] {
    return this.child.branchRegistry.toJSON();
  }

  merge(strategy: MergeStrategy = MergeStrategy.SUMMARIZE): MergeResult {
    this.checkOpen('merge');
    const parentState = this.parent.engine.state;
    const own = this.child.state.log.entries.slice(this.forkAt).map((entry) => entry.message);
    // Unique in the parent: a branch name is used once per parent, and the fork point pins it.
    const idPrefix = `cairn-branch:${this.path.slice(1).join('/')}@${this.forkAt}:`;
    const built = buildMergeMessages({ path: this.path, strategy, messages: own, entropyTokens: this.entropyTokens, idPrefix, tokenCounter: parentState.options.tokenCounter });
    if (built.messages.length > 0) this.parent.ingest(built.messages);
    this.#status = 'merged';
    this.parent.engine.branchRegistry.close(this.name, 'merged');
    return { strategy: strategy.kind, addedIds: built.messages.map((message) => message.id), tokens: built.tokens };
  }

  discard(): void {
    this.checkOpen('discard');
    this.#status = 'discarded';
    this.parent.engine.branchRegistry.close(this.name, 'discarded');
  }

  assemble(options?: AssembleOptions): AssembleResult {
    return this.child.assemble(options);
  }
  compact(options?: CompactOptions): CompactResult {
    return this.child.compact(options);
  }
  getDirectionState(): DirectionState {
    return this.child.getDirectionState();
  }
  snapshot(): EngineSnapshot {
    return this.child.snapshot();
  }
  getMessage(id: string): CairnMessage | undefined {
    return this.child.getMessage(id);
  }
  getMessages(): readonly CairnMessage[] {
    return this.child.getMessages();
  }
  checkToolCall(call: ProposedToolCall): GuardVerdict {
    return this.child.checkToolCall(call);
  }
  registerDeadEnd(input: RegisterDeadEndInput): DeadEnd {
    this.checkOpen('register a dead end in');
    return this.child.registerDeadEnd(input);
  }
  recordOutcome(id: string, outcome: 'hit' | 'miss'): void {
    this.child.recordOutcome(id, outcome);
  }
  listDeadEnds(options?: { topK?: number }): DeadEnd[] {
    return this.child.listDeadEnds(options);
  }
  pin(ids: readonly string[]): void {
    this.child.pin(ids);
  }
  tag(ids: readonly string[], resourceClass: ResourceClass, reason?: string): ResourceTag[] {
    return this.child.tag(ids, resourceClass, reason);
  }
  promote(ids: readonly string[], resourceClass: ResourceClass, reason?: string): ResourceTag[] {
    return this.child.promote(ids, resourceClass, reason);
  }
  resourceClass(id: string): ResourceClass | undefined {
    return this.child.resourceClass(id);
  }
  resourceLedger(): readonly ResourceTag[] {
    return this.child.resourceLedger();
  }
  project(options: { targetPressure: number; budget?: number }): Projection {
    return this.child.project(options);
  }
  expand(projection: Projection): Projection {
    return this.child.expand(projection);
  }
  crystallize(options?: CrystallizeOptions): Crystal {
    return this.child.crystallize(options);
  }
  window(): ContextWindow<TurnSlice> {
    return this.child.window();
  }
  consult(request: ZoomRequest): ZoomResult {
    return this.child.consult(request);
  }
  shelve(request: ZoomRequest): ZoomResult {
    return this.child.shelve(request);
  }
  getPage(id: string): PageManifest | undefined {
    return this.child.getPage(id);
  }
  listPages(type?: PageType | 'all'): PageManifest[] {
    return this.child.listPages(type);
  }
  consolidate(): ConsolidateResult {
    return this.child.consolidate();
  }
  warm(options?: WarmOptions): WarmResult {
    return this.child.warm(options);
  }
  getPlaybook(options?: { deadEnds?: boolean }): PlaybookBullet[] {
    return this.child.getPlaybook(options);
  }
  applyPlaybookDelta(delta: PlaybookDelta): PlaybookBullet | undefined {
    return this.child.applyPlaybookDelta(delta);
  }
  reflect(options?: { minMessages?: number }): Promise<number> {
    return this.child.reflect(options);
  }
  prepare(options?: { query?: string }): Promise<number> {
    return this.child.prepare(options);
  }
  summarize(): Promise<number> {
    return this.child.summarize();
  }
  summarizePages(): Promise<number> {
    return this.child.summarizePages();
  }
}

/**
 * Where a branch starts, found through the parent's window comonad: `duplicate` gives, at every
 * turn, the parent's window focused there — every place a branch can start from — and the branch
 * takes the one at its fork turn as its origin (the fork turn is `options.turn`, or the turn that
 * holds message `at − 1`).
 * @internal
 */
function forkOrigin(engine: Engine, options: BranchOptions): { origin: ContextWindow<TurnSlice>; at: number } {
  const length = engine.state.log.entries.length;
  if (options.turn !== undefined && options.at !== undefined) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'branch(name, options): give either at (a message count) or turn (a turn position), not both.', details: { at: options.at, turn: options.turn } });
  }
  const messages = engine.getMessages();
  const origins = turnWindow(messages).duplicate();
  if (options.turn !== undefined) {
    const turn = options.turn;
    if (typeof turn !== 'number' || !Number.isInteger(turn) || turn < 0 || turn >= origins.size) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid branch option turn: got ${String(turn)}; expected a whole number from 0 to ${origins.size - 1} (the parent's turns).`, details: { turn, turns: origins.size } });
    }
    const origin = origins.peek(turn);
    return { origin, at: origin.extract().end };
  }
  const at = checkForkPoint(options.at, length);
  const starts = turnStarts(messages);
  let turn = 0;
  while (turn + 1 < starts.length && starts[turn + 1]! < at) turn++;
  return { origin: origins.peek(turn), at };
}

/**
 * Opens a branch under `parent` (see {@link ContextBranch}). Costs nothing in the parent's view.
 * `restoredTokens` (restore only) keeps the entropy budget a snapshot recorded.
 * @throws CairnError `INVALID_BRANCH_NAME`, `BRANCH_EXISTS`, `INVALID_OPTIONS` (entropy budget, fork point)
 * @internal
 */
export function createBranch(parent: BranchParent, name: string, options: BranchOptions = {}, restoredTokens?: number): ContextBranch {
  checkBranchName(name);
  if (typeof options !== 'object' || options === null) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'branch(name, options): options must be an object { entropyBudget?, at?, turn? }.' });
  const tokens = restoredTokens ?? entropyTokens(parent.engine.state.options.budget, options.entropyBudget ?? parent.engine.state.options.sovereignty.entropyBudget);
  const registry = parent.engine.branchRegistry;
  if (registry.has(name)) {
    throw new CairnError({ code: 'BRANCH_EXISTS', message: `A branch named "${name}" already exists under "${parent.path.join('/')}" (names are used once per parent, closed branches included). Pick another name.`, details: { name } });
  }
  const { origin, at } = forkOrigin(parent.engine, options);
  const path = [...parent.path, name];
  const child = forkEngine(parent, path.join('/'), origin, at);
  const branch = new Branch(name, path, at, tokens, origin, child, parent);
  registry.open(branch);
  return branch;
}

/**
 * Makes again the branches a snapshot recorded under `parent`: an open branch forks at its
 * recorded point (sharing the parent's restored log, nothing copied), takes its own messages
 * again (its fidelity decisions are made afresh) and its own branches; a closed one comes back
 * as a record only, so its name stays used.
 * @throws CairnError what `branch` and `ingest` throw for records that do not fit the parent
 * @internal
 */
export function restoreBranches(parent: BranchParent, records: readonly EngineBranchSnapshot[]): void {
  for (const record of records) {
    if (record.status !== 'open') {
      checkBranchName(record.name);
      if (parent.engine.branchRegistry.has(record.name)) throw new CairnError({ code: 'BRANCH_EXISTS', message: `The branch "${record.name}" is recorded twice.`, details: { name: record.name } });
      const path = [...parent.path, record.name];
      parent.engine.branchRegistry.closed({ name: record.name, path, depth: path.length - 1, forkAt: record.forkAt, entropyTokens: record.entropyTokens }, record.status);
      continue;
    }
    const branch = createBranch(parent, record.name, { at: record.forkAt }, record.entropyTokens) as Branch;
    if (record.messages && record.messages.length > 0) branch.ingest(record.messages);
    restoreBranches(branch.asParent(), record.branches ?? []);
  }
}

export type { ContextEngine };
