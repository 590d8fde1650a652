import { createSeededRandom } from './seeded-random.js';
import { createSyntheticAnchors } from './synthetic-anchors.js';
import { DATA_TOPIC, DEBUG_TOPIC, DEPLOY_TOPIC } from './synthetic-coding-topics.js';
import { BOOKING_LOOKUP_DEAD_END, type DeadEndMaker, REFUND_LIMIT_DEAD_END, ROLLOUT_DEAD_END, TEST_DATABASE_DEAD_END } from './synthetic-dead-ends.js';
import { plantOpening } from './synthetic-opening.js';
import { placeProbes, type ProbeDraft } from './synthetic-probes.js';
import { SyntheticSessionBuilder } from './synthetic-session-builder.js';
import type { GenerateSyntheticSessionOptions, SyntheticSession, SyntheticSessionKind } from './synthetic-session-types.js';
import { ACCOUNT_TOPIC, BILLING_TOPIC, REBOOKING_TOPIC } from './synthetic-support-topics.js';
import { renderTemplate, type SyntheticTopic } from './synthetic-topic.js';
import { chainTurn, chitChatTurn, deadEndFirstTurn, deadEndRepeatTurn, failureTurn, parallelCallTurn, singleCallTurn, type TurnContext } from './synthetic-turns.js';

/** Default target message count of {@link generateSyntheticSession}. */
export const DEFAULT_SYNTHETIC_MESSAGES = 600;
/** Smallest target message count {@link generateSyntheticSession} accepts. */
export const MIN_SYNTHETIC_MESSAGES = 200;
/** Largest target message count {@link generateSyntheticSession} accepts. */
export const MAX_SYNTHETIC_MESSAGES = 2000;

interface SessionPlan {
  segments: readonly { topic: SyntheticTopic; share: number }[];
  deadEnds: readonly DeadEndMaker[];
}

const PLANS: Record<SyntheticSessionKind, SessionPlan> = {
  coding: {
    segments: [{ topic: DEBUG_TOPIC, share: 0.3 }, { topic: DATA_TOPIC, share: 0.2 }, { topic: DEPLOY_TOPIC, share: 0.2 }, { topic: DEBUG_TOPIC, share: 0.3 }],
    deadEnds: [TEST_DATABASE_DEAD_END, ROLLOUT_DEAD_END],
  },
  support: {
    segments: [{ topic: ACCOUNT_TOPIC, share: 0.3 }, { topic: BILLING_TOPIC, share: 0.25 }, { topic: REBOOKING_TOPIC, share: 0.15 }, { topic: ACCOUNT_TOPIC, share: 0.3 }],
    deadEnds: [BOOKING_LOOKUP_DEAD_END, REFUND_LIMIT_DEAD_END],
  },
  mixed: {
    segments: [{ topic: DEBUG_TOPIC, share: 0.25 }, { topic: ACCOUNT_TOPIC, share: 0.15 }, { topic: DEPLOY_TOPIC, share: 0.15 }, { topic: BILLING_TOPIC, share: 0.15 }, { topic: DEBUG_TOPIC, share: 0.3 }],
    deadEnds: [TEST_DATABASE_DEAD_END, REFUND_LIMIT_DEAD_END],
  },
};

const TURNS: readonly { weight: number; run: (context: TurnContext, topic: SyntheticTopic) => void }[] = [
  { weight: 15, run: (context) => chitChatTurn(context) },
  { weight: 35, run: singleCallTurn },
  { weight: 13, run: parallelCallTurn },
  { weight: 22, run: chainTurn },
  { weight: 15, run: failureTurn },
];
const TOTAL_WEIGHT = TURNS.reduce((sum, turn) => sum + turn.weight, 0);

const validate = ({ seed, messages, kind }: Required<GenerateSyntheticSessionOptions>): void => {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`Invalid argument for parameter seed: expected a safe integer, got ${seed}.`);
  if (!Number.isInteger(messages) || messages < MIN_SYNTHETIC_MESSAGES || messages > MAX_SYNTHETIC_MESSAGES) {
    throw new RangeError(`Invalid argument for parameter messages: expected an integer from ${MIN_SYNTHETIC_MESSAGES} to ${MAX_SYNTHETIC_MESSAGES}, got ${messages}.`);
  }
  if (!(kind in PLANS)) throw new RangeError(`Unrecognized kind: '${kind}'. Must be one of 'coding', 'support' or 'mixed'.`);
};

/**
 * Generates a realistic long agent session, the same for the same options: a system prompt,
 * early user messages that plant facts and constraints, topic shifts and a return to the first
 * topic, tool calls (single, parallel, chained) with large outputs, failed calls with verbatim
 * retries that fail again, chit-chat, and probes asked late with the ids of their evidence.
 *
 * @param options - Seed, target size and kind; see {@link GenerateSyntheticSessionOptions}.
 * @returns A {@link SyntheticSession} whose message count is within ±10% of `messages`.
 * @throws RangeError when the seed is not a safe integer, `messages` is outside 200..2000 or `kind` is unknown.
 *
 * @example
 * ```ts
 * const session = generateSyntheticSession({ seed: 7, messages: 800, kind: 'coding' });
 * for (const probe of session.probes) {
 *   const history = session.messages.slice(0, probe.atMessageIndex);
 *   // assemble a view of `history` for `probe.question`, then check `probe.evidence`
 * }
 * ```
 */
export function generateSyntheticSession({ seed, messages = DEFAULT_SYNTHETIC_MESSAGES, kind = 'mixed' }: GenerateSyntheticSessionOptions): SyntheticSession {
  validate({ seed, messages, kind });
  const plan = PLANS[kind];
  const random = createSeededRandom(seed);
  const builder = new SyntheticSessionBuilder(`s${seed}`);
  const anchors = createSyntheticAnchors(random);
  const context: TurnContext = { builder, random, anchors };
  const planted = plantOpening(builder, random, anchors, kind, plan.segments[0]!.topic);

  const deadEnds = plan.deadEnds.map((make) => {
    const deadEnd = make(random, anchors);
    const segmentIndexes = plan.segments.flatMap((segment, index) => (segment.topic.name === deadEnd.topicName ? [index] : []));
    return { deadEnd, firstSegment: segmentIndexes[0] ?? 0, repeatSegment: segmentIndexes.at(-1) ?? 0, firstDone: false, repeatDone: false, failedIds: [] as string[] };
  });

  const start = builder.length;
  let cumulativeShare = 0;
  plan.segments.forEach(({ topic, share }, segmentIndex) => {
    cumulativeShare += share;
    const segmentStart = builder.length;
    const segmentEnd = Math.round(start + (messages - start) * cumulativeShare);
    const returning = plan.segments.findIndex((segment) => segment.topic === topic) < segmentIndex;
    builder.add('user', renderTemplate(returning ? topic.returning : topic.opening, anchors), { name: anchors.requesterName });
    for (let turn = 0; builder.length < segmentEnd - 2 || deadEnds.some((entry) => isDue(entry, segmentIndex)); turn += 1) {
      const progress = (builder.length - segmentStart) / Math.max(1, segmentEnd - segmentStart);
      const first = deadEnds.find((entry) => entry.firstSegment === segmentIndex && !entry.firstDone);
      const repeat = deadEnds.find((entry) => entry.repeatSegment === segmentIndex && entry.firstDone && !entry.repeatDone);
      if (first !== undefined && turn >= 1) {
        first.failedIds.push(...deadEndFirstTurn(context, first.deadEnd));
        first.firstDone = true;
      } else if (repeat !== undefined && (progress >= 0.5 || builder.length >= segmentEnd - 2)) {
        repeat.failedIds.push(...deadEndRepeatTurn(context, repeat.deadEnd));
        repeat.repeatDone = true;
      } else {
        pickTurn(random.int(1, TOTAL_WEIGHT)).run(context, topic);
      }
    }
  });

  const drafts: ProbeDraft[] = [
    ...planted.map(({ fact, question, answer, kind: probeKind }) => ({ question, answer, evidence: [fact.messageId], kind: probeKind })),
    ...deadEnds.map(({ deadEnd, failedIds }) => ({ question: deadEnd.question, answer: deadEnd.signature, evidence: failedIds, kind: 'dead-end' as const })),
  ];
  return {
    id: `synthetic-${kind}-s${seed}-n${messages}`,
    messages: builder.messages,
    probes: placeProbes(builder.messages, drafts, random, `s${seed}`),
    facts: planted.map(({ fact }) => fact),
  };
}

function isDue(entry: { firstSegment: number; repeatSegment: number; firstDone: boolean; repeatDone: boolean }, segmentIndex: number): boolean {
  return (entry.firstSegment === segmentIndex && !entry.firstDone) || (entry.repeatSegment === segmentIndex && !entry.repeatDone);
}

function pickTurn(roll: number): (typeof TURNS)[number] {
  let remaining = roll;
  for (const turn of TURNS) {
    remaining -= turn.weight;
    if (remaining <= 0) return turn;
  }
  return TURNS[0]!;
}
