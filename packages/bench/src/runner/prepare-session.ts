import { type CairnMessage, countMessageTokens, type TokenCounter } from '@cairn/core';
import { type DeadEndCheck, findDeadEndChecks } from '../metrics/dead-end-checks.js';
import type { BenchmarkProbe, BenchmarkSession } from './benchmark-types.js';
import { findTurnPoints } from './find-turn-points.js';
import { sampleTurnPoints } from './sample-turn-points.js';

/** A point of the replay: after `index` messages, a turn view and/or probe views are assembled. */
export interface Checkpoint {
  /** Messages ingested before the views of this point. */
  index: number;
  /** Position among all turn points when a turn view is assembled here. */
  turnPosition?: number;
  /** Probes asked here. */
  probes: readonly BenchmarkProbe[];
  /** Dead-end checks made on this point's turn view. */
  deadEnds: readonly DeadEndCheck[];
}

/** A session with what every strategy's replay of it shares: checkpoints and token counts. */
export interface PreparedSession {
  session: BenchmarkSession;
  checkpoints: readonly Checkpoint[];
  /** `cumulativeTokens[i]`: tokens of the first `i` messages (what `full` would send). */
  cumulativeTokens: readonly number[];
  messageById: ReadonlyMap<string, CairnMessage>;
}

/**
 * Plans a session's replay once for all strategies and budgets: samples at most ~`maxTurns` turns
 * (always keeping the turns right before repeated failed calls), places the probes, and counts
 * the history's tokens.
 *
 * @param session - The session.
 * @param counter - The benchmark's token counter.
 * @param maxTurns - Cap on sampled turns. @default 60
 * @returns The prepared session.
 */
export function prepareSession(session: BenchmarkSession, counter: TokenCounter, maxTurns = 60): PreparedSession {
  const { messages } = session;
  const cumulativeTokens = [0];
  for (const message of messages) cumulativeTokens.push(cumulativeTokens.at(-1)! + countMessageTokens(message, counter));
  const byIndex = new Map<number, { turnPosition?: number; probes: BenchmarkProbe[]; deadEnds: DeadEndCheck[] }>();
  const at = (index: number) => {
    let checkpoint = byIndex.get(index);
    if (!checkpoint) byIndex.set(index, (checkpoint = { probes: [], deadEnds: [] }));
    return checkpoint;
  };
  if (session.replay === 'agent') {
    const turnPoints = findTurnPoints(messages);
    const positions = new Map(turnPoints.map((point, position) => [point, position]));
    const deadEnds = findDeadEndChecks(messages);
    for (const point of sampleTurnPoints({ turnPoints, maxTurns, required: deadEnds.map((check) => check.messageIndex) })) {
      at(point).turnPosition = positions.get(point)!;
    }
    for (const check of deadEnds) at(check.messageIndex).deadEnds.push(check);
  }
  for (const probe of session.probes) at(Math.min(probe.atMessageIndex, messages.length)).probes.push(probe);
  const checkpoints = [...byIndex].sort((left, right) => left[0] - right[0]).map(([index, checkpoint]) => ({ index, ...checkpoint }));
  return { session, checkpoints, cumulativeTokens, messageById: new Map(messages.map((message) => [message.id, message])) };
}
