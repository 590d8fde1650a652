import type { SeededRandom } from './seeded-random.js';
import type { SyntheticAnchors } from './synthetic-anchors.js';
import type { PlannedCall } from './synthetic-session-builder.js';

/** Makes one planned call from the session's random source and anchors. @internal */
export type CallMaker = (random: SeededRandom, anchors: SyntheticAnchors) => PlannedCall;

/**
 * One topic of a synthetic session: what the user asks, which tools the agent uses, and how
 * calls fail (a failed call and the changed call that then succeeds).
 * @internal
 */
export interface SyntheticTopic {
  name: string;
  /** User message that switches to this topic. */
  opening: string;
  /** User message that comes back to this topic later. */
  returning: string;
  /** User requests within the topic. */
  requests: readonly string[];
  /** Assistant remarks after tool results. */
  summaries: readonly string[];
  /** Successful calls. */
  calls: readonly CallMaker[];
  /** A failing call and a changed retry that succeeds. */
  failures: readonly ((random: SeededRandom, anchors: SyntheticAnchors) => readonly [PlannedCall, PlannedCall])[];
}

/** Replaces `{customer}`, `{booking}`, `{file}`, `{service}`, `{region}`, `{approver}` and `{requester}`. @internal */
export function renderTemplate(template: string, anchors: SyntheticAnchors): string {
  return template
    .replaceAll('{customer}', anchors.customerId)
    .replaceAll('{booking}', anchors.bookingCode)
    .replaceAll('{file}', anchors.filePath)
    .replaceAll('{service}', anchors.serviceName)
    .replaceAll('{region}', anchors.region)
    .replaceAll('{approver}', anchors.approverName)
    .replaceAll('{requester}', anchors.requesterName);
}
