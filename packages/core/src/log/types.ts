/** The four roles agent frameworks exchange. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** A text part of a message's content. Non-text parts live in `metadata` of the adapter. */
export interface TextPart {
  type: 'text';
  text: string;
}

/** Message content: a string, or text parts (kept verbatim when rendered at full fidelity). */
export type MessageContent = string | readonly TextPart[];

/** One tool call made by an assistant message. */
export interface ToolCall {
  /** Provider id of the call; its result carries the same id in `toolCallId`. */
  id: string;
  /** Tool name. */
  name: string;
  /** Arguments as parsed JSON (an object, usually). */
  arguments: unknown;
}

/**
 * A message as cairn stores it: close to what agent frameworks exchange. An assistant message
 * may carry several tool calls (parallel calls); each result is a `tool` message whose
 * `toolCallId` names its call.
 */
export interface CairnMessage {
  /** Unique within a session. */
  id: string;
  role: Role;
  content: MessageContent;
  /** Speaker or tool name. */
  name?: string;
  /** Tool calls of an assistant message. */
  toolCalls?: readonly ToolCall[];
  /** For `tool` messages: the id of the call this result answers. */
  toolCallId?: string;
  /** For `tool` messages: the tool reported a failure. */
  isError?: boolean;
  /** Milliseconds since the epoch, as given by the caller. */
  timestamp?: number;
  /** Free-form data the adapter round-trips; `metadata.pinned === true` pins the message. */
  metadata?: Readonly<Record<string, unknown>>;
}

/** How faithfully a unit is rendered in the view. */
export type Fidelity = 'full' | 'compressed' | 'placeholder';

/** The engine's lifecycle phases (CDA). */
export type EnginePhase = 'idle' | 'ingest' | 'assemble' | 'afterTurn' | 'compact' | 'bootstrap';

/** What the agent is doing, inferred from intent and recent tools (drives `phaseMatch`). */
export type WorkPhase = 'converse' | 'explore' | 'act' | 'verify' | 'recover';

/** A message of the assembled view: what the model sees. */
export interface ViewMessage {
  /** The source message id at full fidelity; a derived, stable id otherwise. */
  id: string;
  role: Role;
  content: MessageContent;
  name?: string;
  toolCalls?: readonly ToolCall[];
  toolCallId?: string;
  isError?: boolean;
  timestamp?: number;
  metadata?: Readonly<Record<string, unknown>>;
  /** Ids of the log messages this view message renders. */
  sourceIds: readonly string[];
  /** The fidelity it is rendered at. */
  fidelity: Fidelity;
  /** True for messages cairn made up (placeholders, repaired results, briefs). */
  synthetic?: boolean;
}
