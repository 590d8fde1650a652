import { CairnError } from '../log/index.js';

/**
 * Dead ends that steer what the view keeps (CDA's negative filtering at assemble time,
 * `ContextEngineOptions.deadEndSteering`). While the view's brief names a live dead end, the units
 * of its failed path score lower, so they do not crowd the view: the brief already carries the
 * lesson (the call and why it failed). Transient and stale dead ends never steer.
 *
 * The failed path of a dead end learnt from a tool call is the units holding its failed results
 * (the call's signature matched exactly); a unit that also holds a result of another call that did
 * not fail is left alone. The failed path of an approach (a user's correction, a registered
 * approach) is the assistant units before the correction whose lexical vector matches the
 * approach at `similarity` or more.
 */
export interface DeadEndSteeringOptions {
  /** Steer the view with dead ends. @default true (on by default since issue 15's guard session; see the core README for the measured effect) */
  enabled?: boolean;
  /** Cosine from which an assistant unit matches an approach dead end (CDA's θ). @default 0.82 */
  similarity?: number;
  /** What a unit's score is multiplied by for a suspect dead end (one failure: CDA's `1 − α·decay`). @default 0.5 */
  suspectWeight?: number;
  /** What a unit's score is multiplied by for a long-term dead end (two failures or more, or registered). @default 0.1 */
  deadWeight?: number;
}

/** {@link DeadEndSteeringOptions} with defaults applied. */
export interface ResolvedDeadEndSteeringOptions {
  enabled: boolean;
  similarity: number;
  suspectWeight: number;
  deadWeight: number;
}

/** Defaults of {@link DeadEndSteeringOptions}. */
export const DEFAULT_DEAD_END_STEERING: Readonly<ResolvedDeadEndSteeringOptions> = Object.freeze({ enabled: true, similarity: 0.82, suspectWeight: 0.5, deadWeight: 0.1 });

/**
 * Applies defaults to dead-end steering options and checks them.
 * @throws CairnError `INVALID_OPTIONS` naming the bad value.
 */
export function resolveDeadEndSteeringOptions(options: DeadEndSteeringOptions | undefined): ResolvedDeadEndSteeringOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw invalidSteering('deadEndSteering', options, 'an object');
  const { enabled, similarity, suspectWeight, deadWeight } = { ...DEFAULT_DEAD_END_STEERING, ...options };
  if (typeof enabled !== 'boolean') throw invalidSteering('deadEndSteering.enabled', enabled, 'true or false');
  if (!(typeof similarity === 'number' && similarity > 0 && similarity <= 1)) throw invalidSteering('deadEndSteering.similarity', similarity, 'a number in (0, 1]');
  for (const [name, value] of [['suspectWeight', suspectWeight], ['deadWeight', deadWeight]] as const) {
    if (!(typeof value === 'number' && value >= 0 && value <= 1)) throw invalidSteering(`deadEndSteering.${name}`, value, 'a number from 0 to 1');
  }
  return { enabled, similarity, suspectWeight, deadWeight };
}

function invalidSteering(parameter: string, value: unknown, expected: string): CairnError {
  return new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option ${parameter}: got ${String(value)}; expected ${expected}.`, details: { parameter, value } });
}
