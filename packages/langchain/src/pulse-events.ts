import type { SovereigntyOptions, VitalityPulse } from '@cairn/core';
import { dispatchCustomEvent } from '@langchain/core/callbacks/dispatch';

/** The name of the custom event each vitality pulse is dispatched as (`handleCustomEvent`, `streamEvents` `on_custom_event`). */
export const PULSE_EVENT = 'cairn_pulse';

/**
 * Options whose engine hands every vitality pulse to LangChain's callbacks as the custom event
 * {@link PULSE_EVENT} of the run in progress (`dispatchCustomEvent`), beside any
 * `sovereignty.onPulse` of their own. Outside a run (no parent run to attach to) the event is
 * dropped; a pulse never fails a call.
 * @internal
 */
export function withPulseEvents<Options extends { sovereignty?: SovereigntyOptions }>(options: Options): Options {
  const own = options.sovereignty?.onPulse;
  const onPulse = (pulse: VitalityPulse): void => {
    try {
      own?.(pulse);
    } finally {
      dispatchCustomEvent(PULSE_EVENT, pulse).catch(() => undefined);
    }
  };
  return { ...options, sovereignty: { ...options.sovereignty, onPulse } };
}
