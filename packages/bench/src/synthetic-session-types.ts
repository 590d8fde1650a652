import type { CairnMessage } from '@cairn/core';

/** What a synthetic session is about: a coding agent, a support agent, or both in turn. */
export type SyntheticSessionKind = 'coding' | 'support' | 'mixed';

/** What a probe checks: a planted fact, a planted constraint, or a failed call not to repeat. */
export type ProbeKind = 'fact' | 'constraint' | 'dead-end';

/** A question asked late in a synthetic session, with the messages that hold its answer. */
export interface Probe {
  /** Unique within the session, e.g. `s7-p03`. */
  id: string;
  /** The question, as a user would ask it. */
  question: string;
  /** The expected answer; it appears verbatim in at least one evidence message. */
  answer: string;
  /** Ids of the messages that hold the answer; all come before `atMessageIndex`. */
  evidence: string[];
  /** The probe is asked after this many messages (`messages.slice(0, atMessageIndex)`). */
  atMessageIndex: number;
  /** What the probe checks. */
  kind: ProbeKind;
}

/** A fact or constraint planted early in a synthetic session. */
export interface PlantedFact {
  /** Stable name of the fact, e.g. `customer-id`. */
  id: string;
  /** The message that plants it. */
  messageId: string;
  /** The sentence that states it, verbatim from that message. */
  text: string;
  /** Ids, numbers and names that must survive compression verbatim. */
  anchors: string[];
}

/** A deterministic, realistic long agent session with planted facts and late probes. */
export interface SyntheticSession {
  /** E.g. `synthetic-mixed-s7-n600`. */
  id: string;
  /** The session, in order; tool calls are always directly followed by their results. */
  messages: CairnMessage[];
  /** Questions asked late, with their evidence. */
  probes: Probe[];
  /** Facts and constraints planted early. */
  facts: PlantedFact[];
}

/** Options for {@link generateSyntheticSession}. */
export interface GenerateSyntheticSessionOptions {
  /** Seed of the generator: same seed and options, same session. */
  seed: number;
  /**
   * Target message count, from 200 to 2000; the result is within ±10% of it.
   * @default 600
   */
  messages?: number;
  /**
   * What the agent works on.
   * @default 'mixed'
   */
  kind?: SyntheticSessionKind;
}
