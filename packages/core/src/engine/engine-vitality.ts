import type { PressureLevels } from '../options/index.js';
import type { EngineState } from '../render/index.js';
import type { TurnVitality, VitalityReport } from '../sovereignty/index.js';

/**
 * Runs `job` with other pressure levels in force (the adaptive threshold), then restores the
 * engine's own.
 * @internal
 */
export function withPressure<T>(state: EngineState, pressure: PressureLevels, job: () => T): T {
  const own = state.options;
  if (pressure === own.pressure) return job();
  state.options = { ...own, pressure };
  try {
    return job();
  } finally {
    state.options = own;
  }
}

/**
 * The turn's `metadata.sovereignty`, after handing the pulse to `onPulse` (whose errors are
 * swallowed: a pulse never breaks a turn).
 * @internal
 */
export function reportVitality(state: EngineState, { pulse, loop }: TurnVitality): VitalityReport {
  try {
    state.options.sovereignty.onPulse?.({ ...pulse });
  } catch {
    // A logging callback must not break the turn.
  }
  return loop ? { pulse, stuck: true, loop, threshold: pulse.threshold } : { pulse, stuck: false, threshold: pulse.threshold };
}
