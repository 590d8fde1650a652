import type { MdlQuality } from './mdl-quality.js';
import type { ResourceClass } from './resource-class.js';

/** What `assemble` reports about context sovereignty (`metadata.sovereignty`). */
export interface SovereigntyMetadata {
  /** Units per resource class this turn. */
  classes: Record<ResourceClass, number>;
  /**
   * The view as a lossy projection of the history: compression ratio (history tokens over view
   * tokens) × (1 − share of the history's anchors — ids, numbers, names, negations — the view lost).
   */
  quality: MdlQuality;
}
