import { resolvePlaybookOptions, type ResolvedPlaybookOptions } from './playbook-options.js';
import { resolveDeadEndSteeringOptions } from './dead-end-steering-options.js';
import { resolveDeadEndRegistryOptions } from './dead-end-registry-options.js';
import { CairnError } from '../log/index.js';
import {
  DEFAULT_BUDGET,
  DEFAULT_CAUSAL_CHAIN_TURNS,
  DEFAULT_DIRECTION_DELTA,
  DEFAULT_MAX_CONTENT_CHARS,
  DEFAULT_PRESSURE,
  DEFAULT_THRESHOLDS,
  DEFAULT_WEIGHTS,
  defaultMaxDataChars,
  type ContextEngineOptions,
  type FidelityThresholds,
  type PressureLevels,
  type ScoringWeights,
} from './engine-options.js';
import { createBpeTokenCounter, type TokenCounter } from '../log/index.js';
import { checkTenant } from '../dead-ends/index.js';
import { resolveSovereigntyOptions } from './resolve-sovereignty-options.js';
import { resolveCrystalOptions, type ResolvedCrystalOptions } from './sovereignty-options.js';
import { resolvePageOptions } from './resolve-page-options.js';
import type { ResolvedPageOptions } from './page-options.js';
import { resolveDenseOptions } from './resolve-dense-options.js';
import { resolveSelectionOptions } from './selection-options.js';
import { resolveDialogueOptions } from './dialogue-options.js';
import { resolvePrefixOptions } from './prefix-options.js';
import type { ResolvedDenseOptions } from './dense-options.js';

/** Engine options with every default applied and every value checked. @internal */
export interface ResolvedOptions {
  sessionId: string;
  budget: number;
  tokenCounter: TokenCounter;
  weights: ScoringWeights;
  thresholds: FidelityThresholds;
  pressure: PressureLevels;
  causalChainTurns: number;
  directionDelta: number;
  halfLifeUnits: number;
  hotUnits: number;
  compressionRatio: number;
  onInvalidToolStructure: 'repair' | 'throw';
  onBudgetExceeded: 'throw' | 'compress-mandatory';
  maxContentChars: number;
  maxDataChars: number;
  deadEndBrief: boolean;
  shareDeadEnds: ContextEngineOptions['shareDeadEnds'];
  embedder: ContextEngineOptions['embedder'];
  dense: ResolvedDenseOptions;
  selection: import('./selection-options.js').ResolvedSelectionOptions;
  dialogue: import('./dialogue-options.js').ResolvedDialogueOptions;
  summarizer: ContextEngineOptions['summarizer'];
  now: () => number;
  sovereignty: import('./sovereignty-options.js').ResolvedSovereigntyOptions;
  /** Crystal options (`sovereignty.crystalTtlMs`, `sovereignty.crystalSummaryTokens`). */
  crystals: ResolvedCrystalOptions;
  pages: ResolvedPageOptions;
  playbook: ResolvedPlaybookOptions;
  deadEndSteering: import('./dead-end-steering-options.js').ResolvedDeadEndSteeringOptions;
  deadEndRegistry: import('./dead-end-registry-options.js').ResolvedDeadEndRegistryOptions;
  prefix: import('./prefix-options.js').ResolvedPrefixOptions;
}

function invalid(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({
    code: 'INVALID_OPTIONS',
    message: `Invalid context engine option ${parameter}: got ${String(value)}; expected ${expected}.`,
    details: { parameter, value },
  });
}

function checkRange(parameter: string, value: number, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalid(parameter, value, `a number from ${min} to ${max}`);
  }
  return value;
}

/**
 * Checks a token budget: a finite, positive number of tokens (fractions are floored).
 * @throws CairnError `INVALID_BUDGET`
 */
export function checkBudget(budget: unknown, parameter = 'budget'): number {
  if (typeof budget !== 'number' || !Number.isFinite(budget) || budget < 1) {
    throw new CairnError({
      code: 'INVALID_BUDGET',
      message: `Invalid ${parameter} ${String(budget)}: a budget is a finite number of tokens, at least 1.`,
      details: { budget },
    });
  }
  return Math.floor(budget);
}

function logicalClock(): () => number {
  let tick = 0;
  return () => tick++;
}

/** Applies defaults and validates options once, when the engine is created. @internal */
export function resolveOptions(options: ContextEngineOptions = {}): ResolvedOptions {
  const {
    sessionId = 'session',
    budget = DEFAULT_BUDGET,
    tokenCounter = createBpeTokenCounter(),
    causalChainTurns = DEFAULT_CAUSAL_CHAIN_TURNS,
    directionDelta = DEFAULT_DIRECTION_DELTA,
    halfLifeUnits = 40,
    hotUnits = 2,
    compressionRatio = 0.3,
    onInvalidToolStructure = 'repair',
    onBudgetExceeded = 'throw',
    maxContentChars = DEFAULT_MAX_CONTENT_CHARS,
    now = logicalClock(),
  } = options;
  if (typeof sessionId !== 'string' || sessionId.length === 0) throw invalid('sessionId', sessionId, 'a non-empty string');
  if (typeof tokenCounter?.count !== 'function') throw invalid('tokenCounter', tokenCounter, 'an object with count(text)');
  const weights = { ...DEFAULT_WEIGHTS, ...options.weights };
  let weightSum = 0;
  for (const [name, value] of Object.entries(weights)) weightSum += checkRange(`weights.${name}`, value, 0, 1000);
  if (weightSum === 0) throw invalid('weights', 'all zero', 'at least one positive weight');
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  checkRange('thresholds.keep', thresholds.keep, 0, 1);
  checkRange('thresholds.compress', thresholds.compress, 0, thresholds.keep);
  checkRange('thresholds.hysteresis', thresholds.hysteresis, 0, 0.5);
  const pressure = { ...DEFAULT_PRESSURE, ...options.pressure };
  checkRange('pressure.red', pressure.red, 0.05, 1);
  checkRange('pressure.yellow', pressure.yellow, 0.01, pressure.red);
  checkRange('pressure.passthrough', pressure.passthrough, 0, pressure.yellow);
  if (onInvalidToolStructure !== 'repair' && onInvalidToolStructure !== 'throw') {
    throw invalid('onInvalidToolStructure', onInvalidToolStructure, "'repair' or 'throw'");
  }
  if (onBudgetExceeded !== 'throw' && onBudgetExceeded !== 'compress-mandatory') {
    throw invalid('onBudgetExceeded', onBudgetExceeded, "'throw' or 'compress-mandatory'");
  }
  return {
    sessionId,
    budget: checkBudget(budget),
    tokenCounter,
    weights,
    thresholds,
    pressure,
    causalChainTurns: Math.floor(checkRange('causalChainTurns', causalChainTurns, 1, 1000)),
    directionDelta: checkRange('directionDelta', directionDelta, 0, 2),
    halfLifeUnits: checkRange('halfLifeUnits', halfLifeUnits, 1, 1e9),
    hotUnits: Math.floor(checkRange('hotUnits', hotUnits, 0, 1000)),
    compressionRatio: checkRange('compressionRatio', compressionRatio, 0.01, 0.95),
    onInvalidToolStructure,
    onBudgetExceeded,
    maxContentChars: Math.floor(checkRange('maxContentChars', maxContentChars, 1, 2 ** 31)),
    maxDataChars: Math.floor(checkRange('maxDataChars', options.maxDataChars ?? defaultMaxDataChars(Math.floor(maxContentChars)), 1, 2 ** 33)),
    deadEndBrief: options.deadEndBrief !== false,
    shareDeadEnds: options.shareDeadEnds === undefined ? undefined : { pool: options.shareDeadEnds.pool, tenant: checkTenant(options.shareDeadEnds.tenant) },
    embedder: options.embedder,
    dense: resolveDenseOptions(options.dense),
    selection: resolveSelectionOptions(options.selection),
    dialogue: resolveDialogueOptions(options.dialogue),
    summarizer: options.summarizer,
    now,
    sovereignty: resolveSovereigntyOptions(options.sovereignty),
    crystals: resolveCrystalOptions(options.sovereignty),
    pages: resolvePageOptions(options.pages),
    playbook: resolvePlaybookOptions(options.playbook),
    deadEndSteering: resolveDeadEndSteeringOptions(options.deadEndSteering),
    deadEndRegistry: resolveDeadEndRegistryOptions(options.deadEndRegistry),
    prefix: resolvePrefixOptions(options.prefix, pressure.yellow),
  };
}
