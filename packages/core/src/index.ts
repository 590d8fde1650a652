export { createContextEngine } from './context-engine.js';
export type { ContextEngine, IngestResult } from './context-engine.js';
export { restoreContextEngine } from './restore-context-engine.js';
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './snapshot.js';
export type { EngineSnapshot, UnitStateJson, VectorJson } from './snapshot.js';
export type {
  AfterTurnInput,
  AfterTurnResult,
  AssembleMetadata,
  AssembleOptions,
  AssembleResult,
  CompactOptions,
  CompactResult,
  DecisionReason,
  DirectionState,
  UnitDecision,
} from './engine-types.js';
export type { DirectionSample } from './direction-tracker.js';
export { classifyGradient } from './classify-gradient.js';
export type { GradientKind } from './classify-gradient.js';
export {
  DEFAULT_BUDGET,
  DEFAULT_CAUSAL_CHAIN_TURNS,
  DEFAULT_DIRECTION_DELTA,
  DEFAULT_MAX_CONTENT_CHARS,
  defaultMaxDataChars,
  DEFAULT_PRESSURE,
  DEFAULT_THRESHOLDS,
  DEFAULT_WEIGHTS,
} from './engine-options.js';
export type { ContextEngineOptions, FidelityThresholds, PressureLevels, ScoringWeights, Summarizer } from './engine-options.js';
export { CairnError } from './errors.js';
export { checkBudgetOption, resolveBudgetOption } from './budget-option.js';
export type { BudgetOption } from './budget-option.js';
export type { CairnErrorCode, CairnErrorOptions } from './errors.js';
export {
  argumentsText,
  contentText,
  countMessageTokens,
  createBpeTokenCounter,
  createCharTokenCounter,
  MESSAGE_OVERHEAD_TOKENS,
  TOOL_CALL_OVERHEAD_TOKENS,
} from './token-counter.js';
export type { BpeTokenCounterOptions, CharTokenCounterOptions, TokenCounter } from './token-counter.js';
export type { CairnMessage, EnginePhase, Fidelity, MessageContent, Role, TextPart, ToolCall, ViewMessage, WorkPhase } from './types.js';
export type { Embedder } from './embedder.js';
export { extractAnchors } from './extract-anchors.js';
export { entityKeys } from './entity-keys.js';
export type { Anchor, AnchorKind } from './extract-anchors.js';
export { compressText } from './compress-text.js';
export type { CompressedText } from './compress-text.js';
export { NO_RESULT_TEXT } from './render-unit.js';
export { findViewViolations } from './find-view-violations.js';
export type { ViewMessageShape, ViewViolation } from './find-view-violations.js';
export { DeadEndTracker } from './dead-end-tracker.js';
export type { ListDeadEndsOptions } from './dead-end-tracker.js';
export { DEFAULT_DEAD_END_SIMILARITY } from './dead-end-types.js';
export type { DeadEnd, DeadEndTrace, DeadEndTrackerOptions, GuardVerdict, ProposedToolCall, RegisterDeadEndInput } from './dead-end-types.js';
export type { DeadEndSnapshot } from './dead-end-snapshot.js';
export { detectFailure, MAX_FAILURE_REASON_LENGTH } from './detect-failure.js';
export type { FailureSignal } from './detect-failure.js';
export { callSignature, nearText } from './call-signature.js';
export type { CallSignature } from './call-signature.js';
export { classifyToolEffect, toolVerb } from './classify-tool-effect.js';
export type { ToolEffect } from './classify-tool-effect.js';
export { discoverHotExperiences, HOT_EXPERIENCE_MAX_AGE_MS } from './discover-hot-experiences.js';
export type { DiscoverHotExperiencesOptions, ExperienceRecord, HotExperience } from './discover-hot-experiences.js';
export { briefText, DEAD_END_BRIEF_HEADER } from './dead-end-brief.js';
export { describeCall } from './describe-call.js';
export { createLexicalVectoriser } from './lexical-vectoriser.js';
export type { LexicalVectoriser, LexicalVectoriserOptions } from './lexical-vectoriser.js';
export type { SparseVector } from './sparse-vector.js';
export { checkTenant, createDeadEndPool } from './dead-end-pool.js';
export type { DeadEndPool, SharedDeadEnd } from './dead-end-pool.js';
export type { AppendMessagesOptions, LoadedSession, LoadedTail, SaveStateOptions, SessionKey, SessionPage, SessionStore, StoredState } from './session-store.js';
export { checkSessionKey, checkSessionTenant } from './check-session-key.js';
export { createInMemorySessionStore, DEFAULT_LIST_LIMIT } from './in-memory-session-store.js';
export { corruptSessionError } from './corrupt-session-error.js';
export { sessionConflictError } from './session-conflict-error.js';
export { decodeStoredMessage } from './decode-stored-message.js';
export { encodeStoredMessage } from './encode-stored-message.js';
export { SESSION_STATE_FORMAT, SESSION_STATE_VERSION, snapshotSessionState } from './session-state.js';
export type { SessionStateJson } from './session-state.js';
export { restoreSessionState } from './restore-session-state.js';
export { DEFAULT_CHECKPOINT_EVERY, DEFAULT_MAX_CONFLICT_RETRIES, DEFAULT_TENANT, openSession } from './open-session.js';
export type { OpenSessionOptions } from './open-session.js';
export type { CairnSession } from './cairn-session.js';
export { hashText } from './hash-text.js';
