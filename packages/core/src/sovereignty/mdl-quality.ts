import { extractAnchors, type AnchorKind } from '../text/index.js';

/**
 * The anchor kinds whose loss counts as reconstruction error: ids (and identifiers), numbers,
 * names and negations — what a later question most often needs and a summary most often drops.
 */
export const MDL_ANCHOR_KINDS: readonly AnchorKind[] = Object.freeze(['id', 'identifier', 'number', 'name', 'negation'] as const);

const COUNTED: ReadonlySet<AnchorKind> = new Set(MDL_ANCHOR_KINDS);

/**
 * The distinct anchors of a text that {@link mdlQuality} counts (ids, numbers, names, negations),
 * lower-cased negations included as written.
 *
 * @example
 * ```ts
 * measuredAnchors('Refund ORD-4821, never the red-eye'); // includes 'ORD-4821'
 * ```
 */
export function measuredAnchors(text: string): string[] {
  const seen = new Set<string>();
  for (const anchor of extractAnchors(text)) if (COUNTED.has(anchor.kind)) seen.add(anchor.text);
  return [...seen];
}

/** How many of `anchors` a rendered text still shows (verbatim). */
export function anchorsKept(anchors: readonly string[], rendered: string): number {
  let kept = 0;
  for (const anchor of anchors) if (rendered.includes(anchor)) kept++;
  return kept;
}

/** The minimum-description-length quality of a lossy projection. */
export interface MdlQuality {
  /** Tokens of the original over tokens of the projection (0 for an empty projection). */
  compressionRatio: number;
  /** Share of the original's anchors (ids, numbers, names, negations) the projection lost, 0–1. */
  reconstructionError: number;
  /** `compressionRatio × (1 − reconstructionError)`: an empty projection scores 0, not infinity. */
  quality: number;
  /** Anchors in the original. */
  anchors: number;
  /** Of them, lost. */
  anchorsLost: number;
}

/**
 * MDL quality = compression ratio × (1 − reconstruction error), the error measured on anchors.
 *
 * @param input - Tokens of the original and of the projection; anchors in the original and lost.
 * @returns The ratio, the error and the quality.
 *
 * @example
 * ```ts
 * mdlQuality({ originalTokens: 1000, projectedTokens: 250, anchors: 10, anchorsLost: 1 }).quality; // 3.6
 * ```
 */
export function mdlQuality({ originalTokens, projectedTokens, anchors, anchorsLost }: { originalTokens: number; projectedTokens: number; anchors: number; anchorsLost: number }): MdlQuality {
  const compressionRatio = projectedTokens > 0 ? originalTokens / projectedTokens : 0;
  const lost = Math.min(Math.max(0, anchorsLost), Math.max(0, anchors));
  const reconstructionError = anchors > 0 ? lost / anchors : 0;
  return { compressionRatio, reconstructionError, quality: compressionRatio * (1 - reconstructionError), anchors, anchorsLost: lost };
}
