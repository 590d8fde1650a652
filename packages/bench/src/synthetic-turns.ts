import type { SeededRandom } from './seeded-random.js';
import type { SyntheticAnchors } from './synthetic-anchors.js';
import { nearIdenticalCall, type SyntheticDeadEnd } from './synthetic-dead-ends.js';
import type { PlannedCall, SyntheticSessionBuilder } from './synthetic-session-builder.js';
import { renderTemplate, type SyntheticTopic } from './synthetic-topic.js';

const USER_FILLER = [
  'Thanks, that helps.',
  'Give me a sec, I\'m in a meeting.',
  'Coffee break, back in 10 minutes.',
  'Did you see the message from the platform team about yesterday\'s outage?',
  'Sorry, got pulled into a fire drill.',
  'Nice.',
  'Ok cool, keep going.',
  'Hm, interesting.',
  'By the way, standup moved to 10:30 tomorrow.',
  'Can you keep the answers a bit shorter?',
] as const;
const ASSISTANT_FILLER = [
  'No problem, I\'ll wait.',
  'Sure, take your time.',
  'I only see this conversation, so I haven\'t seen that message.',
  'Noted.',
  'Happy to help. What next?',
  'Got it, I\'ll keep it brief.',
] as const;
const BEFORE_CALL = ['Let me check.', 'I\'ll look at that.', 'Running that now.', 'Checking.', 'One moment, looking it up.'] as const;
const BEFORE_PARALLEL = ['I\'ll check these in parallel.', 'Fetching a few things at once.', 'Let me gather the context in one go.'] as const;

/** Context every turn needs. @internal */
export interface TurnContext {
  builder: SyntheticSessionBuilder;
  random: SeededRandom;
  anchors: SyntheticAnchors;
}

const topicCall = ({ random, anchors }: TurnContext, topic: SyntheticTopic): PlannedCall => random.pick(topic.calls)(random, anchors);

/** A user remark and a short reply. @internal */
export function chitChatTurn({ builder, random, anchors }: TurnContext): void {
  builder.add('user', random.pick(USER_FILLER), { name: anchors.requesterName });
  builder.add('assistant', random.pick(ASSISTANT_FILLER));
}

/** Optional user request, one call, optional remark. @internal */
export function singleCallTurn(context: TurnContext, topic: SyntheticTopic): void {
  const { builder, random, anchors } = context;
  if (random.chance(0.5)) builder.add('user', renderTemplate(random.pick(topic.requests), anchors), { name: anchors.requesterName });
  builder.toolRound(random.pick(BEFORE_CALL), [topicCall(context, topic)]);
  if (random.chance(0.7)) builder.add('assistant', random.pick(topic.summaries));
}

/** One assistant message with 2–3 calls, then a remark. @internal */
export function parallelCallTurn(context: TurnContext, topic: SyntheticTopic): void {
  const { builder, random, anchors } = context;
  if (random.chance(0.4)) builder.add('user', renderTemplate(random.pick(topic.requests), anchors), { name: anchors.requesterName });
  const makers = random.shuffle(topic.calls).slice(0, random.int(2, 3));
  builder.toolRound(random.pick(BEFORE_PARALLEL), makers.map((make) => make(random, anchors)));
  builder.add('assistant', random.pick(topic.summaries));
}

/** 2–4 calls in a row, as an agent loop makes them. @internal */
export function chainTurn(context: TurnContext, topic: SyntheticTopic): void {
  const { builder, random } = context;
  const rounds = random.int(2, 4);
  for (let round = 0; round < rounds; round += 1) builder.toolRound(random.pick(BEFORE_CALL), [topicCall(context, topic)]);
  builder.add('assistant', random.pick(topic.summaries));
}

/** A failing call, sometimes an exact retry that fails again, then a changed call that succeeds. @internal */
export function failureTurn(context: TurnContext, topic: SyntheticTopic): void {
  const { builder, random, anchors } = context;
  const [failed, fixed] = random.pick(topic.failures)(random, anchors);
  builder.toolRound(random.pick(BEFORE_CALL), [failed]);
  if (random.chance(0.3)) builder.toolRound('That failed; trying the same thing once more.', [failed]);
  if (random.chance(0.7)) {
    builder.add('assistant', 'The error points at the call itself, so I\'ll change it.');
    builder.toolRound(random.pick(BEFORE_CALL), [fixed]);
  } else {
    builder.add('assistant', 'That does not work; I\'ll take another route.');
  }
}

/** A dead end met for the first time: fails, is retried verbatim, fails again. Returns the failed result ids. @internal */
export function deadEndFirstTurn({ builder, random }: TurnContext, deadEnd: SyntheticDeadEnd): string[] {
  const first = builder.toolRound(random.pick(BEFORE_CALL), [deadEnd.call]);
  builder.add('assistant', `That failed with: ${deadEnd.signature}. It may be transient, so I'll retry once.`);
  const second = builder.toolRound('Retrying the same call.', [deadEnd.call]);
  builder.add('assistant', 'Same error again. I\'ll leave this for now and come back to it.');
  return [...first.resultIds, ...second.resultIds];
}

/**
 * The same dead end met again later: the exact call fails again, then the call trivially
 * reformatted too; sometimes a changed call works. Returns the failed result ids. @internal
 */
export function deadEndRepeatTurn({ builder, random }: TurnContext, deadEnd: SyntheticDeadEnd): string[] {
  const repeat = builder.toolRound('Let me try that call again.', [deadEnd.call]);
  builder.add('assistant', 'Same error. Maybe the formatting was off; sending it once more, cleaned up.');
  const reformatted = builder.toolRound('Retrying with the arguments reformatted.', [nearIdenticalCall(deadEnd.call)]);
  if (random.chance(0.6)) {
    builder.add('assistant', 'Still the same error. Changing the call instead of repeating it.');
    builder.toolRound(random.pick(BEFORE_CALL), [deadEnd.fix]);
    builder.add('assistant', 'That worked.');
  } else {
    builder.add('assistant', 'Still the same error; this is a dead end without help from someone with access.');
  }
  return [...repeat.resultIds, ...reformatted.resultIds];
}
