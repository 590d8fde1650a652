import type { SovereigntyOptions, VitalityPulse } from '@cairn/core';
import { Settings } from 'llamaindex';

/**
 * The LlamaIndex event each vitality pulse is dispatched as, on `Settings.callbackManager` (the
 * current one: `Settings.withCallbackManager` scopes it). Listen with
 * `Settings.callbackManager.on(PULSE_EVENT as never, (event) => log(event.detail))`.
 */
export const PULSE_EVENT = 'cairn-pulse';

/**
 * Options whose engine hands every vitality pulse to LlamaIndex's callback manager as the event
 * {@link PULSE_EVENT} (synchronously), beside any `sovereignty.onPulse` of their own. A pulse never
 * fails a call: a listener that throws is LlamaIndex's to report.
 * @internal
 */
export function withPulseEvents<Options extends { sovereignty?: SovereigntyOptions }>(options: Options): Options {
  const own = options.sovereignty?.onPulse;
  const onPulse = (pulse: VitalityPulse): void => {
    try {
      own?.(pulse);
    } finally {
      // The event map is LlamaIndex's; a custom event name is dispatched like its own.
      Settings.callbackManager.dispatchEvent(PULSE_EVENT as never, pulse as never, true);
    }
  };
  return { ...options, sovereignty: { ...options.sovereignty, onPulse } };
}
