import type { CairnMessage } from '@cairn/core';
import type { SeededRandom } from '../../seeded-random.js';

/**
 * Writes the messages of one episode of the third blind set in the shared runs' shape: an
 * assistant message with one tool call is followed at once by that call's result; a plain
 * assistant reply may be followed by the user's next turn. Message ids are `prefix.N.x`, unique
 * within the episode (and across the set, since the prefix is the episode id). Every writing
 * method returns the id of the message it wrote (the assistant's, for a call or a reply), so a
 * builder can name the messages that carry its label.
 */
export class EpisodeWriter3 {
  readonly messages: CairnMessage[] = [];
  private step = 0;

  constructor(private readonly prefix: string) {}

  /** The system prompt. */
  system(content: string): void {
    this.messages.push({ id: `${this.prefix}.${this.step++}.s`, role: 'system', content });
  }

  /** A turn of the simulated user; returns its id. */
  user(content: string): string {
    const id = `${this.prefix}.${this.step++}.u`;
    this.messages.push({ id, role: 'user', name: 'simulated_user', content });
    return id;
  }

  /** A plain assistant reply, then (when given) the user's answer; returns the reply's id. */
  say(content: string, answer?: string): string {
    const id = `${this.prefix}.${this.step++}.a`;
    this.messages.push({ id, role: 'assistant', content });
    if (answer !== undefined) this.user(answer);
    return id;
  }

  /** An assistant message carrying one tool call (and optional text), then its result; returns the call message's id. */
  call(name: string, args: Record<string, unknown>, result: string, options: { text?: string; isError?: boolean } = {}): string {
    const step = this.step++;
    const id = `${this.prefix}.${step}.a`;
    const callId = `${this.prefix}.${step}.c`;
    this.messages.push({ id, role: 'assistant', content: options.text ?? '', toolCalls: [{ id: callId, name, arguments: args }] });
    this.messages.push({ id: `${this.prefix}.${step}.t`, role: 'tool', name, toolCallId: callId, content: result, ...(options.isError === true ? { isError: true } : {}) });
    return id;
  }
}

/** What a family builder reports besides the messages it wrote. */
export interface BuiltEpisode3 {
  /** How many times the looping thing occurs (rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** Why the episode has its label, in one or two sentences. */
  note: string;
  /**
   * For a loop: the assistant message of each repetition (the first message of each round, for a
   * cycle). For a non-loop: the look-alike messages a careless reader could count as a loop.
   */
  evidenceIds: string[];
  /** Set by kinds that are borderline whatever their length (see the README); otherwise a loop is borderline when it repeats exactly 3 times. */
  borderline?: boolean;
}

/**
 * How many times a loop of the given tier repeats: tier 0 → 3 (the rule's minimum), tier 1 → 4,
 * tier 2 → 5 … `longest` (drawn).
 */
export function loopRepeats(tier: number, random: SeededRandom, longest = 8): number {
  if (tier % 3 === 0) return 3;
  if (tier % 3 === 1) return 4;
  return random.int(5, longest);
}

/**
 * The `count` first items of `pool`, starting at a drawn offset and wrapping: distinct items as
 * long as `count` ≤ `pool.length`.
 */
export function takeDistinct<T>(pool: readonly T[], count: number, random: SeededRandom): T[] {
  const start = random.int(0, pool.length - 1);
  return Array.from({ length: count }, (_, index) => pool[(start + index) % pool.length]!);
}
