import type { CairnMessage } from '@cairn/core';
import type { SeededRandom } from './seeded-random.js';
import type { Probe } from './synthetic-session-types.js';

/** A probe before it is given a place and an id. @internal */
export type ProbeDraft = Omit<Probe, 'id' | 'atMessageIndex'>;

/** Probes are asked in the last quarter of the session. */
const LATE_FRACTION = 0.75;

/**
 * Gives each draft a late position where no tool call is waiting for its result, keeps only the
 * evidence before that position, and drops drafts left without evidence.
 * @internal
 */
export function placeProbes(messages: readonly CairnMessage[], drafts: readonly ProbeDraft[], random: SeededRandom, prefix: string): Probe[] {
  const indexById = new Map(messages.map((message, index) => [message.id, index]));
  const candidates: number[] = [];
  for (let index = Math.ceil(messages.length * LATE_FRACTION); index <= messages.length; index += 1) {
    if (messages[index]?.role !== 'tool') candidates.push(index);
  }
  const positions = random.shuffle(candidates).slice(0, drafts.length).sort((left, right) => left - right);
  const placed = random.shuffle(drafts).flatMap((draft, order) => {
    const atMessageIndex = positions[order % positions.length] ?? messages.length;
    const evidence = draft.evidence.filter((id) => (indexById.get(id) ?? Number.POSITIVE_INFINITY) < atMessageIndex);
    return evidence.length > 0 ? [{ ...draft, evidence, atMessageIndex }] : [];
  });
  return placed
    .sort((left, right) => left.atMessageIndex - right.atMessageIndex)
    .map((probe, index) => ({ id: `${prefix}-p${String(index + 1).padStart(2, '0')}`, question: probe.question, answer: probe.answer, evidence: probe.evidence, atMessageIndex: probe.atMessageIndex, kind: probe.kind }));
}
