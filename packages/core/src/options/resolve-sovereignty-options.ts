import { CairnError } from '../log/index.js';
import {
  DEFAULT_NEAR_LOOP_SIMILARITY,
  DEFAULT_RESTATEMENT_SIMILARITY,
  type NearLoopSimilarity,
  type RestatementSimilarity,
  DEFAULT_ADAPTIVE_BASE,
  DEFAULT_BRANCH_ENTROPY_BUDGET,
  DEFAULT_LOOP_REPEATS,
  DEFAULT_LOOP_WINDOW,
  type ResolvedSovereigntyOptions,
  type SovereigntyOptions,
} from './sovereignty-options.js';
import { DEFAULT_STALL_SETTINGS, type StallSettings } from './stall-loop-options.js';

function invalid(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({
    code: 'INVALID_OPTIONS',
    message: `Invalid context engine option sovereignty.${parameter}: got ${typeof value === 'object' ? JSON.stringify(value) : String(value)}; expected ${expected}.`,
    details: { parameter: `sovereignty.${parameter}`, value },
  });
}

function integer(parameter: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw invalid(parameter, value, `an integer from ${min} to ${max}`);
  return value;
}

function fraction(parameter: string, value: unknown, min: number, max: number, openMin = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value > max || (openMin ? value <= min : value < min)) {
    throw invalid(parameter, value, `a number ${openMin ? 'above' : 'from'} ${min} ${openMin ? 'and at most' : 'to'} ${max}`);
  }
  return value;
}

function nearSimilarity(near: boolean | Partial<NearLoopSimilarity> | undefined): NearLoopSimilarity | undefined {
  if (near === false) return undefined;
  if (near === undefined || near === true) return { ...DEFAULT_NEAR_LOOP_SIMILARITY };
  if (typeof near !== 'object' || near === null) throw invalid('loops.near', near, 'a boolean or { replySimilarity?, argumentSimilarity?, resultSimilarity?, valueReplySimilarity? }');
  return {
    replySimilarity: fraction('loops.near.replySimilarity', near.replySimilarity ?? DEFAULT_NEAR_LOOP_SIMILARITY.replySimilarity, 0, 1),
    argumentSimilarity: fraction('loops.near.argumentSimilarity', near.argumentSimilarity ?? DEFAULT_NEAR_LOOP_SIMILARITY.argumentSimilarity, 0, 1),
    resultSimilarity: fraction('loops.near.resultSimilarity', near.resultSimilarity ?? DEFAULT_NEAR_LOOP_SIMILARITY.resultSimilarity, 0, 1),
    valueReplySimilarity: fraction('loops.near.valueReplySimilarity', near.valueReplySimilarity ?? DEFAULT_NEAR_LOOP_SIMILARITY.valueReplySimilarity, 0, 1),
  };
}

function restatementSimilarity(restatement: boolean | Partial<RestatementSimilarity> | undefined): RestatementSimilarity | undefined {
  if (restatement === undefined || restatement === false) return undefined;
  if (restatement === true) return { ...DEFAULT_RESTATEMENT_SIMILARITY };
  if (typeof restatement !== 'object' || restatement === null) throw invalid('loops.restatement', restatement, 'a boolean or { restatementSimilarity?, valueRestatementSimilarity?, outputSimilarity? }');
  return {
    restatementSimilarity: fraction('loops.restatement.restatementSimilarity', restatement.restatementSimilarity ?? DEFAULT_RESTATEMENT_SIMILARITY.restatementSimilarity, 0, 1),
    valueRestatementSimilarity: fraction('loops.restatement.valueRestatementSimilarity', restatement.valueRestatementSimilarity ?? DEFAULT_RESTATEMENT_SIMILARITY.valueRestatementSimilarity, 0, 1),
    outputSimilarity: fraction('loops.restatement.outputSimilarity', restatement.outputSimilarity ?? DEFAULT_RESTATEMENT_SIMILARITY.outputSimilarity, 0, 1),
  };
}

function stallSettings(stall: boolean | Partial<StallSettings> | undefined): StallSettings | undefined {
  if (stall === false) return undefined;
  if (stall === undefined || stall === true) return { ...DEFAULT_STALL_SETTINGS };
  if (typeof stall !== 'object' || stall === null) throw invalid('loops.stall', stall, 'a boolean or { outputSimilarity?, echoTerms?, restatedShare? }');
  return {
    outputSimilarity: fraction('loops.stall.outputSimilarity', stall.outputSimilarity ?? DEFAULT_STALL_SETTINGS.outputSimilarity, 0, 1, true),
    echoTerms: integer('loops.stall.echoTerms', stall.echoTerms ?? DEFAULT_STALL_SETTINGS.echoTerms, 1, 64),
    restatedShare: fraction('loops.stall.restatedShare', stall.restatedShare ?? DEFAULT_STALL_SETTINGS.restatedShare, 0, 1, true),
  };
}

/**
 * Applies the defaults of the engine's `sovereignty` options (pulse, loops, adaptive threshold,
 * branches) and checks them.
 * @throws CairnError `INVALID_OPTIONS`
 * @internal
 */
export function resolveSovereigntyOptions(options: SovereigntyOptions | undefined): ResolvedSovereigntyOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) throw invalid('', options, 'an object');
  const { onPulse, loops = {}, adaptiveThreshold = false, branches = {} } = options ?? {};
  if (onPulse !== undefined && typeof onPulse !== 'function') throw invalid('onPulse', onPulse, 'a function');
  if (loops !== false && (typeof loops !== 'object' || loops === null)) throw invalid('loops', loops, 'an object or false');
  if (typeof adaptiveThreshold !== 'boolean' && (typeof adaptiveThreshold !== 'object' || adaptiveThreshold === null)) {
    throw invalid('adaptiveThreshold', adaptiveThreshold, 'a boolean or an object');
  }
  if (typeof branches !== 'object' || branches === null) throw invalid('branches', branches, 'an object');
  const adaptive = adaptiveThreshold === false ? undefined : adaptiveThreshold === true ? {} : adaptiveThreshold;
  return {
    onPulse,
    loops:
      loops === false
        ? undefined
        : {
            window: integer('loops.window', loops.window ?? DEFAULT_LOOP_WINDOW, 2, 1000),
            repeats: integer('loops.repeats', loops.repeats ?? DEFAULT_LOOP_REPEATS, 2, 1000),
            notice: loops.notice !== false,
            near: nearSimilarity(loops.near),
            ...(loops.restatement === undefined || loops.restatement === false ? {} : { restatement: restatementSimilarity(loops.restatement) }),
            ...(loops.stall === false ? {} : { stall: stallSettings(loops.stall) }),
          },
    adaptive: adaptive && {
      base: fraction('adaptiveThreshold.base', adaptive.base ?? DEFAULT_ADAPTIVE_BASE, 0.5, 0.95),
      expectedTurns: adaptive.expectedTurns === undefined ? undefined : integer('adaptiveThreshold.expectedTurns', adaptive.expectedTurns, 1, 1e9),
    },
    entropyBudget: fraction('branches.entropyBudget', branches.entropyBudget ?? DEFAULT_BRANCH_ENTROPY_BUDGET, 0, 1, true),
  };
}
