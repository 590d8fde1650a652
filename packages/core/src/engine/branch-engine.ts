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
  type BranchOptions,
  type BranchStatus,
  type MergeResult,
} from '../sovereignty/index.js';
import type { ContextBranch, ContextEngine, IngestResult } from './context-engine-interface.js';
import type { EngineState } from '../render/index.js';
import type { EngineSnapshot } from './snapshot.js';
import { ResourceLedger, type ContextWindow, type Crystal, type Projection, type ResourceClass, type ResourceTag, type TurnSlice } from '../sovereignty/index.js';
import type { CrystallizeOptions } from './crystallize.js';
import type { ConsolidateResult, PageManifest, PageType, ZoomRequest, ZoomResult } from '../pages/index.js';
import type { PlaybookBullet, PlaybookDelta } from '../playbook/index.js';

/** An engine with its state in reach (the engine class, seen structurally to keep imports one way). @internal */
export type Engine = ContextEngine & { readonly state: EngineState; afterAppend(unitsBefore: number): void };

/** What a parent hands to {@link createBranch}. @internal */
export interface BranchParent {
  /** The parent's engine (for a branch of a branch: the parent branch's child engine). */
  engine: Engine;
  /** The parent's scope path. */
  path: readonly string[];
  /** Names used under the parent so far (closed branches included). */
  names: Set<string>;
  /** Appends to the parent (through its guard, for a branch of a branch). */
  ingest: (messages: readonly CairnMessage[]) => IngestResult;
  /** Makes an empty engine with the parent's options under another session id. */
  makeEngine: (options: ContextEngineOptions) => Engine;
  /** The options the parent was made with. */
  options: ContextEngineOptions;
}

/**
 * Forks an engine: the child's log holds the parent's message objects and token counts (no
 * message is copied or recounted), its units the parent's fidelity decisions, pins and summaries.
 * @internal
 */
function forkEngine(parent: BranchParent, sessionId: string, at: number): Engine {
  const child = parent.makeEngine({ ...parent.options, sessionId });
  const from = parent.engine.state;
  const to = child.state;
  const shared = from.log.entries.slice(0, at);
  to.log.append(
    shared.map((entry) => entry.message),
    shared.map((entry) => entry.tokens),
  );
  for (const id of from.pinned) if (to.log.hasMessage(id)) to.pinned.add(id);
  // Resource classes of the shared part carry over (the ledger's entries for ids the child holds).
  to.resources = ResourceLedger.fromJSON(from.resources.toJSON().filter((entry) => to.log.hasMessage(entry.id)), (id) => to.log.hasMessage(id));
  child.afterAppend(0);
  // A unit cut by the fork point (a call whose results come later) starts over: its decision is not copied.
  to.units.forEach((unit, index) => {
    if (to.log.units[index]!.positions.length === from.log.units[index]!.positions.length) Object.assign(unit, from.units[index]);
  });
  for (const entry of shared) to.deadEnds.observe(entry.message);
  for (const [id, text] of from.summaries) if (to.log.hasMessage(id)) to.summaries.set(id, text);
  to.turn = from.turn;
  to.lastBudget = from.lastBudget;
  to.lastQuery = from.lastQuery;
  return child;
}

class Branch implements ContextBranch {
  #status: BranchStatus = 'open';
  readonly #names = new Set<string>();
  readonly depth: number;

  constructor(
    readonly name: string,
    readonly path: readonly string[],
    readonly forkAt: number,
    readonly entropyTokens: number,
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
    return createBranch(
      { engine: this.child, path: this.path, names: this.#names, ingest: (messages) => this.ingest(messages), makeEngine: this.parent.makeEngine, options: this.parent.options },
      name,
      options,
    );
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
    return { strategy: strategy.kind, addedIds: built.messages.map((message) => message.id), tokens: built.tokens };
  }

  discard(): void {
    this.checkOpen('discard');
    this.#status = 'discarded';
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
  getPlaybook(): PlaybookBullet[] {
    return this.child.getPlaybook();
  }
  applyPlaybookDelta(delta: PlaybookDelta): PlaybookBullet | undefined {
    return this.child.applyPlaybookDelta(delta);
  }
  reflect(): Promise<number> {
    return this.child.reflect();
  }
  prepare(options?: { query?: string }): Promise<number> {
    return this.child.prepare(options);
  }
  summarize(): Promise<number> {
    return this.child.summarize();
  }
}

/**
 * Opens a branch under `parent` (see {@link ContextBranch}). Costs nothing in the parent's view.
 * @throws CairnError `INVALID_BRANCH_NAME`, `BRANCH_EXISTS`, `INVALID_OPTIONS` (entropy budget)
 * @internal
 */
export function createBranch(parent: BranchParent, name: string, options: BranchOptions = {}): ContextBranch {
  checkBranchName(name);
  if (typeof options !== 'object' || options === null) throw new CairnError({ code: 'INVALID_OPTIONS', message: 'branch(name, options): options must be an object { entropyBudget? }.' });
  const tokens = entropyTokens(parent.engine.state.options.budget, options.entropyBudget ?? parent.engine.state.options.sovereignty.entropyBudget);
  if (parent.names.has(name)) {
    throw new CairnError({ code: 'BRANCH_EXISTS', message: `A branch named "${name}" already exists under "${parent.path.join('/')}" (names are used once per parent, closed branches included). Pick another name.`, details: { name } });
  }
  const at = checkForkPoint(options.at, parent.engine.state.log.entries.length);
  const path = [...parent.path, name];
  const child = forkEngine(parent, path.join('/'), at);
  parent.names.add(name);
  return new Branch(name, path, at, tokens, child, parent);
}

export type { ContextEngine };
