// Context sovereignty (issue 16): resource classes and their ledger, the store comonad over turns, the lossy
// projector and its quality measure, the adaptive threshold, the vitality pulse and loop detection, crystals.
// Public surface of this folder: other folders import it only through this file.

export { ADAPTIVE_THRESHOLD_RANGE, adaptiveThreshold } from './adaptive-threshold.js';
export type { AdaptiveThresholdInput } from './adaptive-threshold.js';
export { hashAssistantTurn } from './assistant-turn-hashes.js';
export type { AssistantTurnHashes } from './assistant-turn-hashes.js';
export { detectLoop } from './detect-loop.js';
export { detectNearLoop } from './detect-near-loop.js';
export type { DetectNearLoopOptions } from './detect-near-loop.js';
export { detectRestatementLoop, MIN_OUTPUT_TERMS } from './detect-restatement-loop.js';
export type { DetectRestatementLoopOptions } from './detect-restatement-loop.js';
export type { DetectLoopOptions } from './detect-loop.js';
export { detectStallLoop } from './detect-stall-loop.js';
export type { DetectStallLoopOptions } from './detect-stall-loop.js';
export { dialogueActs } from './dialogue-acts.js';
export type { DialogueAct } from './dialogue-acts.js';
export { LOOP_NOTICE_HEADER, loopNotice } from './loop-notice.js';
export { ERROR_RATE_WINDOW, senseVitality } from './sense-vitality.js';
export type { SenseVitalityInput, TurnVitality } from './sense-vitality.js';
export { checkBranchName, MAX_BRANCH_NAME_LENGTH } from './check-branch-name.js';
export { MergeStrategy } from './merge-strategy.js';
export { buildMergeMessages, SUMMARY_MAX_TOKENS } from './build-merge-messages.js';
export type { BuildMergeInput, MergeMessages } from './build-merge-messages.js';
export { checkForkPoint, entropyTokens } from './entropy-tokens.js';
export type { BranchInfo, BranchOptions, BranchStatus, MergeResult } from './branch-types.js';
export type { SovereigntyMetadata, VitalityReport } from './sovereignty-metadata.js';
export { compareResourceClass, isResourceClass, maxResourceClass, RESOURCE_CLASS, RESOURCE_CLASS_RANK, RESOURCE_CLASSES } from './resource-class.js';
export type { ResourceClass } from './resource-class.js';
export { defaultResourceClass } from './resource-class-defaults.js';
export type { ResourceClassFacts } from './resource-class-defaults.js';
export { MAX_TAG_REASON_CHARS, ResourceLedger } from './resource-ledger.js';
export type { ApplyTagsInput, ResourceTag } from './resource-ledger.js';
export { ContextWindow, createContextWindow } from './context-window.js';
export type { ContextWindowInit } from './context-window.js';
export { turnStarts, turnWindow } from './turn-window.js';
export type { TurnSlice } from './turn-window.js';
export { anchorsKept, MDL_ANCHOR_KINDS, mdlQuality, measuredAnchors } from './mdl-quality.js';
export type { MdlQuality } from './mdl-quality.js';
export { expandProjection, projectContext, showsAtMost } from './project-context.js';
export type { ProjectionItem, ProjectOptions, Projection } from './project-context.js';
export { checkCrystal, CRYSTAL_FORMAT, CRYSTAL_VERSION, isCrystalExpired, reapableCrystals, sealCrystal } from './crystal.js';
export type { Crystal, CrystalBody, CrystalLineage, CrystalRecord, CrystalSummary } from './crystal.js';
