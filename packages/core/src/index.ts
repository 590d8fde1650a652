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
  DEFAULT_PRESSURE,
  DEFAULT_THRESHOLDS,
  DEFAULT_WEIGHTS,
} from './engine-options.js';
export type { ContextEngineOptions, FidelityThresholds, PressureLevels, ScoringWeights, Summarizer } from './engine-options.js';
export { CairnError } from './errors.js';
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
export { extractAnchors, entityKeys } from './extract-anchors.js';
export type { Anchor, AnchorKind } from './extract-anchors.js';
export { compressText } from './compress-text.js';
export type { CompressedText } from './compress-text.js';
export { NO_RESULT_TEXT } from './render-unit.js';
export { findViewViolations } from './find-view-violations.js';
export type { ViewMessageShape, ViewViolation } from './find-view-violations.js';
