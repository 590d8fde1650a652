import { generateSyntheticSession } from '../generate-synthetic-session.js';
import type { SyntheticSession, SyntheticSessionKind } from '../synthetic-session-types.js';
import type { BenchmarkDataset, BenchmarkSession } from './benchmark-types.js';

/** One bundled synthetic session: a seed, a size and a kind. */
export interface SyntheticSessionSpec {
  seed: number;
  /** Target message count (200–2,000). */
  messages: number;
  kind: SyntheticSessionKind;
}

/** The bundled set `cairn bench` runs by default: six sessions of three kinds, 300–2,000 messages. */
export const DEFAULT_SYNTHETIC_SPECS: readonly SyntheticSessionSpec[] = [
  { seed: 1, messages: 300, kind: 'support' },
  { seed: 2, messages: 600, kind: 'coding' },
  { seed: 3, messages: 900, kind: 'mixed' },
  { seed: 4, messages: 1200, kind: 'coding' },
  { seed: 5, messages: 1500, kind: 'support' },
  { seed: 6, messages: 2000, kind: 'mixed' },
];

/**
 * Turns a generated session into a benchmark session: replayed turn by turn, its probes asked at
 * their `atMessageIndex`, each probe carrying the anchors of the facts its evidence plants.
 *
 * @param session - A session from `generateSyntheticSession`.
 * @returns The benchmark session.
 */
export function toBenchmarkSession(session: SyntheticSession): BenchmarkSession {
  return {
    id: session.id,
    messages: session.messages,
    replay: 'agent',
    probes: session.probes.map((probe) => ({
      id: probe.id,
      question: probe.question,
      answer: probe.answer,
      evidence: probe.evidence,
      atMessageIndex: probe.atMessageIndex,
      anchors: session.facts.filter((fact) => probe.evidence.includes(fact.messageId)).flatMap((fact) => fact.anchors),
    })),
  };
}

/**
 * The bundled synthetic data set: deterministic sessions from `generateSyntheticSession`, no
 * files, no network.
 *
 * @param specs - Which sessions to generate. @default DEFAULT_SYNTHETIC_SPECS
 * @returns The `synthetic` data set.
 *
 * @example
 * ```ts
 * createSyntheticDataset([{ seed: 7, messages: 200, kind: 'coding' }]);
 * ```
 */
export function createSyntheticDataset(specs: readonly SyntheticSessionSpec[] = DEFAULT_SYNTHETIC_SPECS): BenchmarkDataset {
  return {
    name: 'synthetic',
    description: `bundled synthetic agent sessions (${specs.map((spec) => `${spec.kind} ${spec.messages}`).join(', ')} messages), probes on planted facts, constraints and dead ends`,
    sessions: specs.map((spec) => toBenchmarkSession(generateSyntheticSession(spec))),
  };
}
