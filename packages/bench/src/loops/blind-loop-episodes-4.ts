import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { buildCoderCallLoop4, CODER_CALL_LOOP_KINDS_4, type CoderCallLoopKind4 } from './blind-set-4/coder-call-loops.js';
import { buildCoderCallWork4, CODER_CALL_WORK_KINDS_4, type CoderCallWorkKind4 } from './blind-set-4/coder-call-work.js';
import { buildCoderFlowWork4, CODER_FLOW_WORK_KINDS_4, type CoderFlowWorkKind4 } from './blind-set-4/coder-flow-work.js';
import { buildCoderTalkLoop4, CODER_TALK_LOOP_KINDS_4, type CoderTalkLoopKind4 } from './blind-set-4/coder-talk-loops.js';
import { EpisodeWriter4, type BuiltEpisode4 } from './blind-set-4/episode-writer.js';
import { buildServiceCallLoop4, SERVICE_CALL_LOOP_KINDS_4, type ServiceCallLoopKind4 } from './blind-set-4/service-call-loops.js';
import { buildServiceCallWork4, SERVICE_CALL_WORK_KINDS_4, type ServiceCallWorkKind4 } from './blind-set-4/service-call-work.js';
import { buildServiceTalkLoop4, SERVICE_TALK_LOOP_KINDS_4, type ServiceTalkLoopKind4 } from './blind-set-4/service-talk-loops.js';
import { buildServiceTalkWork4, SERVICE_TALK_WORK_KINDS_4, type ServiceTalkWorkKind4 } from './blind-set-4/service-talk-work.js';

/** What an episode of the fourth blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind4 =
  | ServiceCallLoopKind4
  | ServiceTalkLoopKind4
  | ServiceCallWorkKind4
  | ServiceTalkWorkKind4
  | CoderCallLoopKind4
  | CoderTalkLoopKind4
  | CoderCallWorkKind4
  | CoderFlowWorkKind4;

/**
 * One episode of the fourth blind set, in the third set's shape (id, kind, label, borderline,
 * note, repeats, evidence ids, messages). `borderline` marks both sides: a loop of exactly 3
 * repeats or of the version-asked-many-ways kind, and the non-loops that look most like loops
 * (the user still looking, three format slips).
 */
export interface BlindLoopEpisode4 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind4;
  /** How many times the looping thing occurs (3 … 7; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
}

/** Every kind of the fourth blind set: customer service (loops, non-loops), then coding agents (loops, non-loops). */
export const BLIND_LOOP_KINDS_4: readonly BlindLoopEpisodeKind4[] = [
  ...SERVICE_CALL_LOOP_KINDS_4,
  ...SERVICE_TALK_LOOP_KINDS_4,
  ...SERVICE_CALL_WORK_KINDS_4,
  ...SERVICE_TALK_WORK_KINDS_4,
  ...CODER_CALL_LOOP_KINDS_4,
  ...CODER_TALK_LOOP_KINDS_4,
  ...CODER_CALL_WORK_KINDS_4,
  ...CODER_FLOW_WORK_KINDS_4,
];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_4 = 3;

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind4, log: EpisodeWriter4, seed: number, tier: number): BuiltEpisode4 {
  const random = createSeededRandom(seed);
  if (isOf(SERVICE_CALL_LOOP_KINDS_4, kind)) return buildServiceCallLoop4(kind, log, random, tier);
  if (isOf(SERVICE_TALK_LOOP_KINDS_4, kind)) return buildServiceTalkLoop4(kind, log, random, tier);
  if (isOf(SERVICE_CALL_WORK_KINDS_4, kind)) return buildServiceCallWork4(kind, log, random, tier);
  if (isOf(SERVICE_TALK_WORK_KINDS_4, kind)) return buildServiceTalkWork4(kind, log, random, tier);
  if (isOf(CODER_CALL_LOOP_KINDS_4, kind)) return buildCoderCallLoop4(kind, log, random, tier);
  if (isOf(CODER_TALK_LOOP_KINDS_4, kind)) return buildCoderTalkLoop4(kind, log, random, tier);
  if (isOf(CODER_CALL_WORK_KINDS_4, kind)) return buildCoderCallWork4(kind, log, random, tier);
  return buildCoderFlowWork4(kind as CoderFlowWorkKind4, log, random, tier);
}

/**
 * One episode of the fourth blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts or tuning sets, and never ran a detector over it. Half tau-bench
 * style (an airline desk and a retail desk with tool calls and a simulated user), half coding
 * agents (SWE-agent / CodeR commands, a JSON editor tool, role hand-offs). Loops: a ticket
 * bouncing between two desks, one help-centre question reworded with no results, a seat map
 * re-read amid unrelated chatter, a refund re-queued into the same failure, a date of birth
 * demanded in a format after it was given in words, one refusal restated in Spanish, an editor
 * view with reordered JSON keys, a Programmer/Tester hand-off bounce, a config flag toggled,
 * `git status`/`git diff` re-checked, a package version asked many ways, a plan restated without
 * a command. Non-loops: hand-off chains, converging searches, retries after a new payment
 * method, a seat map that sells out, reordered keys over different orders, a one-time-code
 * protocol, a Spanish order sweep, a user still looking, re-reads after writes, hand-offs after
 * fixes, diffs after edits, a diagnostic toggle, views reading forward, a version upgrade, format
 * slips with recovery, a Spanish coding session, submits after cleanup, backports. Labels by
 * construction (see `blind-set-4/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_4.length × BLIND_EPISODES_PER_KIND_4 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label.
 */
export function blindLoopEpisode4(index: number): BlindLoopEpisode4 {
  const kind = BLIND_LOOP_KINDS_4[index % BLIND_LOOP_KINDS_4.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_4.length) % 3;
  const id = `blind4-${index}`;
  const log = new EpisodeWriter4(id);
  const built = build(kind, log, index * 7_919 + 4_409, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  return { id, kind, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole fourth blind set: every kind `BLIND_EPISODES_PER_KIND_4` times (90 episodes, 36 of
 * them loops; 14 loops and 5 non-loops borderline).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes4(): BlindLoopEpisode4[] {
  return Array.from({ length: BLIND_LOOP_KINDS_4.length * BLIND_EPISODES_PER_KIND_4 }, (_, index) => blindLoopEpisode4(index));
}
