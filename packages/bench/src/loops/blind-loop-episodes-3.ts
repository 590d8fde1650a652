import { createSeededRandom } from '../seeded-random.js';
import type { BlindLoopEpisode } from './blind-restatement-episodes.js';
import { buildCoderNavLoop, CODER_NAV_LOOP_KINDS, type CoderNavLoopKind } from './blind-set-3/coder-nav-loops.js';
import { buildCoderNavWork, CODER_NAV_WORK_KINDS, type CoderNavWorkKind } from './blind-set-3/coder-nav-work.js';
import { buildCoderRunLoop, CODER_RUN_LOOP_KINDS, type CoderRunLoopKind } from './blind-set-3/coder-run-loops.js';
import { buildCoderRunWork, CODER_RUN_WORK_KINDS, type CoderRunWorkKind } from './blind-set-3/coder-run-work.js';
import { EpisodeWriter3, type BuiltEpisode3 } from './blind-set-3/episode-writer.js';
import { buildServiceCallLoop, SERVICE_CALL_LOOP_KINDS, type ServiceCallLoopKind } from './blind-set-3/service-call-loops.js';
import { buildServiceCallWork, SERVICE_CALL_WORK_KINDS, type ServiceCallWorkKind } from './blind-set-3/service-call-work.js';
import { buildServiceTalkLoop, SERVICE_TALK_LOOP_KINDS, type ServiceTalkLoopKind } from './blind-set-3/service-talk-loops.js';
import { buildServiceTalkWork, SERVICE_TALK_WORK_KINDS, type ServiceTalkWorkKind } from './blind-set-3/service-talk-work.js';

/** What an episode of the third blind set plants: `loop:*` kinds loop, `work:*` kinds are hard non-loops. */
export type BlindLoopEpisodeKind3 = ServiceCallLoopKind | ServiceTalkLoopKind | ServiceCallWorkKind | ServiceTalkWorkKind | CoderRunLoopKind | CoderNavLoopKind | CoderRunWorkKind | CoderNavWorkKind;

/**
 * One episode of the third blind set: the earlier sets' shape (id, kind, label, borderline, note,
 * messages, repeats, evidence ids). `borderline` marks both sides here: a loop at the rule's
 * minimum (exactly 3 repeats) or of a no-progress kind without identical calls, and a non-loop
 * that looks most like one (an identical action twice, a user-driven A→B→A cycle, a deliberate
 * re-run).
 */
export interface BlindLoopEpisode3 extends Omit<BlindLoopEpisode, 'kind'> {
  kind: BlindLoopEpisodeKind3;
  /** How many times the looping thing occurs (3 … 8 for a loop; rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** For a loop, the assistant message of each repetition (of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
}

/** Every kind of the third blind set: customer service (loops, non-loops), then CodeR (loops, non-loops). */
export const BLIND_LOOP_KINDS_3: readonly BlindLoopEpisodeKind3[] = [
  ...SERVICE_CALL_LOOP_KINDS,
  ...SERVICE_TALK_LOOP_KINDS,
  ...SERVICE_CALL_WORK_KINDS,
  ...SERVICE_TALK_WORK_KINDS,
  ...CODER_RUN_LOOP_KINDS,
  ...CODER_NAV_LOOP_KINDS,
  ...CODER_RUN_WORK_KINDS,
  ...CODER_NAV_WORK_KINDS,
];

/** How many episodes each kind gets (a loop kind's three are 3, 4 and 5 or more repeats long). */
export const BLIND_EPISODES_PER_KIND_3 = 3;

const isOf = <T extends string>(kinds: readonly T[], kind: string): kind is T => (kinds as readonly string[]).includes(kind);

function build(kind: BlindLoopEpisodeKind3, log: EpisodeWriter3, seed: number, tier: number): BuiltEpisode3 {
  const random = createSeededRandom(seed);
  if (isOf(SERVICE_CALL_LOOP_KINDS, kind)) return buildServiceCallLoop(kind, log, random, tier);
  if (isOf(SERVICE_TALK_LOOP_KINDS, kind)) return buildServiceTalkLoop(kind, log, random, tier);
  if (isOf(SERVICE_CALL_WORK_KINDS, kind)) return buildServiceCallWork(kind, log, random);
  if (isOf(SERVICE_TALK_WORK_KINDS, kind)) return buildServiceTalkWork(kind, log, random);
  if (isOf(CODER_RUN_LOOP_KINDS, kind)) return buildCoderRunLoop(kind, log, random, tier);
  if (isOf(CODER_NAV_LOOP_KINDS, kind)) return buildCoderNavLoop(kind, log, random, tier);
  if (isOf(CODER_RUN_WORK_KINDS, kind)) return buildCoderRunWork(kind, log, random);
  return buildCoderNavWork(kind as CoderNavWorkKind, log, random);
}

/**
 * One episode of the third blind loop set (issue 16), written by a helper who never opened the
 * loop detectors, their scripts or their tuning sets, and never ran a detector over it. Half
 * tau-bench style (airline and retail customer service with tool calls and a simulated user),
 * half CodeR style (SWE-agent commands of a Programmer, Reproducer, Debugger, Tester or Manager).
 * Loops: a status polled while it never changes (only a timestamp moves), a cursor re-requested
 * instead of followed, a transfer retried into the same refusal, the same three records re-fetched
 * in a cycle, an answered question re-asked, apologies and promises without the action, "yes"
 * re-asked after every yes, a write flipped between two states, a reinstall that changes
 * nothing, cosmetic edits before the same failing test, a reproduction re-run with reading but
 * no edit between, an apply/revert cycle, a file re-read pass after pass, a missing file hunted
 * with ever different commands, a Manager re-issuing the same plan. Non-loops: pagination that
 * moves, the same tool over different items, payment fallbacks, an identical lookup only twice,
 * a user who changes the item, a confirmation per write, apologies for new issues, a user who
 * toggles an address, progress reports, escalating offers, a dependency chain, a bisect, a tox
 * matrix, lint rounds, an instrumented reproduction, a deliberate flakiness probe, a re-read then
 * a fix, a narrowing search, a Manager's pipeline, tests run one by one, alternative fixes.
 * Labels by construction (see `blind-set-3/README.md`). Deterministic in `index`.
 *
 * @param index - 0 … `BLIND_LOOP_KINDS_3.length × BLIND_EPISODES_PER_KIND_3 − 1` for the set;
 *   any non-negative integer works (the kind cycles, the tier follows the round).
 * @returns The episode with its label.
 */
export function blindLoopEpisode3(index: number): BlindLoopEpisode3 {
  const kind = BLIND_LOOP_KINDS_3[index % BLIND_LOOP_KINDS_3.length]!;
  const tier = Math.floor(index / BLIND_LOOP_KINDS_3.length) % 3;
  const id = `blind3-${index}`;
  const log = new EpisodeWriter3(id);
  const built = build(kind, log, index * 6_151 + 3_301, tier);
  const loop = kind.startsWith('loop:');
  const borderline = built.borderline === true || (loop && built.repeats === 3);
  return { id, kind, loop, borderline, note: built.note, repeats: built.repeats, evidenceIds: built.evidenceIds, messages: log.messages };
}

/**
 * The whole third blind set: every kind `BLIND_EPISODES_PER_KIND_3` times (108 episodes, 45 of
 * them loops; 17 loops and 12 non-loops borderline).
 *
 * @returns The episodes, by index.
 */
export function blindLoopEpisodes3(): BlindLoopEpisode3[] {
  return Array.from({ length: BLIND_LOOP_KINDS_3.length * BLIND_EPISODES_PER_KIND_3 }, (_, index) => blindLoopEpisode3(index));
}
