export { evaluateLoopDetection } from './evaluate-loop-detection.js';
export type { LabelledLoopUnit, LoopDetectionRow } from './evaluate-loop-detection.js';
export { replayLoopDetection } from './replay-loop-detection.js';
export type { LoopDetectorKind, LoopReplay } from './replay-loop-detection.js';
export { scoreDetections } from './score-detections.js';
export type { DetectionScore } from './score-detections.js';
export { syntheticLoopEpisode } from './synthetic-loop-episodes.js';
export type { LoopEpisode, LoopEpisodeKind } from './synthetic-loop-episodes.js';
