export { createContextEngine } from './engine/index.js';
export type { ContextEngine, IngestResult } from './engine/index.js';
export { restoreContextEngine } from './engine/index.js';
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './engine/index.js';
export type { EngineSnapshot, UnitStateJson, VectorJson } from './engine/index.js';
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
} from './render/index.js';
export type { DirectionSample } from './direction/index.js';
export { classifyGradient } from './direction/index.js';
export type { GradientKind } from './direction/index.js';
export {
  DEFAULT_BUDGET,
  DEFAULT_CAUSAL_CHAIN_TURNS,
  DEFAULT_DIRECTION_DELTA,
  DEFAULT_MAX_CONTENT_CHARS,
  defaultMaxDataChars,
  DEFAULT_PRESSURE,
  DEFAULT_THRESHOLDS,
  DEFAULT_WEIGHTS,
} from './options/index.js';
export type { ContextEngineOptions, FidelityThresholds, PressureLevels, ScoringWeights, Summarizer } from './options/index.js';
export { CairnError } from './log/index.js';
export { checkBudgetOption, resolveBudgetOption } from './options/index.js';
export { checkEngineOptions } from './options/index.js';
export type { BudgetOption } from './options/index.js';
export type { CairnErrorCode, CairnErrorOptions } from './log/index.js';
export {
  argumentsText,
  contentText,
  countMessageTokens,
  createBpeTokenCounter,
  createCharTokenCounter,
  MESSAGE_OVERHEAD_TOKENS,
  TOOL_CALL_OVERHEAD_TOKENS,
} from './log/index.js';
export { DEFAULT_SUMMARY_INSTRUCTIONS, summaryTranscript } from './log/index.js';
export type { BpeTokenCounterOptions, CharTokenCounterOptions, TokenCounter } from './log/index.js';
export type { CairnMessage, EnginePhase, Fidelity, MessageContent, Role, TextPart, ToolCall, ViewMessage, WorkPhase } from './log/index.js';
export type { Embedder } from './options/index.js';
export { DEFAULT_DENSE_OPTIONS } from './options/index.js';
export type { DenseCombine, DenseOptions } from './options/index.js';
export { DEFAULT_SELECTION_OPTIONS } from './options/index.js';
export type { SelectionOptions } from './options/index.js';
export { DEFAULT_DIALOGUE_OPTIONS } from './options/index.js';
export type { DialogueOptions } from './options/index.js';
export { extractAnchors } from './text/index.js';
export { entityKeys } from './text/index.js';
export type { Anchor, AnchorKind } from './text/index.js';
export { compressText } from './text/index.js';
export type { CompressedText } from './text/index.js';
export { NO_RESULT_TEXT } from './render/index.js';
export { findViewViolations } from './render/index.js';
export type { ViewMessageShape, ViewViolation } from './render/index.js';
export { DeadEndTracker } from './dead-ends/index.js';
export type { ListDeadEndsOptions } from './dead-ends/index.js';
export { DEFAULT_DEAD_END_SIMILARITY } from './dead-ends/index.js';
export { DEFAULT_MAX_DEAD_ENDS } from './dead-ends/index.js';
export type { DeadEnd, DeadEndTrace, DeadEndTrackerOptions, GuardVerdict, ProposedToolCall, RegisterDeadEndInput } from './dead-ends/index.js';
export type { DeadEndSnapshot } from './dead-ends/index.js';
export { detectFailure, MAX_FAILURE_REASON_LENGTH } from './dead-ends/index.js';
export type { DetectFailureOptions, FailureSignal } from './dead-ends/index.js';
export { isTransientFailure, readExitStatus } from './dead-ends/index.js';
export { classifyFailure, DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER, isPermanentFailure } from './dead-ends/index.js';
export type { FailureClass } from './dead-ends/index.js';
export { experienceAlignment } from './dead-ends/index.js';
export { detectCorrection } from './dead-ends/index.js';
export { callSignature, nearText } from './dead-ends/index.js';
export type { CallSignature } from './dead-ends/index.js';
export { classifyToolEffect, toolVerb } from './dead-ends/index.js';
export type { ToolEffect } from './dead-ends/index.js';
export { discoverHotExperiences, HOT_EXPERIENCE_MAX_AGE_MS } from './dead-ends/index.js';
export type { DiscoverHotExperiencesOptions, ExperienceRecord, HotExperience } from './dead-ends/index.js';
export { briefText, DEAD_END_BRIEF_HEADER } from './dead-ends/index.js';
export { describeCall } from './dead-ends/index.js';
export { createLexicalVectoriser } from './text/index.js';
export type { LexicalVectoriser, LexicalVectoriserOptions } from './text/index.js';
export type { SparseVector } from './text/index.js';
export { checkTenant, createDeadEndPool } from './dead-ends/index.js';
export type { DeadEndPool, SharedDeadEnd } from './dead-ends/index.js';
export type { AppendMessagesOptions, LoadedSession, LoadedTail, SaveStateOptions, SessionKey, SessionPage, SessionStore, StoredState } from './session/index.js';
export { checkCrystalId, checkStoredCrystal, crystalStore, crystalsToReap, loadCrystal, resumeSession, storeCrystal } from './session/index.js';
export type { CrystalSessionStore, ResumeSessionOptions, StoredCrystal, StoredCrystalInfo } from './session/index.js';
export { checkSessionKey, checkSessionTenant } from './session/index.js';
export { abandonOnAbort, checkModelTimeoutMs, DEFAULT_MODEL_TIMEOUT_MS, type AbortSignalLike } from './session/index.js';
export { createInMemorySessionStore, DEFAULT_LIST_LIMIT, DEFAULT_MAX_MEMORY_SESSIONS, type InMemorySessionStoreOptions } from './session/index.js';
export { corruptSessionError } from './session/index.js';
export { sessionConflictError } from './session/index.js';
export { decodeStoredMessage } from './session/index.js';
export { encodeStoredMessage } from './session/index.js';
export { SESSION_STATE_FORMAT, SESSION_STATE_VERSION, snapshotSessionState } from './session/index.js';
export { createIdleMaintenance } from './session/index.js';
export type { IdleConsolidation, IdleConsolidationOptions, IdleMaintenance, IdleMaintenanceOptions } from './session/index.js';
export type { SessionStateJson } from './session/index.js';
export { restoreSessionState } from './session/index.js';
export { DEFAULT_CHECKPOINT_EVERY, DEFAULT_MAX_CONFLICT_RETRIES, DEFAULT_TENANT, openSession } from './session/index.js';
export type { OpenSessionOptions } from './session/index.js';
export type { CairnSession } from './session/index.js';
export { hashText } from './text/index.js';
export { assignMessageIds, fingerprint, isPrefix, LruMap, MAX_SYNC_ALIGNMENTS, planSync, SerialQueue, SyncedKeys } from './sync/index.js';
export { FingerprintCache } from './sync/index.js';
export type { LruMapOptions, MessageIdAssignment, MessageIdentity, PlanSyncOptions, SyncPlan } from './sync/index.js';
export type { ContextBranch } from './engine/index.js';
export {
  DEFAULT_ADAPTIVE_BASE,
  DEFAULT_BRANCH_ENTROPY_BUDGET,
  DEFAULT_LOOP_REPEATS,
  DEFAULT_LOOP_WINDOW,
  DEFAULT_NEAR_LOOP_SIMILARITY,
  DEFAULT_RESTATEMENT_SIMILARITY,
} from './options/index.js';
export type { AdaptiveThresholdOptions, BranchDefaults, LoopDetectionOptions, LoopSignal, NearLoopSimilarity, RestatementSimilarity, SovereigntyOptions, VitalityPulse } from './options/index.js';
// Stall loop detection (issue 16, loops5).
export { DEFAULT_STALL_SETTINGS } from './options/index.js';
export type { StallSettings } from './options/index.js';
export { detectStallLoop, dialogueActs } from './sovereignty/index.js';
export type { DetectStallLoopOptions, DialogueAct } from './sovereignty/index.js';
export {
  ADAPTIVE_THRESHOLD_RANGE,
  adaptiveThreshold,
  checkBranchName,
  checkForkPoint,
  detectLoop,
  detectNearLoop,
  detectRestatementLoop,
  entropyTokens,
  hashAssistantTurn,
  LOOP_NOTICE_HEADER,
  loopNotice,
  MAX_BRANCH_NAME_LENGTH,
  MergeStrategy,
  SUMMARY_MAX_TOKENS,
} from './sovereignty/index.js';
export type { AdaptiveThresholdInput, AssistantTurnHashes, BranchInfo, BranchOptions, BranchStatus, DetectLoopOptions, DetectNearLoopOptions, DetectRestatementLoopOptions, MergeResult, SovereigntyMetadata } from './sovereignty/index.js';
export type { SaveBranchOptions, SessionBranch, StoredBranch } from './session/index.js';
export { BRANCH_RECORD_FORMAT, BRANCH_RECORD_VERSION, checkBranchRecord } from './session/index.js';
export {
  compareResourceClass,
  ContextWindow,
  createContextWindow,
  defaultResourceClass,
  isResourceClass,
  MAX_TAG_REASON_CHARS,
  maxResourceClass,
  RESOURCE_CLASS,
  RESOURCE_CLASS_RANK,
  RESOURCE_CLASSES,
  ResourceLedger,
  turnStarts,
  turnWindow,
  anchorsKept,
  expandProjection,
  MDL_ANCHOR_KINDS,
  mdlQuality,
  measuredAnchors,
  projectContext,
  showsAtMost,
  checkCrystal,
  CRYSTAL_FORMAT,
  CRYSTAL_VERSION,
  isCrystalExpired,
  reapableCrystals,
} from './sovereignty/index.js';
export type { Crystal, CrystalLineage, CrystalRecord, CrystalSummary } from './sovereignty/index.js';
export { cherishCrystal, CRYSTAL_METADATA_KEY, crystalSummaryText, resumeFromCrystal } from './engine/index.js';
export type { CrystallizeOptions, ResumeFromCrystalOptions } from './engine/index.js';
export { DEFAULT_CRYSTAL_SUMMARY_TOKENS, DEFAULT_CRYSTAL_TTL_MS } from './options/index.js';
export type { ContextWindowInit, MdlQuality, Projection, ProjectionItem, ProjectOptions, ResourceClass, ResourceClassFacts, ResourceTag, TurnSlice, VitalityReport } from './sovereignty/index.js';
export { DEFAULT_PAGE_OPTIONS } from './options/index.js';
export type { PageOptions } from './options/index.js';
export { DEFAULT_CONSOLIDATION_OPTIONS } from './options/index.js';
export type { ConsolidationOptions } from './options/index.js';
export { looksLikePageId, pageIdOf, refineText, summarizePage } from './pages/index.js';
export type { PageManifest, PageSnapshot, PageType, PageView, TraceStep, ZoomAction, ZoomEntry, ZoomRequest, ZoomResult, ZoomStatus } from './pages/index.js';
export type { ConsolidateResult } from './pages/index.js';
export { CONSOLIDATED_SUMMARY_INSTRUCTIONS, MAX_WRITTEN_SUMMARY_CHARS, MERGE_HEAT_LIMIT, QUERY_HIT_HEAT } from './pages/index.js';
export { bulletLine, createPlaybookPool, lexicalSimilarity, Playbook, PLAYBOOK_HEADER, PLAYBOOK_POOL_MAX_BULLETS, renderPlaybook, SECTION_SLUGS, SECTION_TITLES } from './playbook/index.js';
export type { PlaybookBullet, PlaybookDelta, PlaybookRuntimeSnapshot, PlaybookSnapshot, PlaybookStoreOptions } from './playbook/index.js';
export { DEFAULT_PLAYBOOK_MAX_BULLETS, DEFAULT_PLAYBOOK_MAX_TOKENS, DEFAULT_PLAYBOOK_MERGE_SIMILARITY } from './options/index.js';
export type { PlaybookOptions, PlaybookPool, PlaybookReflector, PlaybookReflectorInput, PlaybookSection, SharedBullet } from './options/index.js';
// Dead ends that steer what the view keeps (issue 15).
export { DEFAULT_DEAD_END_STEERING } from './options/index.js';
export type { DeadEndSteeringOptions } from './options/index.js';
export type { DeadEndRegistryOptions } from './options/index.js';
export type { SteeredDeadEnd } from './direction/index.js';
// Dead ends as bullets of the playbook's mistakes section (issue 15).
export { DEAD_END_BULLET_PREFIX, deadEndBullets } from './playbook/index.js';
export { DEFAULT_REFLECTOR_INSTRUCTIONS, isPlaybookDelta, parsePlaybookDeltas, reflectorTranscript } from './playbook/index.js';
export type { ReflectorTranscriptOptions } from './playbook/index.js';
export type { GetPlaybookOptions } from './engine/index.js';
export { DEFAULT_WARM_UNITS, type WarmOptions, type WarmResult } from './engine/index.js';
// Recoveries that kept working become skills (issue 15).
export { DEFAULT_PLAYBOOK_SKILL_AFTER } from './options/index.js';
export type { PlaybookSkill } from './options/index.js';
export { DEFAULT_PREFIX_OPTIONS } from './options/index.js';
export type { PrefixOptions } from './options/index.js';
