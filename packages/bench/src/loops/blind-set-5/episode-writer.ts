import type { CairnMessage } from '@cairn/core';
import type { SeededRandom } from '../../seeded-random.js';

/**
 * Writes the messages of one episode of the fifth blind set in the shared runs' shape: an
 * assistant message with one tool call is followed at once by that call's result; a plain reply
 * may be followed by the next user turn. Ids are `prefix.N.x`, unique across the set because the
 * prefix is the episode id. Each writing method returns the id of the assistant message it wrote.
 */
export class EpisodeWriter5 {
  readonly messages: CairnMessage[] = [];
  private step = 0;

  constructor(private readonly prefix: string) {}

  /** The system prompt. */
  system(content: string): void {
    this.messages.push({ id: `${this.prefix}.${this.step++}.s`, role: 'system', content });
  }

  /** A user turn (the simulated customer, or a coding agent's environment); returns its id. */
  user(content: string, name = 'customer'): string {
    const id = `${this.prefix}.${this.step++}.u`;
    this.messages.push({ id, role: 'user', name, content });
    return id;
  }

  /** A plain assistant reply, then (when given) the customer's answer; returns the reply's id. */
  say(content: string, answer?: string): string {
    const id = `${this.prefix}.${this.step++}.a`;
    this.messages.push({ id, role: 'assistant', content });
    if (answer !== undefined) this.user(answer);
    return id;
  }

  /** An assistant message with one tool call (and optional text), then its result; returns the call message's id. */
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
export interface BuiltEpisode5 {
  /** How many times the looping thing occurs (rounds, for a cycle); 0 for a non-loop. */
  repeats: number;
  /** Why the episode has its label, in one or two sentences. */
  note: string;
  /** For a loop, the assistant message of each repetition (first of each round); for a non-loop, the look-alikes. */
  evidenceIds: string[];
  /** Set by kinds that are borderline at every length (see the README); otherwise a loop is borderline at exactly 3 repeats. */
  borderline?: boolean;
}

/** How many times a loop of the given tier repeats: tier 0 → 3 (the rule's minimum), 1 → 4, 2 → 5 … `longest` (drawn). */
export function loopRepeats5(tier: number, random: SeededRandom, longest = 7): number {
  if (tier % 3 === 0) return 3;
  if (tier % 3 === 1) return 4;
  return random.int(5, longest);
}

/** How many look-alikes a non-loop of the given tier has: 3, 4, or 3 … 5 (drawn). */
export function workCount5(tier: number, random: SeededRandom): number {
  if (tier % 3 === 0) return 3;
  if (tier % 3 === 1) return 4;
  return random.int(3, 5);
}
