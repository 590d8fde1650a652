import type { LoopSignal, VitalityPulse } from '../options/index.js';
import type { MdlQuality } from './mdl-quality.js';
import type { ResourceClass } from './resource-class.js';

/** What `afterTurn` reports under `metadata.sovereignty`: the turn's pulse and loop (zero tokens). */
export interface VitalityReport {
  /** The turn's vitality pulse (zero tokens: it is not in the view). */
  pulse: VitalityPulse;
  /** A loop is detected. */
  stuck: boolean;
  /** What repeats, when stuck. */
  loop?: LoopSignal;
  /** The compaction threshold (yellow level) this turn planned with. */
  threshold: number;
}

/** What `assemble` reports about context sovereignty (`metadata.sovereignty`): the vitality report, resource classes and the view's quality. */
export interface SovereigntyMetadata extends VitalityReport {
  /** Units per resource class this turn. */
  classes: Record<ResourceClass, number>;
  /**
   * The view as a lossy projection of the history: compression ratio (history tokens over view
   * tokens) × (1 − share of the history's anchors — ids, numbers, names, negations — the view lost).
   */
  quality: MdlQuality;
}
