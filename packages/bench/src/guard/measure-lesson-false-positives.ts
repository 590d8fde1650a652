import { type CairnMessage, createContextEngine, createLexicalVectoriser, DeadEndTracker } from '@cairn/core';
import type { BenchmarkSession } from '../runner/benchmark-types.js';

/** What {@link measureLessonFalsePositives} counts over conversations without failures. */
export interface LessonFalsePositives {
  sessions: number;
  /** Question views: one per probe, asked after the whole conversation. */
  views: number;
  /** Of those, views whose registry held a dead end (so the view carried a "known dead ends" brief). */
  viewsWithLessons: number;
  /** Of those, measured through the engine (default options): views with the `cairn:dead-ends` message. Only with `engine: true`. */
  engineViewsWithLessons?: number;
  /** Every point of the conversation (after each message). */
  points: number;
  /** Of those, points where the registry held a dead end. */
  pointsWithLessons: number;
  userMessages: number;
  /** User messages read as corrections. */
  corrections: number;
}

/** Options of {@link measureLessonFalsePositives}. */
export interface MeasureLessonFalsePositivesOptions {
  /** `false`: the tracker as it was before failure classes (any correcting phrase counts). @default true */
  failureClasses?: boolean;
  /** Swap the user and assistant roles (LoCoMo's two speakers are interchangeable). @default false */
  swapRoles?: boolean;
  /** Also assemble each question view through a default engine at `budgetShare` of the history. @default false */
  engine?: boolean;
  /** @default 0.1 */
  budgetShare?: number;
}

function swap(message: CairnMessage): CairnMessage {
  if (message.role === 'user') return { ...message, role: 'assistant' };
  if (message.role === 'assistant' && (message.toolCalls?.length ?? 0) === 0) return { ...message, role: 'user' };
  return message;
}

/**
 * Lessons where there were no failures: replays conversations (LoCoMo: two people talking, no
 * tools, nobody correcting an agent) through the dead-end tracker and counts the question views
 * and conversation points whose registry holds a dead end (a correction read from an ordinary
 * reply, which the view would show as a brief), and the user messages read as corrections.
 *
 * @param sessions - Conversations with probes.
 * @param options - Tracker mode, role swap, engine check.
 * @returns The counts.
 *
 * @example
 * ```ts
 * const today = measureLessonFalsePositives(locomo.sessions, { failureClasses: false });
 * ```
 */
export function measureLessonFalsePositives(sessions: readonly BenchmarkSession[], { failureClasses, swapRoles = false, engine = false, budgetShare = 0.1 }: MeasureLessonFalsePositivesOptions = {}): LessonFalsePositives {
  const result: LessonFalsePositives = { sessions: sessions.length, views: 0, viewsWithLessons: 0, ...(engine ? { engineViewsWithLessons: 0 } : {}), points: 0, pointsWithLessons: 0, userMessages: 0, corrections: 0 };
  for (const session of sessions) {
    const messages = swapRoles ? session.messages.map(swap) : session.messages;
    const tracker = new DeadEndTracker({ sessionId: session.id, now: () => 0, vectorise: createLexicalVectoriser().vector, ...(failureClasses === undefined ? {} : { failureClasses }) });
    let known = 0;
    for (const message of messages) {
      tracker.observe(message);
      const count = tracker.list().length;
      if (message.role === 'user') {
        result.userMessages++;
        if (count > known) result.corrections++;
      }
      known = count;
      result.points++;
      if (count > 0) result.pointsWithLessons++;
    }
    result.views += session.probes.length;
    if (known > 0) result.viewsWithLessons += session.probes.length;
    if (engine && session.probes.length > 0) {
      const contextEngine = createContextEngine({ sessionId: session.id });
      contextEngine.ingest(messages);
      const historyTokens = contextEngine.assemble({ budget: 10_000_000 }).metadata.tokens;
      const budget = Math.max(256, Math.floor(historyTokens * budgetShare));
      for (const probe of session.probes) {
        const view = contextEngine.assemble({ query: probe.question, budget });
        if (view.messages.some((message) => message.id === 'cairn:dead-ends')) result.engineViewsWithLessons!++;
      }
    }
  }
  return result;
}
