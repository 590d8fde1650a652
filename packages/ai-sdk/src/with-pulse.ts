import type { SovereigntyOptions, VitalityPulse } from '@cairn/core';

/**
 * The engine's `sovereignty` options with the middleware's `onPulse` added beside any
 * `sovereignty.onPulse` (both are called; a callback that throws does not stop the other).
 * @internal
 */
export function withPulse(sovereignty: SovereigntyOptions | undefined, onPulse: ((pulse: VitalityPulse) => void) | undefined): SovereigntyOptions | undefined {
  if (onPulse === undefined) return sovereignty;
  const own = sovereignty?.onPulse;
  return {
    ...sovereignty,
    onPulse: (pulse) => {
      try {
        own?.(pulse);
      } finally {
        onPulse(pulse);
      }
    },
  };
}
