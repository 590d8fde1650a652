// Context sovereignty (issue 16): resource classes and their ledger, the store comonad over turns, the lossy
// projector and its quality measure, the adaptive threshold, the vitality pulse and loop detection, crystals.
// Public surface of this folder: other folders import it only through this file.

export { ADAPTIVE_THRESHOLD_RANGE, adaptiveThreshold } from './adaptive-threshold.js';
export type { AdaptiveThresholdInput } from './adaptive-threshold.js';
export { hashAssistantTurn } from './assistant-turn-hashes.js';
export type { AssistantTurnHashes } from './assistant-turn-hashes.js';
export { detectLoop } from './detect-loop.js';
export type { DetectLoopOptions } from './detect-loop.js';
export { LOOP_NOTICE_HEADER, loopNotice } from './loop-notice.js';
export { ERROR_RATE_WINDOW, senseVitality } from './sense-vitality.js';
export type { SenseVitalityInput, TurnVitality } from './sense-vitality.js';
export { checkBranchName, MAX_BRANCH_NAME_LENGTH } from './check-branch-name.js';
export { MergeStrategy } from './merge-strategy.js';
export { buildMergeMessages, SUMMARY_MAX_TOKENS } from './build-merge-messages.js';
export type { BuildMergeInput, MergeMessages } from './build-merge-messages.js';
export { checkForkPoint, entropyTokens } from './entropy-tokens.js';
export type { BranchInfo, BranchOptions, BranchStatus, MergeResult } from './branch-types.js';
export type { SovereigntyMetadata } from './sovereignty-metadata.js';
