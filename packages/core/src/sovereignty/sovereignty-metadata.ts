import type { LoopSignal, VitalityPulse } from '../options/index.js';

/** What `assemble` and `afterTurn` report under `metadata.sovereignty` (this part: pulse and loops). */
export interface SovereigntyMetadata {
  /** The turn's vitality pulse (zero tokens: it is not in the view). */
  pulse: VitalityPulse;
  /** A loop is detected. */
  stuck: boolean;
  /** What repeats, when stuck. */
  loop?: LoopSignal;
  /** The compaction threshold (yellow level) this turn planned with. */
  threshold: number;
}
