import { SameCallReruns } from './same-call-reruns.js';
import { NoNewsStreak } from './no-news-streak.js';
import { SteadyRepeats } from './steady-repeats.js';
import { SameStateReached } from './same-state-reached.js';
import { RespelledReads } from './respelled-reads.js';
import { MIN_OUTPUT_TERMS } from './detect-restatement-loop.js';
import { jaccard } from './near-repeat-features.js';
import { samePlace } from './changed-again.js';
import type { Chain, OutputGroup } from './stall-state-types.js';

/** What the stall detector's window has seen so far: terms, values, outputs, and the reply chain under way. @internal */
export class StallState {
  terms = new Set<string>();
  values = new Set<string>();
  /** Terms said in replies: a user's term none of them said is something the agent has not taken up yet. */
  replied = new Set<string>();
  /** Outputs seen (their terms): one like none of them is news. */
  outputs: (readonly string[])[] = [];
  shortOutputs = new Set<string>();
  changes = new Set<string>();
  chain: Chain | undefined;
  /** A new output was seen since the latest reply (the agent learnt something it may now report). */
  learnt = false;
  /** The user answered since the latest reply (named a value, said yes). */
  userAnswered = false;
  /** The user asked something since the latest reply. */
  userAsked = false;
  /** The latest reply asked something (a question, a request, an offer): a yes answers only that. */
  replyAsked = true;
  /** A reply asked the user something (a question mark, a request) the user has not answered yet (no value, no yes since): the agent waits for them. */
  awaiting = false;
  /** The latest reply asked a yes-or-no question (a question mark and no request for details, or an offer: "shall I publish?"): a bare yes answers it whole. */
  replyYesNo = false;
  /** The user's answer since the latest reply was a yes alone (no value named). */
  yesOnly = false;
  /** The value keys the latest reply named (what a yes to it confirmed). */
  replyValues: ReadonlySet<string> = new Set();
  /** Terms the user said since the latest reply that no reply has said. */
  userTerms = new Set<string>();
  /** The run of the same output read back to back (another output of `MIN_OUTPUT_TERMS` terms ends it). */
  run: OutputGroup | undefined;
  /** Each call's answers since the latest change: the same call answered alike again and again. */
  reruns = new SameCallReruns();
  /** Each call's exact repeats since the latest change, read with volatile tokens masked (as the exact detector counts: a change that made no difference still starts them afresh). */
  repeats = new SteadyRepeats();
  /** Observations in a row that told nothing new (not restored when a change turns out to make no difference: a change is no observation). */
  readonly streak = new NoNewsStreak();
  /** One long outcome reached again through calls of other tools (loops16). */
  readonly reached = new SameStateReached();
  /** One target read again under other spellings, answered alike (loops18). */
  readonly respelled = new RespelledReads();

  /** A new successful change of state: what repeated before it may now turn out differently. */
  reset(): void {
    this.outputs = [];
    this.shortOutputs = new Set();
    this.chain = undefined;
    this.run = undefined;
    this.reruns = new SameCallReruns();
    this.repeats = new SteadyRepeats();
    this.streak.clear();
    this.reached.clear();
    this.respelled.clear();
    this.learnt = true;
  }

  know(terms: readonly string[], values: readonly string[]): void {
    for (const term of terms) this.terms.add(term);
    for (const value of values) this.values.add(value);
  }

  /** Counts a tool output; returns the group it joined (or started). */
  see(terms: readonly string[], hash: string, callHash: string, toolName: string, places: readonly number[], at: number, id: string, similarity: number): OutputGroup | undefined {
    if (terms.length < MIN_OUTPUT_TERMS) {
      // A short output is news unless the same tool gave it before (`[]` from a one-stop search
      // after a direct one answers another question; `300.0` from another expression does not).
      const key = `${toolName}:${hash}`;
      if (!this.shortOutputs.has(key)) this.learnt = true;
      this.shortOutputs.add(key);
      return undefined;
    }
    // The very call of the run asked again and answered otherwise (a status, a percentage moved
    // on): the world changed between two identical asks — a poll, not the same output.
    const run = this.run;
    const polled = run !== undefined && (run.answers.get(callHash) ?? hash) !== hash;
    if (polled || !this.outputs.some((known) => jaccard(known, terms) >= similarity)) this.learnt = true;
    this.outputs.push(terms);
    if (run && !polled && jaccard(run.terms, terms) >= similarity && run.places.every((known) => samePlace(known, places))) {
      if (run.at !== at) {
        run.count++;
        run.at = at;
        run.lastId = id;
        run.places.push(places);
      }
      run.answers.set(callHash, hash);
      return run;
    }
    this.run = { terms, hash, toolName, answers: new Map([[callHash, hash]]), places: [places], count: 1, at, lastId: id };
    return this.run;
  }
}
