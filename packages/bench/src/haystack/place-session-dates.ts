import type { CairnMessage } from '@cairn/core';
import type { ConversationSession } from './split-sessions.js';

/** A session of the haystack in its final place: the target's own, or a distractor to be dated. */
export interface PlacedSession {
  session: ConversationSession;
  /** True for the target conversation's sessions, whose timestamps are kept. */
  target: boolean;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const firstTime = (messages: readonly CairnMessage[]): number | undefined => messages.find((message) => message.timestamp !== undefined)?.timestamp;
const lastTime = (messages: readonly CairnMessage[]): number | undefined => messages.findLast((message) => message.timestamp !== undefined)?.timestamp;

/** The target's mean gap between session starts, in whole minutes (one day when it has a single session). */
function meanGap(starts: readonly number[]): number {
  return starts.length > 1 ? Math.max(MINUTE, Math.round((starts.at(-1)! - starts[0]!) / (starts.length - 1) / MINUTE) * MINUTE) : DAY;
}

/** Moves one distractor session to start at `start`, keeping its messages' offsets, none later than `cap`. */
function redate(messages: readonly CairnMessage[], start: number, cap: number): CairnMessage[] {
  const origin = firstTime(messages);
  return messages.map((message) => {
    const offset = origin === undefined || message.timestamp === undefined ? 0 : Math.max(0, message.timestamp - origin);
    return { ...message, timestamp: Math.min(start + offset, cap) };
  });
}

/**
 * Dates the distractor sessions of a haystack inside the target's timeline; the target's sessions
 * keep their timestamps. The `k` distractor sessions between two target sessions get start times
 * evenly spaced (whole minutes) between the end of the one before and the start of the one after;
 * those before the first target session fall in the target's mean gap between sessions before it,
 * those after the last in the mean gap after it. Each distractor session keeps its messages'
 * offsets from its own start, capped at the next session's start, so timestamps never go back.
 * When a target session has no timestamp, distractors lose theirs (nothing to place them in).
 *
 * @param placed - The haystack's sessions, in their final order.
 * @returns The messages of each session, in the same order, distractors re-dated.
 */
export function placeSessionDates(placed: readonly PlacedSession[]): CairnMessage[][] {
  const targets = placed.filter((entry) => entry.target).map((entry) => entry.session.messages);
  const starts = targets.map(firstTime);
  const ends = targets.map(lastTime);
  if (targets.length === 0 || starts.some((start) => start === undefined)) {
    return placed.map(({ session, target }) => (target ? [...session.messages] : session.messages.map(({ timestamp: _dropped, ...message }) => message)));
  }
  const gap = meanGap(starts as number[]);
  const result: CairnMessage[][] = [];
  let seenTargets = 0;
  for (let index = 0; index < placed.length; ) {
    if (placed[index]!.target) {
      result.push([...placed[index]!.session.messages]);
      seenTargets += 1;
      index += 1;
      continue;
    }
    let end = index;
    while (end < placed.length && !placed[end]!.target) end += 1;
    const low = seenTargets === 0 ? starts[0]! - gap : ends[seenTargets - 1]!;
    const high = Math.max(low, seenTargets === targets.length ? ends.at(-1)! + gap : starts[seenTargets]!);
    const count = end - index;
    const sessionStarts = Array.from({ length: count }, (_, position) => low + Math.floor(((position + 1) * (high - low)) / (count + 1) / MINUTE) * MINUTE);
    for (let position = 0; position < count; position += 1) {
      result.push(redate(placed[index + position]!.session.messages, sessionStarts[position]!, sessionStarts[position + 1] ?? high));
    }
    index = end;
  }
  return result;
}
