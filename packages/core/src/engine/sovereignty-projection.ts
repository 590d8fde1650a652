import type { AssembleResult, EngineState } from '../render/index.js';
import { createUnitCosts, renderCompressed } from '../render/index.js';
import { renderContext, resourceClassCounts, unitResourceClasses } from '../plan/index.js';
import { argumentsText, contentText, type Fidelity, type Unit } from '../log/index.js';
import {
  anchorsKept,
  expandProjection,
  mdlQuality,
  measuredAnchors,
  projectContext,
  type Projection,
  type ProjectionItem,
  type ResourceClass,
  type SovereigntyMetadata,
  type VitalityReport,
} from '../sovereignty/index.js';

/** Anchors of each unit's full text, per unit version (units are log objects: the cache goes with them). */
const anchorCache = new WeakMap<Unit, { version: number; anchors: string[] }>();

function unitAnchors(state: EngineState, index: number): string[] {
  const unit = state.log.units[index]!;
  const cached = anchorCache.get(unit);
  if (cached && cached.version === unit.version) return cached.anchors;
  const text = state.log
    .unitMessages(index)
    .map((message) => [contentText(message.content), ...(message.toolCalls ?? []).map((call) => `${call.name} ${argumentsText(call.arguments)}`)].join('\n'))
    .join('\n');
  const anchors = measuredAnchors(text);
  anchorCache.set(unit, { version: unit.version, anchors });
  return anchors;
}

function renderedText(messages: readonly { content: unknown; toolCalls?: readonly { name: string; arguments: unknown }[] }[]): string {
  return messages.map((message) => [contentText(message.content as never), ...(message.toolCalls ?? []).map((call) => `${call.name} ${argumentsText(call.arguments)}`)].join('\n')).join('\n');
}

/** The engine's units as the projector sees them: class, costs at each fidelity, anchors. @internal */
export function projectionItems(state: EngineState): ProjectionItem[] {
  const context = renderContext(state);
  const costs = createUnitCosts(state.log.units, context);
  const classes = unitResourceClasses(state);
  return state.log.units.map((unit, index) => {
    const anchors = unitAnchors(state, index);
    const compressedTokens = costs.compressed(index);
    const kept = compressedTokens === undefined ? anchors.length : anchorsKept(anchors, renderedText(renderCompressed(unit, context).messages));
    return {
      id: unit.id,
      resourceClass: classes[index]!,
      fidelity: 'full' as Fidelity,
      fullTokens: costs.full(index),
      compressedTokens,
      placeholderTokens: costs.placeholder(index),
      anchors: anchors.length,
      compressedAnchorsKept: kept,
    };
  });
}

/** `engine.project`: the history projected by class to `targetPressure × budget`. @internal */
export function projectHistory(state: EngineState, options: { targetPressure: number; budget?: number }): Projection {
  return projectContext(projectionItems(state), { budget: options?.budget ?? state.lastBudget, targetPressure: options?.targetPressure });
}

/** `engine.expand`: the history a projection of it came from. @internal */
export function expandHistory(state: EngineState, projection: Projection): Projection {
  return expandProjection(projectionItems(state), projection);
}

const FIDELITY_CODES: Record<Fidelity, number> = { full: 0, compressed: 1, placeholder: 2 };

/**
 * Each unit's fidelity as one byte. A loop of its own: a long loop in the function that calls it
 * would be compiled on the stack every turn and thrown away after it (V8 deoptimises the rest of
 * that function for want of type feedback).
 */
function fidelityCodes(state: EngineState, count: number): Uint8Array {
  const fidelities = new Uint8Array(count);
  for (let index = 0; index < count; index++) fidelities[index] = FIDELITY_CODES[state.units[index]!.fidelity];
  return fidelities;
}

/**
 * Adds `metadata.sovereignty` to an assembled view: classes counted now, the MDL quality computed
 * on first read (from the fidelities and view of this turn). @internal
 */
export function attachSovereigntyMetadata(state: EngineState, result: AssembleResult, vitality: VitalityReport): void {
  const count = state.log.units.length;
  // This turn's fidelities, kept for the quality (read later, if at all) as one byte a unit.
  const fidelities = fidelityCodes(state, count);
  const classes: Record<ResourceClass, number> = resourceClassCounts(state);
  const historyTokens = result.metadata.historyTokens;
  const viewTokens = result.metadata.tokens;
  let value: SovereigntyMetadata['quality'] | undefined;
  const compute = (): SovereigntyMetadata['quality'] => {
    const unitOfMessage = new Map<string, number>();
    for (let index = 0; index < count; index++) for (const position of state.log.units[index]!.positions) unitOfMessage.set(state.log.entries[position]!.message.id, index);
    const compressedText = new Map<number, string[]>();
    for (const message of result.messages) {
      if (message.fidelity !== 'compressed') continue;
      const unit = unitOfMessage.get(message.sourceIds[0] ?? '');
      if (unit === undefined) continue;
      const texts = compressedText.get(unit) ?? [];
      texts.push(renderedText([message]));
      compressedText.set(unit, texts);
    }
    let anchors = 0;
    let anchorsLost = 0;
    for (let index = 0; index < count; index++) {
      const unitAnchorList = unitAnchors(state, index);
      anchors += unitAnchorList.length;
      if (fidelities[index] === FIDELITY_CODES.placeholder) anchorsLost += unitAnchorList.length;
      else if (fidelities[index] === FIDELITY_CODES.compressed) anchorsLost += unitAnchorList.length - anchorsKept(unitAnchorList, (compressedText.get(index) ?? []).join('\n'));
    }
    return mdlQuality({ originalTokens: historyTokens, projectedTokens: viewTokens, anchors, anchorsLost });
  };
  // The vitality report and the class counts are cheap; the quality is computed on first read.
  const sovereignty = { ...vitality, classes } as SovereigntyMetadata;
  Object.defineProperty(sovereignty, 'quality', { enumerable: true, configurable: true, get: () => (value ??= compute()) });
  result.metadata.sovereignty = sovereignty;
}
