import type { SparseVector } from '../text/index.js';
import type { TermBag } from '../text/index.js';
import type { CairnMessage, Fidelity, ViewMessage, WorkPhase } from './types.js';

/**
 * What a unit is. An assistant message with tool calls and all their results form one
 * `tool-exchange` unit, which changes fidelity atomically (CAM INV-03).
 */
export type UnitKind = 'system' | 'user' | 'assistant' | 'tool-exchange' | 'orphan-result';

/** One stored message with what ingest computed for it once. @internal */
export interface LogEntry {
  readonly message: CairnMessage;
  /** Position in the log. */
  readonly position: number;
  /** Tokens of the message at full fidelity (cached). */
  readonly tokens: number;
  /** The unit it belongs to. */
  readonly unit: number;
  readonly bag: TermBag;
}

/** A rendering of a unit at one fidelity, with its token cost. @internal */
export interface UnitRendering {
  readonly messages: readonly ViewMessage[];
  readonly tokens: number;
}

/** The scoring input and rendering caches of one unit. @internal */
export interface Unit {
  readonly index: number;
  /** The id of its lead message. */
  readonly id: string;
  readonly kind: UnitKind;
  /** Log positions: the lead message, then tool results in arrival order (trimmed to size once the unit is settled). */
  positions: number[];
  /** Calls of a tool exchange, in order, and the log position of each answer (-1: none yet). */
  readonly calls: { id: string; name: string; answer: number }[];
  /** Tokens of its stored messages at full fidelity. */
  messageTokens: number;
  /** Calls not answered yet. */
  openCalls: number;
  /** A result reported an error (isError). */
  isError: boolean;
  /** The unit holds a pinned message or a system message (set after opening only through `SessionLog.pinUnit`, which keeps the log's trait codes current). */
  pinned: boolean;
  workPhase: WorkPhase;
  /**
   * Units this one refers back to (shared entities, reply-to, lexical similarity). Edge objects
   * may be shared between units and are never changed; the array is trimmed to size once the unit
   * is settled.
   */
  edges: { readonly to: number; readonly kind: EdgeKind }[];
  /** Version, bumped when a message joins; invalidates the caches below. */
  version: number;
  /** The merged bag and vector; `messages`: how many messages the bag holds (it stays valid across a version bump that added none). */
  bagCache?: { version: number; messages: number; bag: TermBag; vector: SparseVector };
  compressedCache?: { version: number; rendering: UnitRendering };
  /** Renderings squeezed by the budget fallback, by content cap (a few, newest kept). */
  squeezedCache?: { version: number; renderings: Map<number, UnitRendering> };
  placeholderCache?: { version: number; text: string; tokens: number };
}

/** Kinds of semantic-context-graph edges. */
export type EdgeKind = 'reply-to' | 'entity' | 'similar';

/** The engine's persistent decision about a unit. @internal */
export interface UnitState {
  fidelity: Fidelity;
  /** Turn since which it has been a placeholder without a break (-1: it is not one). */
  placeholderSince: number;
  /** Last score and the turn it was computed at. */
  score: number;
  scoredTurn: number;
  /** Causal-chain protection already restored this unit once. */
  causalForced?: boolean;
}
